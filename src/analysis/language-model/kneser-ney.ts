// Interpolated modified Kneser–Ney arithmetic: the discounts from the counts of counts, and smoothed dense rows.

/** Modified Kneser–Ney keeps three discounts per order: for n-grams seen once, twice, and more. */
export const DISCOUNT_CLASSES = 3;

/** How many of the counts are 1, 2, 3 and 4. */
export function countsOfCounts(counts: ArrayLike<number>): number[] {
  const n = [0, 0, 0, 0, 0];
  for (let i = 0; i < counts.length; i++) {
    const c = counts[i] as number;
    if (c >= 1 && c <= 4) n[c]!++;
  }
  return n.slice(1);
}

/** Discounts of modified Kneser–Ney from the counts of counts (Chen & Goodman 1998, eq. 26). */
function discounts(counts: ArrayLike<number>): Float64Array {
  return discountsOf(countsOfCounts(counts));
}

export function discountsOf(countsOfCounts: readonly number[]): Float64Array {
  const [n1, n2, n3, n4] = countsOfCounts as [number, number, number, number];
  const y = n1 + 2 * n2 > 0 ? n1 / (n1 + 2 * n2) : 0.5;
  const d = (k: number, nk: number, nk1: number): number => {
    const v = nk > 0 ? k - (k + 1) * y * (nk1 / nk) : k * 0.5;
    return Math.min(k, Math.max(0.05, v));
  };
  return Float64Array.of(0, d(1, n1, n2), d(2, n2, n3), d(3, n3, n4));
}

/**
 * One row of a dense interpolated modified Kneser–Ney level: counts c[at…at+S) with discounts D, interpolated
 * with lower[low…low+S) (uniform when lower is null, below order 1), written to p[at…at+S).
 */
export function smoothRow(
  c: ArrayLike<number>,
  at: number,
  S: number,
  D: Float64Array,
  lower: Float64Array | null,
  low: number,
  p: Float64Array,
): void {
  let total = 0;
  let freed = 0;
  for (let x = 0; x < S; x++) {
    const n = c[at + x] as number;
    total += n;
    if (n > 0) freed += D[Math.min(n, DISCOUNT_CLASSES)] as number;
  }
  for (let x = 0; x < S; x++) {
    const base = lower === null ? 1 / S : (lower[low + x] as number);
    const n = c[at + x] as number;
    p[at + x] =
      total === 0 ? base : ((n > 0 ? n - (D[Math.min(n, DISCOUNT_CLASSES)] as number) : 0) + freed * base) / total;
  }
}

/** Interpolated modified Kneser–Ney over dense count tables of orders 1…d; below order 1 is uniform. */
export function densePyramid(levels: Float64Array[], S: number): Float64Array[] {
  const out: Float64Array[] = [];
  let lower = new Float64Array(1).fill(1 / S);
  for (let k = 1; k < levels.length; k++) {
    const c = levels[k] as Float64Array;
    const D = discounts(c);
    const p = new Float64Array(c.length);
    const lowerRows = Math.max(1, lower.length / S);
    for (let row = 0, rows = c.length / S; row < rows; row++) {
      smoothRow(c, row * S, S, D, k === 1 ? null : lower, (row % lowerRows) * S, p);
    }
    out[k] = p;
    lower = p;
  }
  return out;
}
