// The query's inner loop: ln P(c | context) read from the smoothed tables, for any number of hashed orders, and
// unrolled for the one or two the shipped models have (the scorers' inner loops feel it).
import type { NgramLevel } from './format.js';
import type { Smoothed } from './smoothing.js';

export type LogProb = (context: number, c: number) => number;

/**
 * The lookup for the tables' number of hashed orders, or for only the lowest `H` of them: the model read at a lower
 * order (each order's stored values are its own interpolated probabilities, so the walk simply stops sooner).
 */
export function lookupOf(t: Smoothed, H = t.H): LogProb {
  return H <= 2 ? unrolled(t, H) : genericLookupOf(t, H);
}

/**
 * A lookup finds its context at each hashed order, lowest first, then reads from the top down: a seen
 * n-gram's value, else ln γ of its context plus the order below. Any number of orders; exported so that a test can
 * hold the unrolled lookups to it.
 */
export function genericLookupOf(t: Smoothed, H: number): LogProb {
  const { S, dense, levels, starts, childStarts, root, rootSize, other, spread } = t;
  const { values, gammas, ready, smooth, denseLog, denseRows, denseReady, denseRow } = t;
  const found = new Int32Array(H);
  const leadWeights = Float64Array.from({ length: H }, (_, h) => S ** (dense + h - 1));
  const generic = (context: number, c: number): number => {
    let acc = c === other ? -spread : 0;
    let j = root[context % rootSize] as number;
    if (j >= 0) {
      found[0] = j;
      let depth = 1;
      for (; depth < H; depth++) {
        const cs = childStarts[depth] as Int32Array;
        const leads = (levels[depth] as NgramLevel).leads;
        const a = Math.floor(context / (leadWeights[depth] as number)) % S;
        let k = cs[j] as number;
        const end = cs[j + 1] as number;
        while (k < end && (leads[k] as number) < a) k++;
        if (k === end || leads[k] !== a) break;
        j = k;
        found[depth] = j;
      }
      for (let h = depth - 1; h >= 0; h--) {
        const g = found[h] as number;
        if (!(ready[h] as Uint8Array)[g]) {
          for (let m = 0; m <= h; m++) {
            if (!(ready[m] as Uint8Array)[found[m] as number])
              smooth(m, found[m] as number, m > 0 ? (found[m - 1] as number) : -1);
          }
        }
        const st = starts[h] as Int32Array;
        const symbols = (levels[h] as NgramLevel).symbols;
        for (let i = st[g] as number, end = st[g + 1] as number; i < end; i++) {
          const x = symbols[i] as number;
          if (x === c) return acc + ((values[h] as Float64Array)[i] as number);
          if (x > c) break;
        }
        acc += (gammas[h] as Float64Array)[g] as number;
      }
    }
    const row = context % denseRows;
    if (!denseReady[row]) denseRow(dense, row);
    return acc + (denseLog[row * S + c] as number);
  };
  return generic;
}

/**
 * The shipped models' one or two hashed orders, with the walk unrolled (the scorers' inner loops feel it). Both
 * lookups are made in this one scope, as they were when the model was compiled in one function: made each in a
 * factory of its own, Bun's JIT ran them four times slower (20 → 80 ns a look-up; Node alike either way).
 */
function unrolled(t: Smoothed, H: number): LogProb {
  const { S, dense, levels, starts, childStarts, root, rootSize, other, spread } = t;
  const { values, gammas, ready, smooth, denseLog, denseRows, denseReady, denseRow } = t;
  const l0 = levels[0] as NgramLevel;
  const st0 = starts[0] as Int32Array;
  const v0 = values[0] as Float64Array;
  const g0 = gammas[0] as Float64Array;
  const r0 = ready[0] as Uint8Array;
  const l1 = levels[H > 1 ? 1 : 0] as NgramLevel;
  const cs1 = childStarts[H > 1 ? 1 : 0] as Int32Array;
  const st1 = starts[H > 1 ? 1 : 0] as Int32Array;
  const v1 = values[H > 1 ? 1 : 0] as Float64Array;
  const g1 = gammas[H > 1 ? 1 : 0] as Float64Array;
  const r1 = ready[H > 1 ? 1 : 0] as Uint8Array;
  const w1 = S ** dense;
  const twoLevels = (context: number, c: number): number => {
    let acc = c === other ? -spread : 0;
    const j = root[context % rootSize] as number;
    if (j >= 0) {
      const a = Math.floor(context / w1);
      let k = cs1[j] as number;
      const end = cs1[j + 1] as number;
      while (k < end && (l1.leads[k] as number) < a) k++;
      if (k < end && l1.leads[k] === a) {
        if (!r1[k]) {
          if (!r0[j]) smooth(0, j, -1);
          smooth(1, k, j);
        }
        for (let i = st1[k] as number, to = st1[k + 1] as number; i < to; i++) {
          const x = l1.symbols[i] as number;
          if (x === c) return acc + (v1[i] as number);
          if (x > c) break;
        }
        acc += g1[k] as number;
      }
      if (!r0[j]) smooth(0, j, -1);
      for (let i = st0[j] as number, to = st0[j + 1] as number; i < to; i++) {
        const x = l0.symbols[i] as number;
        if (x === c) return acc + (v0[i] as number);
        if (x > c) break;
      }
      acc += g0[j] as number;
    }
    const row = context % denseRows;
    if (!denseReady[row]) denseRow(dense, row);
    return acc + (denseLog[row * S + c] as number);
  };
  const oneLevel = (context: number, c: number): number => {
    let acc = c === other ? -spread : 0;
    const j = root[context % rootSize] as number;
    if (j >= 0) {
      if (!r0[j]) smooth(0, j, -1);
      for (let i = st0[j] as number, to = st0[j + 1] as number; i < to; i++) {
        const x = l0.symbols[i] as number;
        if (x === c) return acc + (v0[i] as number);
        if (x > c) break;
      }
      acc += g0[j] as number;
    }
    const row = context % denseRows;
    if (!denseReady[row]) denseRow(dense, row);
    return acc + (denseLog[row * S + c] as number);
  };
  return H === 1 ? oneLevel : twoLevels;
}
