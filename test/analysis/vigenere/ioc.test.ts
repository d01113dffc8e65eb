// Index of coincidence (src/analysis/vigenere/ioc.ts): column coincidences worked by hand on tiny texts, the ranking
// of key lengths, the lengths a long text searches, and a key longer than the limit.
import { describe, expect, it } from 'vitest';
import {
  candidateLengths,
  coincidences,
  iocScores,
  longerPeriod,
  rankLengths,
} from '../../../src/analysis/vigenere/ioc.js';

const RANDOM = 1 / 26;
/** Coincidences of lengths 1…k over 26 letters, each given as its excess over random letters. */
const coincidencesOf = (excess: number[]) => Float64Array.from([0, ...excess.map((e) => RANDOM + e)]);

describe('coincidences', () => {
  // Per column Σ f(f − 1) / (size · (size − 1)), averaged over the k columns; a column of one letter counts 0.
  it.each([
    // ABAB: one column {A: 2, B: 2} → (2 + 2) / 12; two columns AA and BB → 1 each; three: AB, B, A → 0.
    ['ABAB', [0, 1, 0, 1], [0, 1 / 3, 1, 0]],
    // AABB: two columns AB and AB → 0.
    ['AABB', [0, 0, 1, 1], [0, 1 / 3, 0, 0]],
    // AAAAAB: one column {A: 5, B: 1} → 20 / 30; two: AAA, AAB → (6/6 + 2/6) / 2; three: AA, AA, AB → (1 + 1 + 0) / 3.
    ['AAAAAB', [0, 0, 0, 0, 0, 1], [0, 2 / 3, 2 / 3, 2 / 3]],
  ])('of %s', (_, letters, expected) => {
    const out = coincidences(Uint16Array.from(letters), 2, 3);
    expect(out).toHaveLength(4);
    expected.forEach((x, k) => {
      expect(out[k]).toBeCloseTo(x, 15);
    });
  });

  it('as the answer shows them: every length 1…maxLength, six decimals', () => {
    expect(iocScores(Uint16Array.from([0, 1, 0, 1]), 2, 3)).toEqual({ '1': 0.333333, '2': 1, '3': 0 });
  });
});

describe('rankLengths', () => {
  it('ranks by excess over random letters, a multiple just behind its divisor, and ties to the shorter', () => {
    // (excess) / (1 + 0.005 k): 1 → 0.00995, 2 → 0.0198, 3 → 0.00985, 4 → 0.0196.
    expect(rankLengths(coincidencesOf([0.01, 0.02, 0.01, 0.02]), 26, 4)).toEqual([2, 4, 1, 3]);
    expect(rankLengths(coincidencesOf([0, 0, 0, 0]), 26, 4)).toEqual([1, 2, 3, 4]);
    // The preference is mild: 4 at 0.0205 (→ 0.02010) passes 2 at 0.02 (→ 0.01980).
    expect(rankLengths(coincidencesOf([0, 0.02, 0, 0.0205]), 26, 4)).toEqual([4, 2, 1, 3]);
    // Below random, a longer length is penalised less: −0.01 / 1.02 > −0.01 / 1.005.
    expect(rankLengths(coincidencesOf([-0.01, -0.01, 0.005, -0.01]), 26, 4)).toEqual([3, 4, 2, 1]);
  });
});

describe('candidateLengths', () => {
  it('keeps the four best ranked and adds the divisors that coincide half as well as a length above random', () => {
    const excess = Array<number>(12).fill(0);
    // Length 12 coincides 0.03 above random: its divisors 3 (0.02) and 6 (0.016) reach half of it, 4 (0.014) does
    // not; 9 (0.01) adds nothing new; 10 is below random and 11 at random, so their divisors are not looked at.
    Object.assign(excess, { 0: 0.001, 1: 0.001, 2: 0.02, 3: 0.014, 5: 0.016, 8: 0.01, 9: -0.001, 10: 0, 11: 0.03 });
    // The fifth, 4, is left out (TOP_LENGTHS is 4), as it is no divisor that coincides half as well.
    const ranked = [12, 9, 10, 11, 4, 3, 6, 1, 2, 5, 7, 8];
    expect(candidateLengths(ranked, coincidencesOf(excess), 26)).toEqual([12, 9, 10, 11, 3, 6]);
  });
});

describe('longerPeriod', () => {
  // 600 letters over 26: z = excess · √(pairs) / √(r(1 − r)), pairs = k · m(m − 1) / 2 with m = 600 / k:
  // 14 at 0.03 above random is about 17.5 deviations, 7 at 0.015 about 12.4, 12 at 0.023 about 14.5.
  const at = (entries: Record<number, number>, longest: number) => {
    const excess = Array<number>(longest).fill(0);
    for (const [k, e] of Object.entries(entries)) excess[Number(k) - 1] = e;
    return coincidencesOf(excess);
  };

  it('names a key past the limit when the most significant length and the shortest sharing 3/4 of it lie past it', () => {
    expect(longerPeriod(at({ 7: 0.015, 14: 0.03 }, 20), 600, 26, 10, 20)).toBe(14);
  });

  it('names nothing when a length within the limit coincides 3/4 as well (it explains them)', () => {
    expect(longerPeriod(at({ 12: 0.023, 14: 0.03 }, 24), 600, 26, 12, 24)).toBeUndefined();
  });

  it('names nothing when the most significant length is within the limit, or none is significant', () => {
    expect(longerPeriod(at({ 7: 0.03, 14: 0.03 }, 20), 600, 26, 10, 20)).toBeUndefined();
    expect(longerPeriod(at({ 14: 0.003 }, 20), 600, 26, 10, 20)).toBeUndefined();
  });
});
