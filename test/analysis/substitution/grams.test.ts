// gramsOf and keySignature: a ciphertext's distinct n-grams, their counts and each letter's n-grams, worked by hand.
import { describe, expect, it } from 'vitest';
import { getModel } from '../../../src/analysis/index.js';
import type { NgramModel } from '../../../src/analysis/language-model/index.js';
import { tokenize } from '../../../src/analysis/readings/index.js';
import { gramsOf, keySignature } from '../../../src/analysis/substitution/grams.js';
import { namedAlphabet } from '../../../src/core/index.js';

const basic = namedAlphabet('basic');
const model = getModel('en');
const n = basic.size;
/** A fixed symbol's code in the n-grams: n + its model symbol (the boundary: n + 26). */
const B = n + model.boundary;
/** gramsOf reads only the model's order. */
const order = (N: number) => ({ ...model.joined, order: N }) as NgramModel;

describe('gramsOf', () => {
  it('lists each distinct n-gram once, oldest first, padded with boundaries, and counts it', () => {
    // "abab." as bigrams: _a, ab, ba, ab, b_ → _a, ab, ba, b_ with ab twice.
    const g = gramsOf(tokenize('abab.', basic, model, 'spaced'), n, model, order(2));
    expect([g.N, g.n, g.size]).toEqual([2, n, 4]);
    expect(Array.from(g.codes)).toEqual([B, 0, 0, 1, 1, 0, 1, B]);
    expect(Array.from(g.counts)).toEqual([1, 2, 1, 1]);
  });

  it('indexes the n-grams of each cipher letter, each once however often the letter is in it', () => {
    // "aab" as trigrams: __a, _aa, aab (the text is open: no closing boundary follows b).
    const g = gramsOf(tokenize('aab', basic, model, 'joined'), n, model, order(3));
    expect(Array.from(g.codes)).toEqual([B, B, 0, B, 0, 0, 0, 0, 1]);
    const of = (x: number) => Array.from(g.list.slice(g.starts[x], g.starts[x + 1]));
    expect(of(0)).toEqual([0, 1, 2]);
    expect(of(1)).toEqual([2]);
    expect(of(2)).toEqual([]);
    expect(g.starts.length).toBe(n + 1);
    expect(g.starts[n]).toBe(g.list.length);
  });

  it('counts each letter and lists the letters present, most frequent first, ties by letter', () => {
    const g = gramsOf(tokenize('cabbcd', basic, model, 'joined'), n, model, order(2));
    expect(Array.from(g.letterCounts.slice(0, 5))).toEqual([1, 2, 2, 1, 0]);
    expect(Array.from(g.present)).toEqual([1, 2, 0, 3]);
  });

  it('keeps other letters and boundaries as fixed symbols', () => {
    const g = gramsOf(tokenize('aé b', basic, model, 'spaced'), n, model, order(2));
    expect(Array.from(g.codes)).toEqual([B, 0, 0, n + model.other, n + model.other, B, B, 1]);
  });
});

describe('keySignature', () => {
  it('names a key by the plain letters of the letters present, in their order', () => {
    expect(keySignature(Int32Array.from([2, 0]), [5, 6, 7])).toBe('7,5');
    expect(keySignature(new Int32Array(0), [5, 6, 7])).toBe('');
  });
});
