// The key search's scorer against the model read n-gram by n-gram: a dense table (exact and coarse) and the cached
// look-ups of a model too large for one, a whole key and a swap, and what each read costs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getModel } from '../../../src/analysis/index.js';
import type { NgramModel } from '../../../src/analysis/language-model/index.js';
import { candidateSymbols, type Tokens, tokenize } from '../../../src/analysis/readings/index.js';
import { readsDense, scorerOf } from '../../../src/analysis/substitution/anneal.js';
import { gramsOf } from '../../../src/analysis/substitution/grams.js';
import { MODEL_READ_COST, workOf } from '../../../src/analysis/substitution/work.js';
import { namedAlphabet } from '../../../src/core/index.js';

const basic = namedAlphabet('basic');
const model = getModel('en');
const S = model.symbolCount;
const cand = candidateSymbols(basic, model);
const TEXT = 'Qeb nrfzh, yoltk clu grjmp lsbo qeb ixwv ald! Qeb bka.';

/** ln P of the text under `key` (cipher letter x reads as plain letter key[x]), summed over its n-grams one by one. */
function direct(tokens: Tokens, ngrams: NgramModel, key: ArrayLike<number>): number {
  const N = ngrams.order;
  const window = Array.from({ length: N }, () => model.boundary);
  let total = 0;
  for (const code of tokens.codes) {
    window.shift();
    window.push(code >= 0 ? (cand[key[code] as number] as number) : -1 - code);
    const ctx = window.slice(0, -1).reduce((x, s) => x * S + s, 0);
    total += ngrams.logProb(ctx, window[N - 1] as number);
  }
  return total;
}

const CASES = [
  { what: 'a dense table (the joined 4-gram)', spacing: 'joined', ngrams: model.joined },
  {
    what: 'a dense table (the spaced model one order lower)',
    spacing: 'spaced',
    ngrams: model.spaced.lower ?? model.spaced,
  },
  { what: 'the cached look-ups (the spaced 5-gram)', spacing: 'spaced', ngrams: model.spaced },
] as const;

const keyArb = fc.shuffledSubarray(
  Array.from({ length: 26 }, (_, i) => i),
  { minLength: 26, maxLength: 26 },
);

describe('scorerOf', () => {
  it('reads the 4-grams from a dense table and the 5-gram through its cache', () => {
    expect(readsDense(model.joined, S)).toBe(true);
    expect(readsDense(model.spaced, S)).toBe(false);
  });

  for (const { what, spacing, ngrams } of CASES)
    describe(what, () => {
      const tokens = tokenize(TEXT, basic, model, spacing);
      const grams = gramsOf(tokens, basic.size, model, ngrams);
      const dense = readsDense(ngrams, S);

      it('scores a whole key as the model does, n-gram by n-gram, and counts its reads', () => {
        fc.assert(
          fc.property(keyArb, (key) => {
            const work = workOf(Number.POSITIVE_INFINITY);
            const scorer = scorerOf(grams, ngrams, cand, S, work);
            scorer.set(key);
            // A dense table holds 32-bit floats.
            expect(scorer.total).toBeCloseTo(direct(tokens, ngrams, key), dense ? 2 : 9);
            expect(Array.from(scorer.plainOf)).toEqual(key);
            expect(work.spent).toBe(grams.size * (dense ? 1 : MODEL_READ_COST));
          }),
          { numRuns: 20 },
        );
      });

      it('scores a swap by the n-grams it changes, and keeps it only when accepted', () => {
        fc.assert(
          fc.property(keyArb, fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 25 }), (key, x, y) => {
            fc.pre(x !== y);
            const scorer = scorerOf(grams, ngrams, cand, S);
            scorer.set(key);
            const before = scorer.total;
            const swapped = [...key];
            [swapped[x], swapped[y]] = [swapped[y] as number, swapped[x] as number];
            let seen = Number.NaN;
            const refuse = (d: number): boolean => {
              seen = d;
              return false;
            };
            expect(scorer.trySwap(x, y, refuse)).toBe(false);
            expect(seen).toBeCloseTo(direct(tokens, ngrams, swapped) - direct(tokens, ngrams, key), dense ? 2 : 9);
            expect([scorer.total, Array.from(scorer.plainOf)]).toEqual([before, key]);
            expect(scorer.trySwap(x, y, () => true)).toBe(true);
            expect(Array.from(scorer.plainOf)).toEqual(swapped);
            expect(scorer.total).toBeCloseTo(before + seen, 9);
            // A key scored after the swap reads as the swapped key scored whole.
            const fresh = scorerOf(grams, ngrams, cand, S);
            fresh.set(swapped);
            expect(scorer.total).toBeCloseTo(fresh.total, 6);
          }),
          { numRuns: 20 },
        );
      });
    });

  it('reads a coarse table within a twentieth of a nat per n-gram of the exact score', () => {
    const tokens = tokenize(TEXT, basic, model, 'joined');
    const grams = gramsOf(tokens, basic.size, model, model.joined);
    fc.assert(
      fc.property(keyArb, (key) => {
        const coarse = scorerOf(grams, model.joined, cand, S, undefined, 'coarse');
        coarse.set(key);
        const exact = direct(tokens, model.joined, key);
        expect(Math.abs(coarse.total - exact)).toBeLessThanOrEqual(0.05 * tokens.codes.length + 1e-6);
      }),
      { numRuns: 20 },
    );
  });
});
