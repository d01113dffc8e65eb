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

/** How a start key reads a word written in cipher letters. */
const readAs = (key: Int32Array, word: string) => [...word].map((c) => ABC[key[ABC.indexOf(c)] as number]).join('');

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
    // The cipher letter of "t" pinned to "s", then that of "o" pinned to "a" (the first plain letter, index 0): no
    // start may read it otherwise, nor give the pinned plain letter to another cipher letter.
    for (const [plain, pin] of [
      ['t', 's'],
      ['o', 'a'],
    ] as const) {
      const x = KEY[ABC.indexOf(plain)]?.toLowerCase() as string;
      const starts = patternStarts(viewOf(CIPHER, LISTED, { [x]: pin }), patternIndex(LISTED), present, byFrequency);
      expect(starts.length).toBeGreaterThan(0);
      for (const key of starts) {
        expect(key[ABC.indexOf(x)]).toBe(ABC.indexOf(pin));
        expect(new Set(key).size).toBe(26);
      }
    }
  });

  it('starts from each reading of the most telling word and of the next: the fewest readings, then the longest', () => {
    // Words of four letters or more: over and lazy (abcd: 2 listed readings each), quick, brown, jumps (abcde: 5 each).
    // So over gives its 2 readings and lazy its 2; each start then reads the other words, most telling first.
    const { present, byFrequency } = order(CIPHER);
    const starts = patternStarts(viewOf(CIPHER, LISTED), patternIndex(LISTED), present, byFrequency);
    const other = 'dbz quick gylwh tlx jumps lazy dbz over nlf';
    expect(starts.map(decrypt)).toEqual([PLAIN, other, other, PLAIN]);
  });

  it('takes six readings of the most telling word of four letters or more and three of the next', () => {
    // Read with the identity key. deed (abba) has 7 listed readings, wxyz (abcd) 8; sky's one reading is too short to
    // start from, and qqqqq has none: neither is an anchor. deed, twice, is one word. So 6 starts from deed, then 3
    // from wxyz.
    const text = 'wxyz deed sky qqqqq deed';
    const abba = ['deed', 'noon', 'peep', 'toot', 'sees', 'anna', 'otto'];
    const abcd = ['barn', 'corn', 'dirt', 'fast', 'gold', 'hunt', 'lamp', 'mint'];
    const listed = [...abba, ...abcd, 'sky'];
    const { present, byFrequency } = order(text);
    const starts = patternStarts(viewOf(text, listed), patternIndex(listed), present, byFrequency);
    expect(starts).toHaveLength(9);
    expect(starts.map((k) => readAs(k, 'deed')).slice(0, 6)).toEqual(abba.slice(0, 6));
    expect(starts.slice(6).map((k) => readAs(k, 'wxyz'))).toEqual(abcd.slice(0, 3));
  });

  it('starts from the longer of words with as many readings; a listed word no key spells is no reading', () => {
    const text = 'wxyz abcde';
    // Two readings each: abcde, the longer, first. o'er shares wxyz's pattern, but no letter of a key gives "'".
    const listed = ['quick', 'brown', "o'er", 'barn', 'corn'];
    const { present, byFrequency } = order(text);
    const starts = patternStarts(viewOf(text, listed), patternIndex(listed), present, byFrequency);
    expect(starts.map((k, i) => readAs(k, i < 2 ? 'abcde' : 'wxyz'))).toEqual(['quick', 'brown', 'barn', 'corn']);
  });

  it('keeps apart two cipher words whose letter numbers run together alike (1, 12 and 11, 2)', () => {
    const text = 'bmde lcde';
    const listed = ['bear', 'tear'];
    const { present, byFrequency } = order(text);
    const starts = patternStarts(viewOf(text, listed), patternIndex(listed), present, byFrequency);
    expect(starts.map((k, i) => readAs(k, i < 2 ? 'bmde' : 'lcde'))).toEqual(['bear', 'tear', 'bear', 'tear']);
  });

  it('has nothing to start from when no listed word shares a cipher word’s pattern and length', () => {
    const { present, byFrequency } = order(CIPHER);
    expect(patternStarts(viewOf(CIPHER, ['a', 'aa']), patternIndex(['a', 'aa']), present, byFrequency)).toEqual([]);
  });
});

describe('patternIndex', () => {
  it('files each word under its pattern: each letter as the rank of its first occurrence', () => {
    const index = patternIndex(['letter', 'sells', 'bee', 'see']);
    expect([...index.entries()]).toEqual([
      ['abccbd', ['letter']],
      ['abcca', ['sells']],
      ['abb', ['bee', 'see']],
    ]);
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
