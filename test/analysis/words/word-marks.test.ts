// How a word is written (its case inside a sentence, apostrophes tying it to its neighbours): how text is read
// for it, and what it tells the Vigenère word scoring.
import { describe, expect, it } from 'vitest';
import { getModel, LANGUAGES } from '../../../src/analysis/index.js';
import { tokenize } from '../../../src/analysis/readings/index.js';
import { WordBonus } from '../../../src/analysis/vigenere/word-bonus.js';
import { getWordCounts } from '../../../src/analysis/words/word-lists.js';
import {
  CASE_CAPITAL,
  CASE_LOWER,
  CASE_NONE,
  CASE_UPPER,
  JOIN_AFTER,
  JOIN_BEFORE,
  letterCase,
  WordMarkReader,
} from '../../../src/analysis/words/word-marks.js';
import { namedAlphabet } from '../../../src/core/index.js';

/** Each word of text with its case class and joins, read the way scripts/build-words.ts reads training lines. */
function read(text: string): { words: string[]; reader: WordMarkReader } {
  const reader = new WordMarkReader();
  const words: string[] = [];
  let word = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    if (/\p{L}/u.test(ch)) {
      word += ch;
      reader.letter(cp);
      continue;
    }
    reader.separator(cp);
    if (word) words.push(word);
    word = '';
  }
  reader.end();
  if (word) words.push(word);
  return { words, reader };
}

const classes = (text: string): [string, number][] => {
  const { words, reader } = read(text);
  return words.map((w, k) => [w, reader.cases[k] as number]);
};
const joins = (text: string): [string, number][] => {
  const { words, reader } = read(text);
  return words.map((w, k) => [w, reader.joins[k] as number]);
};

describe('letterCase', () => {
  it.each([
    ['A', 1],
    ['z', 2],
    ['Ż', 1],
    ['ß', 2],
    ['ẞ', 1],
    ['É', 1],
    ['7', 0],
    ['-', 0],
    // The edges of ASCII's two runs of letters: @ A … Z [ and ` a … z {.
    ['@', 0],
    ['Z', 1],
    ['[', 0],
    ['`', 0],
    ['a', 2],
    ['{', 0],
  ])('%s is %i', (ch, expected) => {
    expect(letterCase(ch.codePointAt(0) as number)).toBe(expected);
  });
});

describe('WordMarkReader', () => {
  it('classes the words inside a sentence, and no word that may start one', () => {
    expect(classes('Hello world, I said DNS is Fine. The end')).toEqual([
      ['Hello', CASE_NONE],
      ['world', CASE_LOWER],
      ['I', CASE_CAPITAL],
      ['said', CASE_LOWER],
      ['DNS', CASE_UPPER],
      ['is', CASE_LOWER],
      ['Fine', CASE_CAPITAL],
      ['The', CASE_NONE],
      ['end', CASE_LOWER],
    ]);
  });

  it('gives no class after other punctuation, to mixed case, or to a lone upper-case letter read as capitals', () => {
    expect(classes('a five-Dollar (Note) "Quote" McDonald iPhone A')).toEqual([
      ['a', CASE_NONE],
      ['five', CASE_LOWER],
      ['Dollar', CASE_NONE],
      ['Note', CASE_NONE],
      ['Quote', CASE_NONE],
      ['McDonald', CASE_NONE],
      ['iPhone', CASE_NONE],
      ['A', CASE_CAPITAL],
    ]);
  });

  it('reads German and Polish letters by their own case', () => {
    expect(classes('und groß Straße ŻÓŁW')).toEqual([
      ['und', CASE_NONE],
      ['groß', CASE_LOWER],
      ['Straße', CASE_CAPITAL],
      ['ŻÓŁW', CASE_UPPER],
    ]);
  });
});

describe('WordMarkReader: apostrophes', () => {
  it('ties two words an apostrophe alone separates, and no others', () => {
    expect(joins("I don't know; the sow’s ear, 'quoted' rock'n'roll")).toEqual([
      ['I', 0],
      ['don', JOIN_AFTER],
      ['t', JOIN_BEFORE],
      ['know', 0],
      ['the', 0],
      ['sow', JOIN_AFTER],
      ['s', JOIN_BEFORE],
      ['ear', 0],
      ['quoted', 0],
      ['rock', JOIN_AFTER],
      ['n', JOIN_BEFORE | JOIN_AFTER],
      ['roll', JOIN_BEFORE],
    ]);
  });
});

describe('tokenize: case classes and joins', () => {
  const model = getModel('en');
  const a = namedAlphabet('basic');

  it('marks the first code of each word inside a sentence with its class', () => {
    const tokens = tokenize('Qeb nrfzh, I pxfa DNS', a, model, 'spaced');
    const marked = [...(tokens.caseAt as Int8Array)].flatMap((c, i) => (c === CASE_NONE ? [] : [[i, c]]));
    // Words start at codes 0, 4, 10, 12 and 17 (", " is one boundary; "Qeb" starts the text: no class).
    expect(marked).toEqual([
      [4, CASE_LOWER],
      [10, CASE_CAPITAL],
      [12, CASE_LOWER],
      [17, CASE_UPPER],
    ]);
  });

  it('marks each word with its joins, unseen before the first word and after the last', () => {
    // "Zl'p ab'q" reads as the words Zl, p, ab, q starting at codes 0, 3, 5 and 8.
    const tokens = tokenize("Zl'p ab'q", a, model, 'spaced');
    const at = tokens.joinAt as Int8Array;
    expect([at[0], at[3], at[5], at[8]]).toEqual([0 + 3 * 2, 2 + 3 * 1, 1 + 3 * 2, 2 + 3 * 0]);
    expect(tokenize('Zlp ab q', a, model, 'spaced').joinAt).toBeUndefined();
  });

  it('keeps no classes for a text in one case, or one whose spaces are not word breaks', () => {
    expect(tokenize('QEB NRFZH, I PXFA DNS', a, model, 'spaced').caseAt).toBeUndefined();
    expect(tokenize('qeb nrfzh, i pxfa dns', a, model, 'spaced').caseAt).toBeUndefined();
    expect(tokenize('QebnrfzhIpxfaDNS', a, model, 'joined').caseAt).toBeUndefined();
  });
});

describe('WordBonus.markScore', () => {
  const model = getModel('en');
  const bonus = new WordBonus(model, model.spaced, 0.5, true);
  const id = (word: string): number => {
    const s = Int32Array.from([...word], (ch) => model.symbolOf(ch.codePointAt(0) as number));
    return bonus.wordId(s, 0, s.length, false);
  };

  it('has counts of every mark in the committed lists: the listed words and the rest make up all', () => {
    for (const language of LANGUAGES) {
      const w = getWordCounts(language);
      for (let k = 0; k < 5; k++) {
        expect(w.markAll[k]).toBeGreaterThan(0);
        expect((w.markCum[k]?.at(-1) as number) + (w.markRare[k] as number)).toBe(w.markAll[k]);
      }
    }
  });

  it('makes "I" a capital and common words lower case', () => {
    expect(bonus.markScore(id('i'), CASE_CAPITAL, 0)).toBeGreaterThan(2);
    expect(bonus.markScore(id('i'), CASE_LOWER, 0)).toBeLessThan(-2);
    expect(bonus.markScore(id('the'), CASE_LOWER, 0)).toBeGreaterThan(0);
    expect(bonus.markScore(id('the'), CASE_CAPITAL, 0)).toBeLessThan(-1);
    expect(bonus.markScore(id('the'), CASE_NONE, 0)).toBe(0);
  });

  it('reads apostrophes: "s" and "t" after one, "don" before one', () => {
    const joinedBefore = 2; // tied to the word before, the word after unseen
    const freeBefore = 1;
    expect(bonus.markScore(id('s'), CASE_NONE, joinedBefore)).toBeGreaterThan(2);
    expect(bonus.markScore(id('t'), CASE_NONE, joinedBefore)).toBeGreaterThan(2);
    expect(bonus.markScore(id('n'), CASE_NONE, joinedBefore)).toBeLessThan(
      bonus.markScore(id('s'), CASE_NONE, joinedBefore),
    );
    expect(bonus.markScore(id('the'), CASE_NONE, joinedBefore)).toBeLessThan(-1);
    expect(bonus.markScore(id('don'), CASE_NONE, 3 * 2)).toBeGreaterThan(2);
    expect(bonus.markScore(id('don'), CASE_NONE, 3 * 1)).toBeLessThan(0);
    expect(bonus.markScore(id('the'), CASE_NONE, freeBefore)).toBeCloseTo(0, 1);
    // Case and joins add up.
    expect(bonus.markScore(id('i'), CASE_CAPITAL, 3 * 2)).toBeCloseTo(
      bonus.markScore(id('i'), CASE_CAPITAL, 0) + bonus.markScore(id('i'), CASE_NONE, 3 * 2),
      12,
    );
  });

  it('lets an unlisted word in capitals beat a common word that is never written so', () => {
    expect(bonus.markScore(id('dns'), CASE_UPPER, 0)).toBeGreaterThan(2);
    expect(bonus.markScore(id('cssg'), CASE_UPPER, 0)).toBeGreaterThan(bonus.markScore(id('mode'), CASE_UPPER, 0));
  });
});
