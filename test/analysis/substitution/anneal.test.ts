// The key search's restarts can be made in parts: a search that goes on from where another stopped makes the restarts
// one longer search would have made (auto's glance, look and final search read a short text so, src/analysis/substitution/auto.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getModel } from '../../../src/analysis/index.js';
import { candidateSymbols, tokenize } from '../../../src/analysis/readings/index.js';
import { type AnnealOptions, anneal, scorerOf } from '../../../src/analysis/substitution/anneal.js';
import { gramsOf } from '../../../src/analysis/substitution/grams.js';
import { workOf } from '../../../src/analysis/substitution/work.js';
import { namedAlphabet, substitutionEncrypt } from '../../../src/core/index.js';
import { LONG_EN } from '../texts.js';

const basic = namedAlphabet('basic');
const model = getModel('en');
// Upper-cased first: the cipher keeps case, and the lower-case letters are most of the text.
const cipher = substitutionEncrypt(LONG_EN, 'QWERTYUIOPASDFGHJKLZXCVBNM', basic)
  .toUpperCase()
  .replace(/[^A-Z]/g, '')
  .slice(0, 80);
const tokens = tokenize(cipher, basic, model, 'joined');
const grams = gramsOf(tokens, basic.size, model, model.joined);
const cand = candidateSymbols(basic, model);

/** A search of `restarts` restarts (a short schedule), its exact and coarse scorers counting against `work`. */
function options(restarts: number, work = workOf(Number.POSITIVE_INFINITY)) {
  const scorers = {
    exact: scorerOf(grams, model.joined, cand, model.symbolCount, work),
    coarse: scorerOf(grams, model.joined, cand, model.symbolCount, work, 'coarse'),
  };
  const o: AnnealOptions = {
    restarts,
    steps: 300,
    t0: 6,
    t1: 2,
    pinned: new Int32Array(basic.size).fill(-1),
    byFrequency: Int32Array.from({ length: basic.size }, (_, i) => i),
    seed: 7,
    // Never settled: every restart asked for is made.
    settleAfter: 1_000,
    keep: 8,
    work,
  };
  return { o, ...scorers, work };
}

describe('anneal', () => {
  it('goes on from where a search stopped as one longer search would', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 4 }), (first, more) => {
        const whole = options(first + more);
        const once = anneal(whole.exact, grams, whole.o, undefined, whole.coarse);
        const a = options(first);
        const part = anneal(a.exact, grams, a.o, undefined, a.coarse);
        const b = options(first + more);
        const rest = anneal(b.exact, grams, b.o, part.progress, b.coarse);
        expect(rest.found).toEqual(once.found);
        expect(rest.progress).toEqual(once.progress);
        expect(rest.progress.restarts).toBe(first + more);
        // And the two parts cost what the one search did.
        expect(a.work.spent + b.work.spent).toBe(whole.work.spent);
        // The first part's progress is left as it was.
        expect(part.progress.restarts).toBe(first);
      }),
      { numRuns: 12 },
    );
  });

  it('makes no restart past an allowance already spent, going on', () => {
    const a = options(2);
    const part = anneal(a.exact, grams, a.o, undefined, a.coarse);
    const spent = workOf(1);
    spent.spent = 1;
    const b = options(6, spent);
    const rest = anneal(b.exact, grams, b.o, part.progress, b.coarse);
    expect(rest.progress.restarts).toBe(2);
    expect(rest.found).toEqual(part.found);
  });
});
