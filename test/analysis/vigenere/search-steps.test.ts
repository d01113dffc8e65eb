// The pieces the Vigenère key search's stages share (src/analysis/vigenere/search-steps.ts and reading.ts): each
// column's unigram shift and its cost, a key's period, and how one language model reads the text.
import { describe, expect, it } from 'vitest';
import { getFoldedModel, getModel } from '../../../src/analysis/language-model/index.js';
import { readingOf } from '../../../src/analysis/vigenere/reading.js';
import { period, sameKey, unigramKey } from '../../../src/analysis/vigenere/search-steps.js';
import { customAlphabet, letterIndices, namedAlphabet, vigenereEncrypt } from '../../../src/core/index.js';
import { HARBOUR_EN } from '../texts.js';

const basic = namedAlphabet('basic');
const reading = readingOf(HARBOUR_EN, basic, 'en', 3000);
const at = (s: string) => Uint16Array.from(s, (c) => c.charCodeAt(0) - 65);
const shifts = (key: string) => Array.from(key, (c) => c.charCodeAt(0) - 65);

describe('unigramKey: each column’s likeliest shift by its letters alone', () => {
  it('reads LEMON off 2,212 letters of English prose', () => {
    const letters = letterIndices(vigenereEncrypt(HARBOUR_EN, 'LEMON', basic), basic);
    const budget = { spent: 0 };
    expect(Array.from(unigramKey(reading, letters, 5, budget))).toEqual(shifts('LEMON'));
    // Charged 0.05 a look-up: the letters counted, and 26 shifts of each distinct letter of each column.
    let distinct = 0;
    for (let j = 0; j < 5; j++) distinct += new Set(letters.filter((_, i) => i % 5 === j)).size;
    expect(budget.spent).toBeCloseTo(0.05 * (letters.length + 26 * distinct), 9);
  });

  it('keeps shift 0 for a column no letter falls in, and charges only the letters it read', () => {
    const budget = { spent: 10 };
    expect(unigramKey(reading, at('EF'), 3, budget)[2]).toBe(0);
    // Two letters counted and 26 shifts of each (one distinct letter in each of two columns).
    expect(budget.spent).toBeCloseTo(10 + 0.05 * (2 + 26 * 2), 9);
  });
});

describe('period: the shortest key that repeats to this one', () => {
  const cases: [number[], number[]][] = [
    [
      [1, 2, 1, 2],
      [1, 2],
    ],
    [[5, 5, 5], [5]],
    [
      [1, 1, 2, 1, 1, 2],
      [1, 1, 2],
    ],
    [
      [1, 2, 1, 3],
      [1, 2, 1, 3],
    ],
    [
      [1, 2, 3, 1, 2],
      [1, 2, 3, 1, 2],
    ], // 1, 2, 3 would repeat, but 5 letters are no whole repeats of it
    [
      [1, 2, 1],
      [1, 2, 1],
    ],
    [[7], [7]],
  ];
  it.each(cases)('%j → %j', (key, p) => {
    expect(Array.from(period(Int32Array.from(key)))).toEqual(p);
  });
});

describe('sameKey', () => {
  it('is true only of keys alike letter for letter', () => {
    expect(sameKey(Int32Array.from([1, 2]), Int32Array.from([1, 2]))).toBe(true);
    expect(sameKey(Int32Array.from([1, 2]), Int32Array.from([1, 3]))).toBe(false);
    expect(sameKey(Int32Array.from([1, 2]), Int32Array.from([1, 2, 1]))).toBe(false);
    expect(sameKey(Int32Array.from([1, 2, 1]), Int32Array.from([1, 2]))).toBe(false);
  });
});

describe('readingOf: the text as one language model reads it', () => {
  it('scores the words of a short spaced text, not of letters run together or of a longer text', () => {
    expect(readingOf('the harbour lies at the end of a narrow road', basic, 'en', 1500).words).toBeDefined();
    expect(readingOf('THEHARBOURLIESATTHEENDOFANARROWROAD', basic, 'en', 1500).words).toBeUndefined();
    // 160 letters at most: HARBOUR_EN read up to its 160th letter is still short enough, up to its 161st is not.
    expect(readingOf(HARBOUR_EN, basic, 'en', 160).words).toBeDefined();
    expect(readingOf(HARBOUR_EN, basic, 'en', 161).words).toBeUndefined();
  });

  it('reads a language with accents under A–Z through its folded model, without word scoring', () => {
    // No accent in the text: it may have folded them, so the folded model reads it; one accent kept, and it did not.
    const r = readingOf('le port est au bout de la route etroite', basic, 'fr', 1500);
    expect(r.model === getFoldedModel('fr')).toBe(true);
    expect(readingOf('le port est au bout de la route étroite', basic, 'fr', 1500).model === getModel('fr')).toBe(true);
    expect(r.words).toBeUndefined();
    const kept = readingOf('le port est au bout de la route étroite', namedAlphabet('french'), 'fr', 1500);
    expect(kept.model === getModel('fr')).toBe(true);
    expect(kept.words).toBeDefined();
  });

  it('cuts the text after the sample', () => {
    expect(reading.tokens.letters).toBe(2212);
    expect(readingOf(HARBOUR_EN, basic, 'en', 100).tokens.letters).toBe(100);
    expect(reading.n).toBe(26);
    expect(reading.ngrams).toBe(reading.model.spaced);
    expect(readingOf('THEHARBOURLIESATTHEENDOFANARROWROAD', basic, 'en', 1500).ngrams).toBe(getModel('en').joined);
  });

  it('maps each model symbol back to its letter: −1 for none, −2 for several', () => {
    const model = getModel('en');
    expect(Array.from(reading.cand)).toEqual(Array.from({ length: 26 }, (_, i) => i));
    expect(Array.from(reading.plainOf.subarray(0, 26))).toEqual(Array.from({ length: 26 }, (_, i) => i));
    expect(reading.plainOf[model.boundary]).toBe(-1);
    // Digits in a custom alphabet stand for the model's "other" symbol, all three of them.
    const digits = readingOf('ab1 2c3', customAlphabet('ABC123'), 'en', 1500);
    expect(digits.plainOf[model.other]).toBe(-2);
    expect(Array.from(digits.plainOf.subarray(0, 3))).toEqual([0, 1, 2]);
    expect(digits.plainOf[3]).toBe(-1);
    expect(digits.n).toBe(6);
  });
});
