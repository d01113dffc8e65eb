// Keys read off word patterns: a spaced cryptogram's cipher words read as the listed words whose pattern of repeated
// letters they share, the most telling first, the pins kept.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { patternIndex, patternLogLikelihood, patternStarts } from '../../../src/analysis/substitution/patterns.js';
import { namedAlphabet, substitutionEncrypt } from '../../../src/core/index.js';
import { ABC, viewOf } from '../../support/words-view.js';

const basic = namedAlphabet('basic');
// Wikipedia's keyword alphabet ("Substitution cipher": ZEBRAS), as elsewhere in these tests.
const KEY = 'ZEBRASCDFGHIJKLMNOPQTUVWXY';
const PLAIN = 'the quick brown fox jumps over the lazy dog';
const CIPHER = substitutionEncrypt(PLAIN, KEY, basic);
/** The plain words, likeliest first, with decoys that share their lengths (and "quack" its pattern). */
const LISTED = ['the', 'and', 'fox', 'dog', 'over', 'lazy', 'quick', 'quack', 'brown', 'jumps', 'bring'];

/** The text's cipher letters, most frequent first, and the plain letters in alphabet order. */
function order(text: string): { present: Int32Array; byFrequency: Int32Array } {
  const counts = ABC.map((c) => [...text].filter((x) => x === c).length);
  const present = Int32Array.from(ABC.keys()).filter((x) => (counts[x] as number) > 0);
  present.sort((x, y) => (counts[y] as number) - (counts[x] as number) || x - y);
  return { present, byFrequency: Int32Array.from(ABC.keys()) };
}

const decrypt = (key: Int32Array) =>
  [...CIPHER].map((c) => (c === ' ' ? c : ABC[key[ABC.indexOf(c)] as number])).join('');

describe('patternStarts', () => {
  it('reads a cryptogram whose words are listed back to its plaintext', () => {
    const { present, byFrequency } = order(CIPHER);
    const starts = patternStarts(viewOf(CIPHER, LISTED), patternIndex(LISTED), present, byFrequency);
    expect(starts.length).toBeGreaterThan(0);
    expect(starts.map(decrypt)).toContain(PLAIN);
  });

  it('gives every start key as a permutation that keeps the pins', () => {
    const { present, byFrequency } = order(CIPHER);
    // The cipher letter of "t" pinned to "s": no start may read it otherwise, nor give "s" to another letter.
    const x = KEY[ABC.indexOf('t')]?.toLowerCase() as string;
    const starts = patternStarts(viewOf(CIPHER, LISTED, { [x]: 's' }), patternIndex(LISTED), present, byFrequency);
    expect(starts.length).toBeGreaterThan(0);
    for (const key of starts) {
      expect(key[ABC.indexOf(x)]).toBe(ABC.indexOf('s'));
      expect(new Set(key).size).toBe(26);
    }
  });

  it('has nothing to start from when no listed word shares a cipher word’s pattern and length', () => {
    const { present, byFrequency } = order(CIPHER);
    expect(patternStarts(viewOf(CIPHER, ['a', 'aa']), patternIndex(['a', 'aa']), present, byFrequency)).toEqual([]);
  });
});

describe('patternLogLikelihood', () => {
  // Two patterns listed: abc ("the" 3, "and" 2) and abb ("all" 1, "see" 4), 10 words in all; an unseen pattern counts
  // as half a word, against a total of 10 + 1000 / 2.
  const COUNTS = new Map([
    ['the', 3],
    ['and', 2],
    ['all', 1],
    ['see', 4],
  ]);
  const spansOf = (codes: number[]) => {
    const spans: [number, number][] = [];
    let from = 0;
    codes.forEach((c, i) => {
      if (c >= 0) return;
      spans.push([from, i]);
      from = i + 1;
    });
    spans.push([from, codes.length]);
    return spans;
  };
  const score = (codes: number[]) => patternLogLikelihood(Int32Array.from(codes), spansOf(codes), COUNTS);

  it('sums each word pattern’s share of the listed words', () => {
    // xyz yzz: abc (5 words) and abb (5 words).
    expect(score([23, 24, 25, -1, 24, 25, 25])).toBeCloseTo(2 * Math.log(5.5 / 510), 12);
    // qqq: a pattern no listed word has.
    expect(score([16, 16, 16])).toBeCloseTo(Math.log(0.5 / 510), 12);
  });

  it('is the same under any relabelling of the cipher letters (the key cannot change it)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1, max: 5 }), { minLength: 1, maxLength: 30 }),
        fc.shuffledSubarray([10, 11, 12, 13, 14, 15], { minLength: 6, maxLength: 6 }),
        (codes, relabel) => {
          const moved = codes.map((c) => (c < 0 ? c : (relabel[c] as number)));
          expect(score(moved)).toBeCloseTo(score(codes), 9);
        },
      ),
    );
  });
});
