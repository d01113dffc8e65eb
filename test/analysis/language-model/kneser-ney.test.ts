// Modified Kneser–Ney's arithmetic (kneser-ney.ts) against values worked by hand from Chen & Goodman, "An empirical
// study of smoothing techniques for language modeling" (1998): eq. 26's discounts, and interpolated rows (eq. 17 with
// the three discounts) over a uniform order 0 and over the order below.
import { describe, expect, it } from 'vitest';
import {
  countsOfCounts,
  DISCOUNT_CLASSES,
  densePyramid,
  discountsOf,
  smoothRow,
} from '../../../src/analysis/language-model/kneser-ney.js';

const close = (got: ArrayLike<number>, want: number[]) => {
  expect(got.length).toBe(want.length);
  for (const [i, w] of want.entries()) expect(got[i]).toBeCloseTo(w, 12);
};

describe('countsOfCounts', () => {
  it('counts the counts of 1, 2, 3 and 4, and nothing else', () => {
    expect(countsOfCounts([1, 2, 3, 4, 5, 0, 1, 255, 4, 4])).toEqual([2, 1, 1, 3]);
    expect(countsOfCounts(Uint8Array.of())).toEqual([0, 0, 0, 0]);
  });
});

describe('discountsOf (eq. 26: Y = n1 / (n1 + 2 n2), D_k = k − (k + 1) Y n_{k+1} / n_k, clamped to [0.05, k])', () => {
  it.each([
    // Y = 100/180 = 5/9: D1 = 1 − 2·(5/9)·0.4 = 5/9, D2 = 2 − 3·(5/9)·0.5 = 7/6, D3 = 3 − 4·(5/9)·0.5 = 17/9.
    [
      [100, 40, 20, 10],
      [5 / 9, 7 / 6, 17 / 9],
    ],
    // Y = 1/3: D1 = 1 − 2·(1/3)·1 = 1/3, D2 = 2 − 3·(1/3)·1 = 1, D3 = 3 − 0 = 3 (its cap).
    [
      [1, 1, 1, 0],
      [1 / 3, 1, 3],
    ],
    // No n-gram seen once or twice: Y = 0.5. n1 = 0: D1 = 1·0.5; n2 = 0: D2 = 1; D3 = 3 − 4·0.5·(2/1) = −1 → 0.05.
    [
      [0, 0, 1, 2],
      [0.5, 1, 0.05],
    ],
    // Many seen twice: D1 = 1 − 2·(10/210)·10 = 0.047… → 0.05.
    [
      [10, 100, 10, 1],
      [0.05, 2 - 3 * (10 / 210) * (10 / 100), 3 - 4 * (10 / 210) * (1 / 10)],
    ],
  ])('counts of counts %j → %j', (n, d) => {
    const D = discountsOf(n);
    expect(D).toHaveLength(DISCOUNT_CLASSES + 1);
    expect(D[0]).toBe(0);
    close(D.subarray(1), d);
  });
});

describe('smoothRow', () => {
  // S = 4, D = (0, 0.5, 1, 1.5); counts 3, 1, 0, 0: total 4, freed D3 + D1 = 2.
  const D = Float64Array.of(0, 0.5, 1, 1.5);
  it('interpolates with the uniform distribution below order 1', () => {
    const p = new Float64Array(8);
    smoothRow(Float64Array.of(9, 9, 9, 9, 3, 1, 0, 0), 4, 4, D, null, 0, p);
    // (3 − 1.5 + 2/4)/4, (1 − 0.5 + 2/4)/4, (2/4)/4, (2/4)/4.
    close(p, [0, 0, 0, 0, 0.5, 0.25, 0.125, 0.125]);
  });

  it('interpolates with the row of the order below, at its own offset', () => {
    const p = new Float64Array(4);
    smoothRow(Float64Array.of(3, 1, 0, 0), 0, 4, D, Float64Array.of(1, 1, 1, 1, 0.1, 0.2, 0.3, 0.4), 4, p);
    close(p, [(1.5 + 0.2) / 4, (0.5 + 0.4) / 4, 0.6 / 4, 0.8 / 4]);
  });

  it('gives an unseen context the order below whole', () => {
    const p = new Float64Array(4);
    smoothRow(new Float64Array(4), 0, 4, D, Float64Array.of(0.1, 0.2, 0.3, 0.4), 0, p);
    close(p, [0.1, 0.2, 0.3, 0.4]);
  });
});

describe('densePyramid', () => {
  it('smooths each order over the one below, worked by hand for two symbols', () => {
    // Order 1, counts 1, 2: n = (1, 1, 0, 0), Y = 1/3, D = (1/3, 2, 1.5); freed 7/3 over the uniform 1/2:
    // (1 − 1/3 + 7/6)/3 = 11/18 and (2 − 2 + 7/6)/3 = 7/18.
    // Order 2, rows (2, 0) and (1, 3): n = (1, 1, 1, 0), D = (1/3, 1, 3). Row 0: freed 1, (2 − 1 + 11/18)/2 = 29/36,
    // (7/18)/2 = 7/36. Row 1: freed 10/3, (1 − 1/3 + (10/3)(11/18))/4 = 73/108, ((10/3)(7/18))/4 = 35/108.
    // Order 3, no counts: each row is the row of its suffix (the newer symbol's context) below.
    const out = densePyramid(
      [new Float64Array(0), Float64Array.of(1, 2), Float64Array.of(2, 0, 1, 3), new Float64Array(8)],
      2,
    );
    close(out[1] as Float64Array, [11 / 18, 7 / 18]);
    close(out[2] as Float64Array, [29 / 36, 7 / 36, 73 / 108, 35 / 108]);
    close(out[3] as Float64Array, [29 / 36, 7 / 36, 73 / 108, 35 / 108, 29 / 36, 7 / 36, 73 / 108, 35 / 108]);
  });
});
