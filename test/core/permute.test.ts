// The monoalphabetic kernel: any permutation of any alphabet undone exactly by its inverse, case and everything
// else kept; on the named alphabets a letter keeps its case and becomes its image.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Alphabet,
  customAlphabet,
  inverseOf,
  NAMED_ALPHABETS,
  namedAlphabet,
  permutationOf,
  permuteEach,
  permuteLetters,
} from '../../src/core/index.js';
import { anyOptions, anyText, CONTRACT_ALPHABETS, customCase, textFor } from './arbitraries.js';

const RUNS = { numRuns: 150 };

/** A random permutation of 0…n−1. */
const imageOf = (n: number) =>
  fc.shuffledSubarray(
    Array.from({ length: n }, (_, i) => i),
    { minLength: n, maxLength: n },
  );

describe('permuteLetters', () => {
  it.each(NAMED_ALPHABETS)('%s: the inverse undoes any permutation, whatever the text and options', (name) => {
    const a = namedAlphabet(name);
    const [upper, lower] = CONTRACT_ALPHABETS[name];
    fc.assert(
      fc.property(imageOf(a.size), textFor([...upper, ...lower]), (image, t) => {
        const p = permutationOf(a, image);
        expect(permuteLetters(permuteLetters(t, a, p), a, inverseOf(p))).toBe(t);
      }),
      RUNS,
    );
  });

  it.each(NAMED_ALPHABETS)('%s: letter i becomes letter image[i] in the same case', (name) => {
    const a = namedAlphabet(name);
    const [upper, lower] = CONTRACT_ALPHABETS[name];
    fc.assert(
      fc.property(imageOf(a.size), (image) => {
        const p = permutationOf(a, image);
        const expectedUpper = image.map((j) => [...upper][j]).join('');
        const expectedLower = image.map((j) => [...lower][j]).join('');
        expect(permuteLetters(upper, a, p)).toBe(expectedUpper);
        expect(permuteLetters(lower, a, p)).toBe(expectedLower);
      }),
      RUNS,
    );
  });

  it('custom alphabets, those that mix letters with case and symbols without among them: exact round trips', () => {
    const withText = customCase.chain(({ alphabet, forms }) =>
      fc.record({ a: fc.constant(customAlphabet(alphabet)), text: textFor(forms) }),
    );
    fc.assert(
      fc.property(
        withText.chain(({ a, text }) => fc.tuple(fc.constant(a as Alphabet), fc.constant(text), imageOf(a.size))),
        ([a, t, image]) => {
          const p = permutationOf(a, image);
          expect(permuteLetters(permuteLetters(t, a, p), a, inverseOf(p))).toBe(t);
        },
      ),
      RUNS,
    );
  });

  it('keeps or drops what is not a letter as asked, and writes letters in the own form without case', () => {
    const a = namedAlphabet('basic');
    fc.assert(
      fc.property(anyText, anyOptions, imageOf(26), (t, o, image) => {
        const out = permuteLetters(t, a, permutationOf(a, image), o);
        const identity = permuteLetters(t, a, permutationOf(a, [...Array(26).keys()]), o);
        // The same characters survive as under the identity permutation, in the same places.
        expect([...out].length).toBe([...identity].length);
        if (o.preserveCase === false) expect(out).toBe(out.replace(/[a-z]/g, (c) => c.toUpperCase()));
      }),
      RUNS,
    );
  });

  it('refuses images that are not a permutation, saying why', () => {
    const a = namedAlphabet('basic');
    const identity = Array.from({ length: 26 }, (_, i) => i);
    expect(() => permutationOf(a, [0, 1])).toThrow('A permutation of this alphabet has 26 images.');
    const once = 'The images must hold every letter exactly once.';
    expect(() => permutationOf(a, Array(26).fill(0))).toThrow(once);
    // Out of range at either end (25 is the last letter), or not an index at all.
    for (const bad of [-1, 26, 0.5, Number.NaN])
      expect(() => permutationOf(a, [...identity.slice(0, 25), bad])).toThrow(once);
    expect(permutationOf(a, identity).own).toEqual(Int32Array.from(identity));
  });

  it('refuses an empty list of permutations', () => {
    expect(() => permuteEach('abc', namedAlphabet('basic'), [])).toThrow('At least one permutation is required.');
  });
});
