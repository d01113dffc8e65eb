// What the key search's restarts reach: the key of a long cryptogram, local optima no swap improves, pins kept, the
// first start paired by frequency rank, distinct keys best first, and a search that stops once it has settled.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getModel } from '../../../src/analysis/index.js';
import { candidateSymbols, tokenize } from '../../../src/analysis/readings/index.js';
import { type AnnealOptions, anneal, climbFrom, scorerOf } from '../../../src/analysis/substitution/anneal.js';
import { gramsOf, keySignature } from '../../../src/analysis/substitution/grams.js';
import { namedAlphabet, substitutionEncrypt } from '../../../src/core/index.js';
import { LONG_EN } from '../texts.js';

const basic = namedAlphabet('basic');
const model = getModel('en');
const S = model.symbolCount;
const KEY = 'QWERTYUIOPASDFGHJKLZXCVBNM';
/** Plain letter of each cipher letter under KEY: plain i became KEY[i]. */
const TRUE_PLAIN = Int32Array.from({ length: 26 }, (_, x) => KEY.indexOf(String.fromCharCode(65 + x)));
const cand = candidateSymbols(basic, model);
const letters = substitutionEncrypt(LONG_EN, KEY, basic)
  .toUpperCase()
  .replace(/[^A-Z]/g, '');
const tokens = tokenize(letters, basic, model, 'joined');
const grams = gramsOf(tokens, basic.size, model, model.joined);
const unpinned = () => new Int32Array(26).fill(-1);
const byFrequency = Int32Array.from({ length: 26 }, (_, i) => i).sort(
  (x, y) => (model.frequencies[y] as number) - (model.frequencies[x] as number),
);

function search(over: Partial<AnnealOptions> = {}) {
  const s = scorerOf(grams, model.joined, cand, S);
  const o: AnnealOptions = {
    restarts: 4,
    steps: 150 * grams.present.length,
    t0: 6,
    t1: 2,
    pinned: unpinned(),
    byFrequency,
    seed: 11,
    settleAfter: 1_000,
    keep: 8,
    ...over,
  };
  return { s, o, ...anneal(s, grams, o, undefined, scorerOf(grams, model.joined, cand, S, undefined, 'coarse')) };
}

/** True when no swap of a movable present letter with another movable letter raises the score by more than 1e-9. */
function isLocalOptimum(plainOf: Int32Array, pinned: Int32Array): boolean {
  const s = scorerOf(grams, model.joined, cand, S);
  s.set(plainOf);
  for (const x of grams.present)
    for (let y = 0; y < 26; y++) {
      if (x === y || (pinned[x] as number) >= 0 || (pinned[y] as number) >= 0) continue;
      if (s.trySwap(x, y, (d) => d > 1e-9)) return false;
    }
  return true;
}

describe('anneal: what the restarts reach', () => {
  const run = search();

  it(`finds the key of ${letters.length} letters run together`, () => {
    const best = run.found[0];
    expect(keySignature(grams.present, best?.plainOf as Int32Array)).toBe(keySignature(grams.present, TRUE_PLAIN));
  });

  it('lists distinct local optima, best first, each with its own score, at most `keep`', () => {
    expect(run.found.length).toBeGreaterThan(0);
    expect(run.found.length).toBeLessThanOrEqual(8);
    const sigs = run.found.map((f) => keySignature(grams.present, f.plainOf));
    expect(new Set(sigs).size).toBe(sigs.length);
    const fresh = scorerOf(grams, model.joined, cand, S);
    run.found.forEach((f, i) => {
      if (i > 0) expect(f.score).toBeLessThanOrEqual(run.found[i - 1]?.score as number);
      fresh.set(f.plainOf);
      expect(f.score).toBeCloseTo(fresh.total, 6);
      expect([...f.plainOf].sort((a, b) => a - b)).toEqual([...Array(26).keys()]);
      expect(isLocalOptimum(f.plainOf, unpinned())).toBe(true);
    });
    expect(run.progress.restarts).toBe(4);
    expect(search({ keep: 2, restarts: 3, steps: 500 }).found).toHaveLength(2);
  });

  it('stops once `settleAfter` restarts have reached the best key', () => {
    const settled = search({ restarts: 12, settleAfter: 2 });
    expect(settled.progress.bestHits).toBe(2);
    expect(settled.progress.restarts).toBeLessThan(12);
    expect(settled.found[0]?.score).toBeCloseTo(run.found[0]?.score as number, 6);
  });

  it('keeps every pin in every key it finds, a wrong pin included', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 25 }), fc.integer(), (x, plain, seed) => {
        const pinned = unpinned();
        pinned[x] = plain;
        // The plain letter pinned is no other cipher letter's: the key stays a permutation.
        const r = search({ pinned, restarts: 2, steps: 1_000, seed });
        for (const f of r.found) {
          expect(f.plainOf[x]).toBe(plain);
          expect([...f.plainOf].sort((a, b) => a - b)).toEqual([...Array(26).keys()]);
          expect(isLocalOptimum(f.plainOf, pinned)).toBe(true);
        }
      }),
      { numRuns: 4 },
    );
  });

  it('with one letter left to move, answers the pins and the letter left', () => {
    const pinned = Int32Array.from(TRUE_PLAIN);
    pinned[3] = -1;
    const r = search({ pinned });
    expect(Array.from(r.found[0]?.plainOf as Int32Array)).toEqual(Array.from(TRUE_PLAIN));
    expect(r.found).toHaveLength(1);
  });

  it('starts its first restart from the present letters paired with the plain letters by frequency rank', () => {
    // No moves: the first restart is its start, climbed.
    const first = search({ restarts: 1, steps: 0 });
    const start = new Int32Array(26).fill(-1);
    const free = [...byFrequency];
    for (const x of [...grams.present, ...Array(26).keys()]) if (start[x] === -1) start[x] = free.shift() as number;
    const climbed = climbFrom(scorerOf(grams, model.joined, cand, S), grams, unpinned(), start);
    expect(Array.from(first.found[0]?.plainOf as Int32Array)).toEqual(Array.from(climbed.plainOf));
    // Climbing leaves a local optimum and keeps the pins given.
    const pinned = unpinned();
    pinned[grams.present[0] as number] = 4;
    const startPinned = Int32Array.from(start);
    const holder = startPinned.indexOf(4);
    [startPinned[holder], startPinned[grams.present[0] as number]] = [
      startPinned[grams.present[0] as number] as number,
      4,
    ];
    const pinnedClimb = climbFrom(scorerOf(grams, model.joined, cand, S), grams, pinned, startPinned);
    expect(pinnedClimb.plainOf[grams.present[0] as number]).toBe(4);
    expect(isLocalOptimum(pinnedClimb.plainOf, pinned)).toBe(true);
  });

  it('gives the same keys for the same seed, and other restarts for another', () => {
    const again = search();
    expect(again.found.map((f) => Array.from(f.plainOf))).toEqual(run.found.map((f) => Array.from(f.plainOf)));
    expect(search({ seed: 12, restarts: 1, steps: 50 }).progress.state).not.toBe(
      search({ seed: 11, restarts: 1, steps: 50 }).progress.state,
    );
  });
});
