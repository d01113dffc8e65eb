// Query: interpolated modified Kneser–Ney probabilities read from the stored tables, smoothed lazily as lookups reach them.
import { COUNT_ESCAPE, countAt, denseOrder, type NgramFile, type NgramLevel } from './format.js';
import { densePyramid } from './kneser-ney.js';
import { lookupOf } from './lookup.js';
import { OTHER_SPREAD, smoothedTables } from './smoothing.js';

/**
 * Interpolated modified Kneser–Ney probabilities of one kind of text. The orders above the dense ones live
 * in the stored levels of the n-grams seen in training, grouped by context; orders 1…DENSE_ORDER (format.ts)
 * in dense tables.
 */
export interface NgramModel {
  readonly order: number;
  readonly symbolCount: number;
  /** S^(order−1): the number of distinct contexts, each the last order−1 symbols read in base S. */
  readonly contexts: number;
  /** ln P(symbol), the unigram level of the model (for quick per-column estimates). */
  readonly uni: Float64Array;
  /** ln P(c | a b) at (a·S + b)·S + c: a plain trigram model, a fast guide for the key search. */
  readonly fast: Float64Array;
  /** short[m]: ln P(c | the previous m − 1 symbols) of the plain model of order m = 1…3 (short[3] is fast). */
  readonly short: readonly Float64Array[];
  readonly temperature: number;
  /** ln P(c | context), context = Σ sᵢ·S^(order−2−i) over the previous order−1 symbols, oldest first. */
  logProb(context: number, c: number): number;
  /**
   * The same model one order lower (its top order left unread), where it has a stored order to spare: a search
   * whose look-ups fit one dense table of S^(order−1) values reads it, and leaves the top order to the judging.
   */
  readonly lower: NgramModel | undefined;
}

/**
 * Interpolated modified Kneser–Ney over the stored counts. Lower orders are Kneser–Ney continuation
 * counts: how many distinct symbols precede an n-gram, not how often it occurs, so a symbol common only
 * after one context does not look common everywhere.
 *
 * Loading takes the stored arrays as they are and only indexes the lowest order's contexts (one pass over
 * them) and smooths order 1. A context's smoothed log probabilities (and
 * a dense row's) are computed the first time a lookup reaches it, with the same arithmetic in the same
 * order as computing them all at once, so values do not depend on which contexts were read first.
 */
export function compileNgrams(file: NgramFile, S: number, language: string): NgramModel {
  const N = file.order;
  const fail = (why: string): never => {
    throw new Error(`model ${language}: ${why}`);
  };
  checkTables(file, S, fail);
  const tables = smoothedTables(file, S, fail);
  const { denseRow, probs, other, spread } = tables;
  denseRow(1, 0);
  const uni = Float64Array.from(probs[1] as Float64Array, (v, i) => Math.log(v) - (i === other ? spread : 0));
  // Computed on first use: Caesar solving never needs them, and loading should not pay for them.
  let short: Float64Array[] | undefined;
  const plain = (): Float64Array[] => {
    short ??= plainTables(file, S);
    return short;
  };
  const read = (order: number, H: number): NgramModel => {
    let lower: NgramModel | undefined;
    return {
      order,
      symbolCount: S,
      contexts: S ** (order - 1),
      uni,
      get fast(): Float64Array {
        return plain()[3] as Float64Array;
      },
      get short(): readonly Float64Array[] {
        return plain();
      },
      temperature: file.temperature,
      logProb: lookupOf(tables, H),
      get lower(): NgramModel | undefined {
        if (H > 1) lower ??= read(order - 1, H - 1);
        return lower;
      },
    };
  };
  return read(N, tables.H);
}

/** The order and the tables' arrays must fit together; what the arrays hold is checked as lookups reach it. */
function checkTables(file: NgramFile, S: number, fail: (why: string) => never): void {
  const N = file.order;
  if (!(N >= 2 && S <= 255 && S ** N < 2 ** 31)) fail(`order ${N} does not fit`);
  const dense = denseOrder(N);
  const H = N - dense;
  const levels = file.levels;
  if (levels.length !== H) fail(`order ${N} needs ${H} levels`);
  for (let h = 0; h < H; h++) {
    const level = levels[h] as NgramLevel;
    const n = level.starts.length - 1;
    const below = h > 0 ? (levels[h - 1] as NgramLevel).starts.length - 1 : 0;
    const { contexts, childStarts, leads } = level;
    if (
      n < 0 ||
      (h === 0
        ? contexts.length !== n || childStarts.length !== 0 || leads.length !== 0
        : contexts.length !== 0 || childStarts.length !== below + 1 || leads.length !== n) ||
      (h > 0 && (childStarts[0] !== 0 || childStarts[below] !== n)) ||
      level.starts[0] !== 0 ||
      level.starts[n] !== level.symbols.length ||
      level.counts.length !== level.symbols.length ||
      level.overflowAt.length !== level.overflow.length
    ) {
      fail(`order ${dense + 1 + h} arrays do not fit`);
    }
  }
  if (file.dense.length !== dense || file.dense.some((t, k) => t.length !== S ** (k + 1)))
    fail('dense orders do not fit');
  if (file.countsOfCounts.length !== N || file.countsOfCounts.some((n) => n.length !== 4)) {
    fail('counts of counts do not fit');
  }
}

/**
 * Plain (raw-count) models of orders 1…3: the search's guide, and what reads a context cut short by
 * letters not yet deciphered. Raw counts of a suffix are the sums over the top n-grams ending in it.
 */
function plainTables(file: NgramFile, S: number): Float64Array[] {
  const levels = file.levels;
  const dense = denseOrder(file.order);
  const H = levels.length;
  const lowest = levels[0] as NgramLevel;
  const other = S - 1;
  const spread = Math.log(OTHER_SPREAD);
  // Every top context's value, from the lowest level's up through the leads.
  let ctx = Float64Array.from(lowest.contexts);
  for (let h = 1; h < H; h++) {
    const level = levels[h] as NgramLevel;
    const cs = level.childStarts;
    const next = new Float64Array(level.starts.length - 1);
    const weight = S ** (dense + h - 1);
    for (let p = 0; p < ctx.length; p++) {
      for (let k = cs[p] as number; k < (cs[p + 1] as number); k++) {
        next[k] = (level.leads[k] as number) * weight + (ctx[p] as number);
      }
    }
    ctx = next;
  }
  const top = levels[H - 1] as NgramLevel;
  const st = top.starts;
  const rawLevels: Float64Array[] = [];
  const c3 = new Float64Array(S ** 3);
  const { symbols, counts } = top;
  for (let g = 0; g < ctx.length; g++) {
    const base = (ctx[g] as number) * S;
    for (let i = st[g] as number, to = st[g + 1] as number; i < to; i++) {
      const n = counts[i] as number;
      c3[(base + (symbols[i] as number)) % c3.length]! += n === COUNT_ESCAPE ? countAt(top, i) : n;
    }
  }
  rawLevels[3] = c3;
  for (let k = 2; k >= 1; k--) {
    const upper = rawLevels[k + 1] as Float64Array;
    const c = new Float64Array(S ** k);
    // upper[r·|c| + i] sums into c[i], in the order of g as before.
    for (let g = 0; g < upper.length; g += c.length) {
      for (let i = 0; i < c.length; i++) c[i]! += upper[g + i] as number;
    }
    rawLevels[k] = c;
  }
  const short: Float64Array[] = [];
  const pyramid = densePyramid(rawLevels, S);
  for (let k = 1; k < pyramid.length; k++) {
    const p = pyramid[k] as Float64Array;
    const out = new Float64Array(p.length);
    for (let i = 0; i < p.length; i++) out[i] = Math.log(p[i] as number) - (i % S === other ? spread : 0);
    short[k] = out;
  }
  return short;
}
