// Query: interpolated modified Kneser–Ney probabilities read from the stored tables, smoothed lazily as lookups reach them.
import { COUNT_ESCAPE, countAt, denseOrder, type NgramFile, type NgramLevel } from './format.js';
import { DISCOUNT_CLASSES, densePyramid, discountsOf, smoothRow } from './kneser-ney.js';

/**
 * A letter outside the model's alphabet is one symbol to the model but stands for many characters;
 * spreading its probability over this many keeps likelihoods comparable between languages.
 */
const OTHER_SPREAD = 32;

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
  const dense = denseOrder(N);
  const H = N - dense;
  const levels = file.levels;
  const other = S - 1;
  const spread = Math.log(OTHER_SPREAD);
  const starts = levels.map((level) => level.starts);
  const childStarts = levels.map((level) => level.childStarts);
  const D = levels.map((_, h) => discountsOf(file.countsOfCounts[dense + h] as number[]));
  const denseCounts: Uint8Array[] = [];
  const denseD: Float64Array[] = [];
  for (let k = 1; k <= dense; k++) {
    denseCounts[k] = file.dense[k - 1] as Uint8Array;
    denseD[k] = discountsOf(file.countsOfCounts[k - 1] as number[]);
  }

  // The lowest level's contexts by value; every higher context is found from the one below it.
  const lowest = levels[0] as NgramLevel;
  const rootSize = S ** dense;
  const root = new Int32Array(rootSize).fill(-1);
  for (let j = 0, contexts = lowest.contexts; j < contexts.length; j++) {
    const ctx = contexts[j] as number;
    if (!(ctx >= 0 && ctx < rootSize) || (j > 0 && ctx <= (contexts[j - 1] as number))) {
      fail(`order ${dense + 1} contexts out of order`);
    }
    root[ctx] = j;
  }

  // Dense orders: probs[k][row·S + x] = P(x | row), row the previous k − 1 symbols, filled a row at a time.
  const probs: Float64Array[] = [];
  const rowReady: Uint8Array[] = [];
  for (let k = 1; k <= dense; k++) {
    probs[k] = new Float64Array(S ** k);
    rowReady[k] = new Uint8Array(S ** (k - 1));
  }
  const denseLog = new Float64Array(rootSize);
  const denseRow = (k: number, row: number): void => {
    const lowerRows = k === 1 ? 1 : S ** (k - 2);
    const low = (row % lowerRows) * S;
    if (k > 1 && !(rowReady[k - 1] as Uint8Array)[row % lowerRows]) denseRow(k - 1, row % lowerRows);
    const c = denseCounts[k] as Uint8Array;
    const d = denseD[k] as Float64Array;
    const p = probs[k] as Float64Array;
    const lower = probs[k > 1 ? k - 1 : k] as Float64Array;
    const at = row * S;
    smoothRow(c, at, S, d, k === 1 ? null : lower, low, p);
    if (k === dense) for (let x = 0; x < S; x++) denseLog[at + x] = Math.log(p[at + x] as number);
    (rowReady[k] as Uint8Array)[row] = 1;
  };
  const denseRows = S ** (dense - 1);
  const denseReady = rowReady[dense] as Uint8Array;

  // Hashed orders: each seen n-gram's smoothed log probability, each seen context's ln γ (the share of
  // mass it hands to the order below), filled a context at a time.
  const values = levels.map((level) => new Float64Array(level.symbols.length));
  const gammas = levels.map((level) => new Float64Array(level.starts.length - 1));
  const ready = levels.map((level) => new Uint8Array(level.starts.length - 1));
  /** Smooths context j of level h, whose suffix is context `parent` of the level below (ready already). */
  const smooth = (h: number, j: number, parent: number): void => {
    const level = levels[h] as NgramLevel;
    const { counts, symbols } = level;
    const st = starts[h] as Int32Array;
    const from = st[j] as number;
    const to = st[j + 1] as number;
    if (!(from < to && to <= symbols.length)) fail(`order ${dense + 1 + h} arrays do not fit`);
    const d = D[h] as Float64Array;
    let total = 0;
    let freed = 0;
    for (let i = from; i < to; i++) {
      let n = counts[i] as number;
      if (n === COUNT_ESCAPE) n = countAt(level, i);
      total += n;
      freed += d[Math.min(n, DISCOUNT_CLASSES)] as number;
    }
    const v = values[h] as Float64Array;
    // The order below: the dense row of this context's suffix, or the parent context's n-grams, whose
    // symbols include all of this context's (every n-gram's suffix was counted one order down).
    const row = h === 0 ? (lowest.contexts[j] as number) % denseRows : 0;
    if (h === 0 && !denseReady[row]) denseRow(dense, row);
    const below = h > 0 ? (levels[h - 1] as NgramLevel).symbols : symbols;
    const belowValues = values[h > 0 ? h - 1 : h] as Float64Array;
    let q = h > 0 ? ((starts[h - 1] as Int32Array)[parent] as number) : 0;
    const qEnd = h > 0 ? ((starts[h - 1] as Int32Array)[parent + 1] as number) : 0;
    for (let i = from, last = -1; i < to; i++) {
      const x = symbols[i] as number;
      if (x <= last || x >= S) fail(`order ${dense + 1 + h} n-grams out of order`);
      last = x;
      let lower: number;
      if (h === 0) lower = denseLog[row * S + x] as number;
      else {
        while (q < qEnd && (below[q] as number) < x) q++;
        if (q === qEnd || below[q] !== x) fail(`order ${dense + 1 + h} has an n-gram whose suffix is missing`);
        lower = belowValues[q] as number;
      }
      let n = counts[i] as number;
      if (n === COUNT_ESCAPE) n = countAt(level, i);
      const p = (n - (d[Math.min(n, DISCOUNT_CLASSES)] as number) + freed * Math.exp(lower)) / total;
      v[i] = Math.log(p);
    }
    (gammas[h] as Float64Array)[j] = Math.log(freed / total);
    (ready[h] as Uint8Array)[j] = 1;
  };

  // A lookup finds its context at each hashed order, lowest first, then reads from the top down: a seen
  // n-gram's value, else ln γ of its context plus the order below.
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

  // The models shipped have one or two hashed orders: those get the same walk unrolled, which the
  // scorers' inner loops feel.
  const l0 = lowest;
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
  const logProb = H === 1 ? oneLevel : H === 2 ? twoLevels : generic;

  denseRow(1, 0);
  const uniLog = Float64Array.from(probs[1] as Float64Array, (v, i) => Math.log(v) - (i === other ? spread : 0));

  // Computed on first use: Caesar solving never needs them, and loading should not pay for them.
  let short: Float64Array[] | undefined;
  const plain = (): Float64Array[] => {
    if (!short) short = plainTables(file, S);
    return short;
  };
  return {
    order: N,
    symbolCount: S,
    contexts: S ** (N - 1),
    uni: uniLog,
    get fast(): Float64Array {
      return plain()[3] as Float64Array;
    },
    get short(): readonly Float64Array[] {
      return plain();
    },
    temperature: file.temperature,
    logProb,
  };
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
