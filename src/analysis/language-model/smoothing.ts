// The smoothed tables of one model, filled as lookups reach them: dense rows for the low orders, and each seen
// context's n-grams for the hashed orders above them.
import { COUNT_ESCAPE, countAt, denseOrder, type NgramFile, type NgramLevel } from './format.js';
import { DISCOUNT_CLASSES, discountsOf, smoothRow } from './kneser-ney.js';

/**
 * A letter outside the model's alphabet is one symbol to the model but stands for many characters;
 * spreading its probability over this many keeps likelihoods comparable between languages.
 */
export const OTHER_SPREAD = 32;

export type Fail = (why: string) => never;

/** The dense orders' tables: probs[k][row·S + x] = P(x | row), row the previous k − 1 symbols, filled a row at a time. */
interface DenseTables {
  readonly probs: Float64Array[];
  /** ln P at the top dense order. */
  readonly denseLog: Float64Array;
  readonly denseRows: number;
  readonly denseReady: Uint8Array;
  denseRow(k: number, row: number): void;
}

/**
 * The hashed orders: each seen n-gram's smoothed log probability, each seen context's ln γ (the share of mass it
 * hands to the order below), filled a context at a time.
 */
interface HashedTables {
  readonly values: Float64Array[];
  readonly gammas: Float64Array[];
  readonly ready: Uint8Array[];
  /** Smooths context j of level h, whose suffix is context `parent` of the level below (ready already). */
  smooth(h: number, j: number, parent: number): void;
}

/** What a lookup reads: the levels as stored, the lowest level's contexts by value, and the smoothed tables. */
export interface Smoothed extends DenseTables, HashedTables {
  readonly S: number;
  readonly dense: number;
  /** The number of hashed orders. */
  readonly H: number;
  readonly levels: readonly NgramLevel[];
  readonly starts: Int32Array[];
  readonly childStarts: Int32Array[];
  readonly rootSize: number;
  /** The lowest level's context index by context value, or −1. */
  readonly root: Int32Array;
  /** The symbol for letters outside the model's alphabet, and ln OTHER_SPREAD. */
  readonly other: number;
  readonly spread: number;
}

/** The tables of a file whose arrays fit together (checkTables in ngram-model.ts), smoothed lazily. */
export function smoothedTables(file: NgramFile, S: number, fail: Fail): Smoothed {
  const N = file.order;
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
  const rows = denseTables(S, dense, denseCounts, denseD);
  const hashed = hashedTables(levels, S, dense, D, rows, fail);
  return { ...rows, ...hashed, S, dense, H, levels, starts, childStarts, rootSize, root, other, spread };
}

function denseTables(S: number, dense: number, denseCounts: Uint8Array[], denseD: Float64Array[]): DenseTables {
  const rootSize = S ** dense;
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
  return { probs, denseLog, denseRows, denseReady, denseRow };
}

function hashedTables(
  levels: readonly NgramLevel[],
  S: number,
  dense: number,
  D: Float64Array[],
  rows: DenseTables,
  fail: Fail,
): HashedTables {
  const { denseLog, denseRows, denseReady, denseRow } = rows;
  const lowest = levels[0] as NgramLevel;
  const starts = levels.map((level) => level.starts);
  const values = levels.map((level) => new Float64Array(level.symbols.length));
  const gammas = levels.map((level) => new Float64Array(level.starts.length - 1));
  const ready = levels.map((level) => new Uint8Array(level.starts.length - 1));
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
  return { values, gammas, ready, smooth };
}
