// The word bonus of a spaced cryptogram (src/analysis/substitution/words.ts): which runs of letters are whole words,
// the letters of those a key turns into listed words, and the word lists as the solver reads them, by hand.
import { describe, expect, it } from 'vitest';
import { getFoldedModel, getModel } from '../../../src/analysis/language-model/index.js';
import { candidateSymbols, type Tokens, tokenize } from '../../../src/analysis/readings/index.js';
import { frequentWords, wordBonusOf, wordSpans, wordsByLength } from '../../../src/analysis/substitution/words.js';
import { getWordCounts } from '../../../src/analysis/words/index.js';
import { namedAlphabet } from '../../../src/core/index.js';

const basic = namedAlphabet('basic');
const en = getModel('en');
const cand = candidateSymbols(basic, en);
const identity = Int32Array.from({ length: 26 }, (_, i) => i);
/** The identity key with the plain letters of two cipher letters exchanged. */
function swap(x: string, y: string): Int32Array {
  const key = Int32Array.from(identity);
  const i = x.charCodeAt(0) - 97;
  const j = y.charCodeAt(0) - 97;
  [key[i], key[j]] = [j, i];
  return key;
}
/** Tokens written by hand: a break is the model's boundary symbol (−27 for English), a letter its index. */
function handTokens(codes: number[], open: boolean): Tokens {
  return { codes: Int32Array.from(codes), letters: codes.filter((c) => c >= 0).length, joined: false, open };
}

describe('wordSpans: the whole words of a spaced text', () => {
  // [text, spans]; en's boundary is symbol 26 (code −27); digits and apostrophes read as breaks, 'é' as another symbol.
  const cases: [string, [number, number][]][] = [
    [
      'the cat sat',
      [
        [0, 3],
        [4, 7],
      ],
    ], // ends in a letter: "sat" may be cut short, so it is left out
    [
      'the cat sat.',
      [
        [0, 3],
        [4, 7],
        [8, 11],
      ],
    ], // the full stop closes it
    [
      'THE CAT SAT.',
      [
        [0, 3],
        [4, 7],
        [8, 11],
      ],
    ],
    [
      "it's a dog",
      [
        [0, 2],
        [3, 4],
        [5, 6],
      ],
    ],
    [
      'abc-def ghi',
      [
        [0, 3],
        [4, 7],
      ],
    ],
    [
      'xyz 3d q',
      [
        [0, 3],
        [4, 5],
      ],
    ],
    ['one', []],
    ['café bar.', [[5, 8]]], // é is a symbol the key does not move: the list cannot judge "caf"
    ['aéb cat.', [[4, 7]]], // nor the "b" after it, which is no whole word either
  ];
  it.each(cases)('%j → %j', (text, spans) => {
    expect(wordSpans(tokenize(text, basic, en), en)).toEqual(spans);
  });

  it('is empty for letters run together', () => {
    const tokens = tokenize('THECA TSATO NTHEM ATXXX', basic, en);
    expect(tokens.joined).toBe(true);
    expect(wordSpans(tokens, en)).toEqual([]);
  });

  it('closes the last word at the end of a text known to end there, and only then', () => {
    expect(wordSpans(handTokens([0, 1, -27, 2], false), en)).toEqual([
      [0, 2],
      [3, 4],
    ]);
    expect(wordSpans(handTokens([0, 1, -27, 2], true), en)).toEqual([[0, 2]]);
  });

  it('leaves out a word with a fixed symbol at its end, its start or alone', () => {
    expect(wordSpans(handTokens([0, 1, -28, -27, 2, -27], false), en)).toEqual([[4, 5]]);
    expect(wordSpans(handTokens([-28, 0, 1, -27, 2, -27], false), en)).toEqual([[4, 5]]);
    expect(wordSpans(handTokens([-28, -27, 2, -27], false), en)).toEqual([[2, 3]]);
    expect(wordSpans(handTokens([-27, -27, 2, -27], false), en)).toEqual([[2, 3]]);
  });

  it('reads fixed accents in French under A–Z the same way', () => {
    const fr = getModel('fr');
    // "élève été." under the basic alphabet: é and è stay as they are, so neither word can be judged.
    expect(wordSpans(tokenize('élève été.', basic, fr), fr)).toEqual([]);
    expect(wordSpans(tokenize('élève été le.', basic, fr), fr)).toEqual([[10, 12]]);
  });
});

describe('wordBonusOf: a letter for each letter of a whole word decrypted to a listed one', () => {
  const tokens = tokenize('the cat sat.', basic, en);
  const bonus = wordBonusOf(tokens, en, 'en', cand);

  // Listed in English's word list (wamerican and the corpus): the, she, sit, sat, cas; not: cit, cot, sot, tas.
  const keys: [string, Int32Array, number][] = [
    ['the identity key: the cat sat', identity, 9],
    ['a ↔ i: the cit sit', swap('a', 'i'), 6],
    ['a ↔ o: the cot sot', swap('a', 'o'), 3],
    ['t ↔ s: she cas tas', swap('t', 's'), 6],
    ['h ↔ q: tqe cat sat', swap('h', 'q'), 6],
  ];
  it.each(keys)('%s → %d', (_, key, nats) => {
    expect(bonus?.(key)).toBe(nats);
  });

  it('counts a word as often as it stands, and each by its own length', () => {
    const twice = wordBonusOf(tokenize('the the cat.', basic, en), en, 'en', cand);
    expect(twice?.(identity)).toBe(9);
    expect(wordBonusOf(tokenize('a cat.', basic, en), en, 'en', cand)?.(identity)).toBe(4);
  });

  it('reads the plaintext through the candidate symbols, not the cipher letters', () => {
    // A candidate alphabet whose letters stand for the model symbols in reverse: the key's output z is read as a.
    const reversed = Int32Array.from({ length: 26 }, (_, i) => 25 - i);
    const reverseKey = Int32Array.from({ length: 26 }, (_, i) => 25 - i);
    expect(wordBonusOf(tokens, en, 'en', reversed)?.(reverseKey)).toBe(9);
    expect(wordBonusOf(tokens, en, 'en', reversed)?.(identity)).toBe(0);
  });

  it('is null for a text without whole words', () => {
    expect(wordBonusOf(tokenize('THECATSATONTHEMAT', basic, en), en, 'en', cand)).toBeNull();
    expect(wordBonusOf(tokenize('the cat', basic, en), en, 'en', cand)).not.toBeNull();
    expect(wordBonusOf(tokenize('cat', basic, en), en, 'en', cand)).toBeNull();
  });

  it('looks words up as the model spells them: accents kept by the French model, folded by the folded one', () => {
    const fr = getModel('fr');
    const folded = getFoldedModel('fr');
    // "à la." over the French alphabet: à is one of its letters, so the key moves it and "à" is listed.
    const french = namedAlphabet('french');
    const kept = tokenize('à la.', french, fr);
    const frIdentity = Int32Array.from({ length: french.size }, (_, i) => i);
    expect(wordBonusOf(kept, fr, 'fr', candidateSymbols(french, fr))?.(frIdentity)).toBe(3);
    // "a la." through the folded model: both listed ("a" holds "à" folded).
    const plain = tokenize('a la.', basic, folded);
    expect(wordBonusOf(plain, folded, 'fr', candidateSymbols(basic, folded))?.(identity)).toBe(3);
  });
});

describe('wordsByLength: the listed words by length', () => {
  // Built inside each test: built while the tests are collected, it ran under no test, and mutation testing saw none
  // covering its code (four of its mutants survived so).

  it('holds every listed word once, under its length', () => {
    const byLength = wordsByLength('en', en);
    let total = 0;
    const misplaced: string[] = [];
    for (const [length, words] of byLength) {
      misplaced.push(...words.filter((w) => w.length !== length));
      total += words.length;
    }
    expect(misplaced).toEqual([]);
    expect(total).toBe(frequentWords('en', en).length);
    expect(new Set([...byLength.values()].flat()).size).toBe(total);
  });

  it("lists English's one-letter words as its list has them: every letter, and the number mark", () => {
    const byLength = wordsByLength('en', en);
    expect([...(byLength.get(1) ?? [])].sort()).toEqual([...'#abcdefghijklmnopqrstuvwxyz']);
    expect(byLength.get(3)).toContain('the');
  });

  it('is built once for a language and model kind', () => {
    expect(wordsByLength('en', en)).toBe(wordsByLength('en', en));
    expect(wordsByLength('fr', getModel('fr'))).not.toBe(wordsByLength('fr', getFoldedModel('fr')));
  });
});

describe('frequentWords: the listed words, likeliest first', () => {
  it("starts English's list with its commonest words", () => {
    expect(frequentWords('en', en).slice(0, 12)).toEqual([
      'the',
      'to',
      'a',
      'of',
      'and',
      'is',
      'in',
      'you',
      'for',
      'it',
      'that',
      'i',
    ]);
    expect(frequentWords('en', en)).toHaveLength(getWordCounts('en').words.length);
  });

  it('keeps French accents over the French alphabet and folds them, summing the counts, over A–Z', () => {
    const kept = frequentWords('fr', getModel('fr'));
    const folded = frequentWords('fr', getFoldedModel('fr'));
    expect(kept.slice(0, 10)).toEqual(['de', 'la', 'le', 'les', 'l', 'est', 'un', 'd', 'et', 'à']);
    // "a" (2,028 in the counts) and "à" (7,627) are one word once folded: 9,655, ahead of "est" (9,458).
    expect(folded.slice(0, 7)).toEqual(['de', 'la', 'le', 'les', 'l', 'a', 'est']);
    expect(kept).toContain('abandonné');
    expect(kept).toContain('abandonne');
    expect(folded).not.toContain('abandonné');
    expect(folded).toContain('abandonne');
    // "abandonne" gathers "abandonné"'s count too, so it stands earlier in the folded list than either did.
    expect(folded.indexOf('abandonne')).toBeLessThan(Math.min(kept.indexOf('abandonne'), kept.indexOf('abandonné')));
    expect(folded.length).toBeLessThan(kept.length);
    expect(new Set(folded).size).toBe(folded.length);
  });

  it('orders by count, ties aside', () => {
    const w = getWordCounts('en');
    const count = new Map(w.words.map((word, i) => [word, (w.cum[i + 1] as number) - (w.cum[i] as number)]));
    const list = frequentWords('en', en);
    const counts = list.map((word) => count.get(word) as number);
    expect(counts.filter((c, i) => i > 0 && c > (counts[i - 1] as number))).toEqual([]);
    expect(counts[0]).toBeGreaterThan(counts[counts.length - 1] as number);
  });

  it('is built once for a language and model kind', () => {
    expect(frequentWords('en', en)).toBe(frequentWords('en', en));
  });
});
