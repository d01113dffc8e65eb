// The word bonus's values worked from its definition: the mixture ln(1 − λ + λ·P_word/P_char), marks, pairs, ids.
import { describe, expect, it } from 'vitest';
import { getModel } from '../../../src/analysis/index.js';
import { WordBonus } from '../../../src/analysis/vigenere/word-bonus.js';
import {
  CASE_CAPITAL,
  CASE_CLASSES,
  CASE_LOWER,
  CASE_NONE,
  CASE_UPPER,
  followerProbability,
  getWordCounts,
  getWordPairs,
  JOIN_STATES,
} from '../../../src/analysis/words/index.js';

const model = getModel('en');
const ngrams = model.spaced;
const counts = getWordCounts('en');
const S = model.symbolCount;
// λ away from one half, so that λ and 1 − λ cannot be mistaken for each other.
const LAMBDA = 0.3;

const symbolsOf = (word: string): Int32Array =>
  Int32Array.from([...word], (ch) => model.symbolOf(ch.codePointAt(0) as number));

/** ln P_char(word): the spaced model from a context of word boundaries, then the boundary after unless cut. */
function charLogProb(word: string, cut: boolean): number {
  const history: number[] = Array.from({ length: ngrams.order - 1 }, () => model.boundary);
  const contextOf = (): number => history.reduce((n, s) => n * S + s, 0);
  let lp = 0;
  for (const s of [...symbolsOf(word), ...(cut ? [] : [model.boundary])]) {
    lp += ngrams.logProb(contextOf(), s);
    history.shift();
    history.push(s);
  }
  return lp;
}

/** How often the listed words starting with p (or, unless cut, p alone) were seen, found by reading the list. */
function listedCount(word: string, cut: boolean): number {
  let n = 0;
  counts.words.forEach((w, i) => {
    if (cut ? w.startsWith(word) : w === word) n += (counts.cum[i + 1] as number) - (counts.cum[i] as number);
  });
  return n;
}

const idOf = (bonus: WordBonus, word: string, cut = false): number => {
  const s = symbolsOf(word);
  return bonus.wordId(s, 0, s.length, cut);
};

const mixture = (pWord: number, lpChar: number): number => Math.log(1 - LAMBDA + (LAMBDA * pWord) / Math.exp(lpChar));

const expectedAlone = (word: string, cut: boolean): number => {
  const n = listedCount(word, cut);
  return n === 0 ? Math.log(1 - LAMBDA) : mixture(n / counts.tokens, charLogProb(word, cut));
};

const listedIndex = (word: string): number => {
  const i = counts.index.get(word);
  if (i === undefined) throw new Error(`${word} is not listed`);
  return i;
};

/** Words the list holds, of every length up to 14 letters, so that both kinds of memo are read. */
const LISTED = ['a', 'the', 'of', 'ground', 'between', 'difference', 'information', 'configuration'];
// Longer than exact (52 bits of the symbols read in base S + 1, less one) words are kept by spelling.
const EXACT = Math.floor(52 / Math.log2(S + 1)) - 1;

describe('WordBonus values (the definition written out)', () => {
  it('the list holds the words of the table, on both sides of the longest word kept as a number', () => {
    for (const w of LISTED) expect(counts.index.has(w), w).toBe(true);
    expect(LISTED.some((w) => w.length <= EXACT)).toBe(true);
    expect(LISTED.some((w) => w.length > EXACT)).toBe(true);
  });

  it.each(LISTED)('scores listed word %j as ln(1 − λ + λ·P_word/P_char), whole and cut', (word) => {
    const bonus = new WordBonus(model, ngrams, LAMBDA);
    const s = symbolsOf(word);
    expect(bonus.score(s, 0, s.length, false)).toBeCloseTo(expectedAlone(word, false), 10);
    expect(bonus.score(s, 0, s.length, true)).toBeCloseTo(expectedAlone(word, true), 10);
  });

  it('scores a word inside longer symbols by its own range, and letter salad at ln(1 − λ)', () => {
    const bonus = new WordBonus(model, ngrams, LAMBDA);
    const s = symbolsOf('xqgroundzv');
    expect(bonus.score(s, 2, 8, false)).toBeCloseTo(expectedAlone('ground', false), 10);
    expect(bonus.score(s, 0, 10, false)).toBe(Math.log(1 - LAMBDA));
    expect(bonus.score(s, 0, 4, true)).toBe(Math.log(1 - LAMBDA));
    const long = symbolsOf('qxzvqxzvqxzvqxzvqx');
    expect(bonus.score(long, 0, long.length, false)).toBe(Math.log(1 - LAMBDA));
  });

  it('a prefix that is also a word scores differently cut and whole, each once', () => {
    const bonus = new WordBonus(model, ngrams, LAMBDA);
    const s = symbolsOf('differ');
    const whole = bonus.wordId(s, 0, s.length, false);
    const cut = bonus.wordId(s, 0, s.length, true);
    expect(cut).not.toBe(whole);
    expect(bonus.wordId(s, 0, s.length, false)).toBe(whole);
    expect(bonus.wordId(s, 0, s.length, true)).toBe(cut);
    expect(bonus.size).toBe(2);
    expect(bonus.alone(whole)).toBeCloseTo(expectedAlone('differ', false), 10);
    expect(bonus.alone(cut)).toBeCloseTo(expectedAlone('differ', true), 10);
    // A long word too: its cut and whole readings are told apart by spelling.
    const l = symbolsOf('configuration');
    expect(bonus.wordId(l, 0, l.length, true)).not.toBe(bonus.wordId(l, 0, l.length, false));
    expect(bonus.size).toBe(4);
  });

  it('tells apart words of a dozen letters that differ in their last letter only', () => {
    const bonus = new WordBonus(model, ngrams, LAMBDA);
    const words: string[] = [];
    for (const stem of ['zzzzzzzzzz', 'zzzzzzzzzzz', 'yyyyyyyyyyy'])
      for (const last of 'abcdefghijklmnopqrstuvwxyz') words.push(`${stem}${last}`);
    const ids = words.map((w) => idOf(bonus, w));
    expect(new Set(ids).size).toBe(words.length);
  });

  it('keeps every word it has met, with its value, past the memos’ first sizes', () => {
    const bonus = new WordBonus(model, ngrams, LAMBDA);
    // 3,000 listed words (short ones kept as numbers, long ones by spelling), each met twice.
    const words = counts.words.filter((w) => /^[a-z]+$/.test(w)).slice(0, 3000);
    const ids = words.map((w) => {
      const s = symbolsOf(w);
      return bonus.wordId(s, 0, s.length, false);
    });
    expect(new Set(ids).size).toBe(words.length);
    expect(bonus.size).toBe(words.length);
    words.forEach((w, k) => {
      const s = symbolsOf(w);
      expect(bonus.wordId(s, 0, s.length, false)).toBe(ids[k]);
    });
    expect(bonus.size).toBe(words.length);
    for (const k of [0, 1, 255, 256, 511, 1023, 1024, 2999]) {
      const w = words[k] as string;
      expect(bonus.alone(ids[k] as number), w).toBeCloseTo(expectedAlone(w, false), 10);
    }
  });
});

describe('WordBonus followers', () => {
  const pairs = getWordPairs('en');
  const follower = (bonus: WordBonus, prev: string, word: string): number => {
    const s = symbolsOf(`${prev}${word}`);
    return bonus.score(s, prev.length, s.length, false, 0, prev.length);
  };
  const expectedFollower = (prev: string, word: string): number => {
    const i = listedIndex(word);
    return mixture(followerProbability(counts, pairs, listedIndex(prev), i, i + 1), charLogProb(word, false));
  };

  it.each([
    ['the', 'ground'],
    ['of', 'the'],
    ['no', 'difference'],
    ['between', 'the'],
  ])('scores %j then %j by the pair table', (prev, word) => {
    const bonus = new WordBonus(model, ngrams, LAMBDA, true);
    expect(bonus.pairs).toBe(true);
    expect(follower(bonus, prev, word)).toBeCloseTo(expectedFollower(prev, word), 10);
    // Read again from its memo, and with a long word before it, the same.
    expect(follower(bonus, prev, word)).toBeCloseTo(expectedFollower(prev, word), 10);
  });

  it('keeps each pair apart in its memo: one word after two others', () => {
    const bonus = new WordBonus(model, ngrams, LAMBDA, true);
    const a = follower(bonus, 'the', 'ground');
    const b = follower(bonus, 'of', 'ground');
    expect(a).not.toBeCloseTo(b, 6);
    expect(follower(bonus, 'the', 'ground')).toBe(a);
    expect(follower(bonus, 'of', 'ground')).toBe(b);
  });

  it('scores a cut word after a listed one by the mass of the words it begins', () => {
    const bonus = new WordBonus(model, ngrams, LAMBDA, true);
    const s = symbolsOf('thegrou');
    const lo = counts.words.findIndex((w) => w.startsWith('grou'));
    let end = lo;
    while (counts.words[end]?.startsWith('grou')) end++;
    expect(end - lo).toBeGreaterThan(1);
    const p = followerProbability(counts, pairs, listedIndex('the'), lo, end);
    expect(bonus.score(s, 3, 7, true, 0, 3)).toBeCloseTo(mixture(p, charLogProb('grou', true)), 10);
  });

  it('reads a word alone without pairs, after letter salad, or with no word before', () => {
    const plain = new WordBonus(model, ngrams, LAMBDA);
    expect(plain.pairs).toBe(false);
    expect(follower(plain, 'the', 'ground')).toBeCloseTo(expectedAlone('ground', false), 10);
    const paired = new WordBonus(model, ngrams, LAMBDA, true);
    expect(follower(paired, 'qxzv', 'ground')).toBeCloseTo(expectedAlone('ground', false), 10);
    const s = symbolsOf('ground');
    expect(paired.score(s, 0, s.length, false)).toBeCloseTo(expectedAlone('ground', false), 10);
    expect(paired.score(s, 0, s.length, false, -1, -1)).toBeCloseTo(expectedAlone('ground', false), 10);
    // An unlisted word stays at ln(1 − λ) after any word.
    expect(follower(paired, 'the', 'chainter')).toBe(Math.log(1 - LAMBDA));
  });

  it('keys each pair’s memo apart from its empty slots: a word after itself, the first word met before the second', () => {
    const bonus = new WordBonus(model, ngrams, LAMBDA, true);
    expect(follower(bonus, 'the', 'the')).toBeCloseTo(expectedFollower('the', 'the'), 10);
    // The word before met first (id 0), the word after it second (id 1).
    const again = new WordBonus(model, ngrams, LAMBDA, true);
    expect(idOf(again, 'of')).toBe(0);
    expect(follower(again, 'of', 'the')).toBeCloseTo(expectedFollower('of', 'the'), 10);
  });

  it('an unlisted word before, even one that begins listed words, is no word before', () => {
    const bonus = new WordBonus(model, ngrams, LAMBDA, true);
    expect(counts.index.has('groun')).toBe(false);
    expect(counts.words.some((w) => w.startsWith('groun'))).toBe(true);
    expect(follower(bonus, 'groun', 'the')).toBeCloseTo(expectedAlone('the', false), 10);
  });

  it('follower(id, …) is score by id', () => {
    const bonus = new WordBonus(model, ngrams, LAMBDA, true);
    const s = symbolsOf('theground');
    const id = bonus.wordId(s, 3, 9, false);
    expect(bonus.follower(id, s, 0, 3)).toBe(bonus.score(s, 3, 9, false, 0, 3));
    expect(bonus.follower(id, s, -1, -1)).toBe(bonus.alone(id));
  });
});

describe('WordBonus marks', () => {
  const TWO = 2; // MARK_SMOOTHING: all words' marks weigh as two word tokens in one word's.
  const smoothed = (seen: number, of: number, p: number): number => (seen + TWO * p) / (of + TWO);
  const all = counts.markAll;
  const inside = (all[0] as number) + (all[1] as number) + (all[2] as number);

  /** The marks a word bore and its tokens, from the list (or the words it left out). */
  function marksOf(word: string): { m: number[]; tokens: number } {
    const i = counts.index.get(word);
    if (i === undefined) {
      const listed = counts.cum.at(-1) as number;
      return { m: Array.from(counts.markRare), tokens: counts.tokens - listed };
    }
    return {
      m: counts.markCum.map((c) => (c[i + 1] as number) - (c[i] as number)),
      tokens: (counts.cum[i + 1] as number) - (counts.cum[i] as number),
    };
  }

  const caseScore = (word: string, cls: number): number => {
    const { m } = marksOf(word);
    const seen = (m[0] as number) + (m[1] as number) + (m[2] as number);
    const p = (all[cls] as number) / inside;
    return Math.log(smoothed(m[cls] as number, seen, p)) - Math.log(p);
  };
  /** side 0: tied to the word before, 1: to the word after; joined or not. */
  const joinScore = (word: string, side: number, joined: boolean): number => {
    const { m, tokens } = marksOf(word);
    const p = (all[CASE_CLASSES + side] as number) / counts.tokens;
    const q = smoothed(m[CASE_CLASSES + side] as number, tokens, p);
    return joined ? Math.log(q) - Math.log(p) : Math.log(1 - q) - Math.log(1 - p);
  };
  it('no case and no join seen add nothing', () => {
    const bonus = new WordBonus(model, ngrams, LAMBDA);
    expect(bonus.markScore(idOf(bonus, 'the'), CASE_NONE, 0)).toBe(0);
  });

  it.each(['the', 'i', 'dns', 'don', 'chainter'])('each case class of %j, as its counts say', (word) => {
    const bonus = new WordBonus(model, ngrams, LAMBDA);
    const id = idOf(bonus, word);
    for (const cls of [CASE_LOWER, CASE_CAPITAL, CASE_UPPER])
      expect(bonus.markScore(id, cls, 0), `class ${cls}`).toBeCloseTo(caseScore(word, cls), 10);
  });

  it.each(['the', 's', 'l', 'chainter'])('each join state of %j, before and after, as its counts say', (word) => {
    const bonus = new WordBonus(model, ngrams, LAMBDA);
    const id = idOf(bonus, word);
    // before: 0 unseen, 1 not joined, 2 joined; after the same, times JOIN_STATES.
    const side = (state: number, s: number): number => (state === 0 ? 0 : joinScore(word, s, state === 2));
    for (let before = 0; before < JOIN_STATES; before++)
      for (let after = 0; after < JOIN_STATES; after++) {
        const expected = side(before, 0) + side(after, 1) + caseScore(word, CASE_LOWER);
        const joins = before + JOIN_STATES * after;
        expect(bonus.markScore(id, CASE_LOWER, joins), `joins ${joins}`).toBeCloseTo(expected, 10);
        if (joins > 0) expect(bonus.markScore(id, CASE_NONE, joins)).toBeCloseTo(side(before, 0) + side(after, 1), 10);
      }
  });

  it('reads as English is written: “I” a capital, “the” lower case, “s” after an apostrophe', () => {
    const bonus = new WordBonus(model, ngrams, LAMBDA);
    const i = idOf(bonus, 'i');
    expect(bonus.markScore(i, CASE_CAPITAL, 0)).toBeGreaterThan(0);
    expect(bonus.markScore(i, CASE_LOWER, 0)).toBeLessThan(0);
    const the = idOf(bonus, 'the');
    expect(bonus.markScore(the, CASE_LOWER, 0)).toBeGreaterThan(bonus.markScore(the, CASE_UPPER, 0));
    const s = idOf(bonus, 's');
    expect(bonus.markScore(s, CASE_NONE, 2)).toBeGreaterThan(0);
    expect(bonus.markScore(s, CASE_NONE, 1)).toBeLessThan(0);
  });

  it('fills a word’s marks once: the same value on every read, beside other words', () => {
    const bonus = new WordBonus(model, ngrams, LAMBDA);
    const the = idOf(bonus, 'the');
    const dns = idOf(bonus, 'dns');
    // The later word's marks filled first: filling the earlier one's must leave them be.
    const upper = bonus.markScore(dns, CASE_LOWER, 4);
    const first = bonus.markScore(the, CASE_CAPITAL, 4);
    expect(bonus.markScore(dns, CASE_LOWER, 4)).toBe(upper);
    expect(upper).toBeCloseTo(
      caseScore('dns', CASE_LOWER) + joinScore('dns', 0, false) + joinScore('dns', 1, false),
      10,
    );
    expect(bonus.markScore(the, CASE_CAPITAL, 4)).toBe(first);
  });

  it('scores the marks of words met after hundreds of others', () => {
    const bonus = new WordBonus(model, ngrams, LAMBDA);
    const words = counts.words.filter((w) => /^[a-z]+$/.test(w)).slice(0, 600);
    for (const w of words) idOf(bonus, w);
    for (const k of [5, 6, 36, 255, 256, 599]) {
      const w = words[k] as string;
      const id = idOf(bonus, w);
      expect(id).toBe(k);
      expect(bonus.markScore(id, CASE_CAPITAL, 1), w).toBeCloseTo(
        caseScore(w, CASE_CAPITAL) + joinScore(w, 0, false),
        10,
      );
    }
  });
});
