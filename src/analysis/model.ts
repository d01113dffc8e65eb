// Character n-gram language models: the committed count tables, their smoothing, and a cached loader.
import { readFileSync } from 'node:fs';
import { type Alphabet, type NamedAlphabetName, namedAlphabet, PARTNER_FLAG } from '../core/index.js';
import { assetUrl } from './assets.js';
import type { Language } from './languages.js';

/**
 * A language model's counts, as scripts/build-models.ts makes them and as src/analysis/models/<lang>.json
 * (everything but the tables) and <lang>.bin (the tables, see encodeModelFile) store them.
 */
export interface ModelFile {
  format: 3;
  language: Language;
  alphabet: NamedAlphabetName;
  /** The alphabet's letters (own, upper-case forms), in alphabet order. */
  letters: string;
  /** One character per model symbol: the lower-case letters, then BOUNDARY_CHAR, then OTHER_CHAR. */
  symbols: string;
  source: Record<string, unknown>;
  /** Relative frequency of each letter among the letters of the training text (sums to 1). */
  frequencies: number[];
  /** Statistics of running text, spaces and punctuation read as word boundaries. */
  spaced: NgramFile;
  /** The same text with everything but letters removed, as ciphertexts often are. */
  joined: NgramFile;
}

export interface NgramFile {
  /** Length of the longest n-gram counted. */
  order: number;
  /** Divides log-likelihoods before they become posteriors; fitted on a development split. */
  temperature: number;
  /**
   * The orders above the dense ones (see DENSE_ORDER), lowest first; the last is the top order. The top
   * level holds every n-gram seen in training and how often; each lower one the Kneser–Ney continuation
   * counts (how many distinct symbols precede each shorter n-gram). Everything but the top level's counts
   * follows from them (ngramTables) and is stored so that loading is views of the file with no per-entry work.
   */
  levels: NgramLevel[];
  /** dense[k − 1][row·S + x]: continuation count of order k (at most S), k = 1 … the dense orders. */
  dense: Uint8Array[];
  /** countsOfCounts[k − 1]: how many n-grams of order k have count 1, 2, 3 and 4 (what the discounts need). */
  countsOfCounts: number[][];
}

/**
 * The n-grams of one order grouped by context, the predicted symbols ascending within a context. The
 * lowest level lists its contexts (read in base S, ascending). A higher level's contexts are those of the
 * level below extended by one older symbol, its lead, stored grouped by the context they extend (in the
 * order below's order) and then by lead: so a context is found from the one below it, and an n-gram's
 * suffix is an n-gram of the order below in that parent context.
 */
export interface NgramLevel {
  /** Lowest level only (empty above): the contexts, ascending. */
  contexts: Int32Array;
  /** Higher levels only (empty at the lowest): the contexts extending context p below are childStarts[p] … childStarts[p + 1] − 1. */
  childStarts: Int32Array;
  /** Higher levels only: each context's oldest symbol, ascending among its siblings. */
  leads: Uint8Array;
  /** Context j's n-grams are starts[j] … starts[j + 1] − 1. */
  starts: Int32Array;
  /** The last symbol of each n-gram, ascending within its context. */
  symbols: Uint8Array;
  /** How often each n-gram was seen, or COUNT_ESCAPE: then overflow[k] is the count of n-gram overflowAt[k]. */
  counts: Uint8Array;
  overflowAt: Int32Array;
  overflow: Uint32Array;
}

/** The JSON half of a model: the ModelFile without its tables, and where the tables are. */
interface ModelHeader extends Omit<ModelFile, 'spaced' | 'joined'> {
  spaced: NgramHeader;
  joined: NgramHeader;
  tables: { file: string; bytes: number };
}

interface NgramHeader {
  order: number;
  temperature: number;
  countsOfCounts: number[][];
  /** Per level, lowest first: how many contexts, n-grams and overflowing counts its arrays hold. */
  levels: { contexts: number; ngrams: number; overflow: number }[];
}

export const BOUNDARY_CHAR = '_';
export const OTHER_CHAR = '#';
/** Marks a character that neither counts as a symbol nor breaks a word (a combining mark). */
export const SKIP = -1;

/** A count too large for a byte: the real count is the level's next overflow entry. */
const COUNT_ESCAPE = 255;
/** The first four bytes of a .bin table file, "CNGM" read as a little-endian uint32, then the format. */
const TABLES_MAGIC = 0x4d474e43;
const FORMAT = 3;

/**
 * A letter outside the model's alphabet is one symbol to the model but stands for many characters;
 * spreading its probability over this many keeps likelihoods comparable between languages.
 */
const OTHER_SPREAD = 32;
/** Modified Kneser–Ney keeps three discounts per order: for n-grams seen once, twice, and more. */
const DISCOUNT_CLASSES = 3;

/**
 * Interpolated modified Kneser–Ney probabilities of one kind of text. The top order lives in an
 * open-addressing hash of the n-grams seen in training; everything below it in one dense table.
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

export interface LanguageModel {
  readonly language: Language;
  readonly alphabet: Alphabet;
  /** Number of letters; symbols 0…letterCount−1 are the alphabet's letters. */
  readonly letterCount: number;
  /** letterCount + 2: the letters, the word boundary and "some other letter". */
  readonly symbolCount: number;
  readonly boundary: number;
  readonly other: number;
  readonly frequencies: Float64Array;
  readonly spaced: NgramModel;
  readonly joined: NgramModel;
  /** The symbol a character of a candidate plaintext stands for, or SKIP. */
  symbolOf(codePoint: number): number;
}

const LETTER = /^\p{L}$/u;
const MARK = /^\p{M}$/u;
const SPACE = /^[\s\p{Z}]$/u;

export const KIND_LETTER = 0;
export const KIND_MARK = 1;
export const KIND_SPACE = 2;
export const KIND_OTHER = 3;

const kindCache = new Map<number, number>();

/** Rough Unicode class of a character; cached because regex tests per character are slow. */
export function charKind(cp: number): number {
  if (cp < 0x80) {
    if ((cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a)) return KIND_LETTER;
    return cp === 0x20 || (cp >= 0x09 && cp <= 0x0d) ? KIND_SPACE : KIND_OTHER;
  }
  let k = kindCache.get(cp);
  if (k === undefined) {
    const s = String.fromCodePoint(cp);
    k = LETTER.test(s) ? KIND_LETTER : MARK.test(s) ? KIND_MARK : SPACE.test(s) ? KIND_SPACE : KIND_OTHER;
    if (kindCache.size < 65536) kindCache.set(cp, k);
  }
  return k;
}

/**
 * How a character of running text reads to a model over alphabet a: one of its letters (either
 * case, through the alphabet's own partners), some other letter, a word boundary, or nothing.
 */
export function textSymbol(cp: number, a: Alphabet): number {
  const hit = a.lookup(cp);
  if (hit >= 0) return hit & (PARTNER_FLAG - 1);
  const kind = charKind(cp);
  if (kind === KIND_LETTER) return a.size + 1;
  if (kind === KIND_MARK) return SKIP;
  return a.size;
}

/**
 * Symbols of a training passage: letters, other letters and (unless joined) collapsed word
 * boundaries, closed by a boundary that marks the passage's end (the start is the counts' padding).
 */
export function passageSymbols(text: string, a: Alphabet, joined = false): number[] {
  const boundary = a.size;
  const out: number[] = [];
  let last = boundary;
  for (const ch of text) {
    const s = textSymbol(ch.codePointAt(0) as number, a);
    if (s === SKIP || (s === boundary && (joined || last === boundary))) continue;
    out.push(s);
    last = s;
  }
  if (last !== boundary) out.push(boundary);
  return out;
}

/** The characters that name the symbols in a model file. */
export function symbolChars(a: Alphabet): string[] {
  return [...Array.from(a.partnerCodes, (cp) => String.fromCodePoint(cp)), BOUNDARY_CHAR, OTHER_CHAR];
}

/** Smooths the counts of a model file into log-probability tables. */
export function compileModel(file: ModelFile): LanguageModel {
  const alphabet = namedAlphabet(file.alphabet);
  const m = alphabet.size;
  const S = m + 2;
  if (file.symbols !== symbolChars(alphabet).join('')) {
    throw new Error(`model ${file.language}: symbols do not fit alphabet ${file.alphabet}`);
  }
  return {
    language: file.language,
    alphabet,
    letterCount: m,
    symbolCount: S,
    boundary: m,
    other: m + 1,
    frequencies: Float64Array.from(file.frequencies),
    spaced: compileNgrams(file.spaced, S, file.language),
    joined: compileNgrams(file.joined, S, file.language),
    symbolOf: (cp) => textSymbol(cp, alphabet),
  };
}

/** How many of the counts are 1, 2, 3 and 4. */
function countsOfCounts(counts: ArrayLike<number>): number[] {
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

function discountsOf(countsOfCounts: readonly number[]): Float64Array {
  const [n1, n2, n3, n4] = countsOfCounts as [number, number, number, number];
  const y = n1 + 2 * n2 > 0 ? n1 / (n1 + 2 * n2) : 0.5;
  const d = (k: number, nk: number, nk1: number): number => {
    const v = nk > 0 ? k - (k + 1) * y * (nk1 / nk) : k * 0.5;
    return Math.min(k, Math.max(0.05, v));
  };
  return Float64Array.of(0, d(1, n1, n2), d(2, n2, n3), d(3, n3, n4));
}

/** Distinct values of a key array and how often each occurs, both in ascending key order. */
function runs(keys: Int32Array): { keys: Int32Array; counts: Float64Array } {
  const sorted = keys.slice().sort();
  let distinct = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) distinct++;
  const out = { keys: new Int32Array(distinct), counts: new Float64Array(distinct) };
  for (let i = 0, j = -1; i < sorted.length; i++) {
    if (i === 0 || sorted[i] !== sorted[i - 1]) out.keys[++j] = sorted[i] as number;
    out.counts[j]!++;
  }
  return out;
}

/**
 * One row of a dense interpolated modified Kneser–Ney level: counts c[at…at+S) with discounts D, interpolated
 * with lower[low…low+S) (uniform when lower is null, below order 1), written to p[at…at+S).
 */
function smoothRow(
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
function densePyramid(levels: Float64Array[], S: number): Float64Array[] {
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

/** Orders up to this one are dense tables; above it, the n-grams seen, grouped by context. */
const DENSE_ORDER = 3;

/** How many orders of a model of order N are dense tables: 1 … this one. */
const denseOrder = (N: number): number => Math.min(DENSE_ORDER, N - 1);

/** The count of n-gram i of a level, an escaped one found by binary search in its overflow. */
function countAt(level: NgramLevel, i: number): number {
  const n = level.counts[i] as number;
  if (n !== COUNT_ESCAPE) return n;
  const at = level.overflowAt;
  let lo = 0;
  let hi = at.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((at[mid] as number) < i) lo = mid + 1;
    else hi = mid;
  }
  if (at[lo] !== i) throw new Error('model tables: an escaped count has no overflow entry');
  return level.overflow[lo] as number;
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
function compileNgrams(file: NgramFile, S: number, language: string): NgramModel {
  const N = file.order;
  const fail = (why: string): never => {
    throw new Error(`model ${language}: ${why}`);
  };
  if (!(N >= 2 && S <= 255 && S ** N < 2 ** 31)) fail(`order ${N} does not fit`);
  const dense = denseOrder(N);
  const H = N - dense;
  const levels = file.levels;
  if (levels.length !== H) fail(`order ${N} needs ${H} levels`);
  const other = S - 1;
  const spread = Math.log(OTHER_SPREAD);

  // The arrays must fit together; what they hold is checked as lookups reach it.
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

  // Plain (raw-count) models of orders 1…3: the search's guide, and what reads a context cut short by
  // letters not yet deciphered. Raw counts of a suffix are the sums over the top n-grams ending in it.
  // Computed on first use: Caesar solving never needs them, and loading should not pay for them.
  let short: Float64Array[] | undefined;
  const plain = (): Float64Array[] => {
    if (!short) {
      // Every top context's value, from the lowest level's up through the leads.
      let ctx = Float64Array.from(lowest.contexts);
      for (let h = 1; h < H; h++) {
        const level = levels[h] as NgramLevel;
        const cs = childStarts[h] as Int32Array;
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
      const st = starts[H - 1] as Int32Array;
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
      short = [];
      const pyramid = densePyramid(rawLevels, S);
      for (let k = 1; k < pyramid.length; k++) {
        const p = pyramid[k] as Float64Array;
        const out = new Float64Array(p.length);
        for (let i = 0; i < p.length; i++) out[i] = Math.log(p[i] as number) - (i % S === other ? spread : 0);
        short[k] = out;
      }
    }
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

/**
 * The tables of a model file from its top-order n-grams (ascending keys, context·S + symbol, and their
 * counts): the continuation counts of every lower order, the levels' layout and the counts of counts.
 */
export function ngramTables(
  keys: Int32Array,
  counts: ArrayLike<number>,
  S: number,
  order: number,
): Pick<NgramFile, 'levels' | 'dense' | 'countsOfCounts'> {
  const dense = denseOrder(order);
  const byOrder: { keys: Int32Array; counts: ArrayLike<number> }[] = [];
  byOrder[order] = { keys, counts };
  for (let k = order - 1; k > dense; k--) {
    const size = S ** k;
    byOrder[k] = runs((byOrder[k + 1] as { keys: Int32Array }).keys.map((g) => g % size));
  }
  const denseCounts: Float64Array[] = [];
  denseCounts[dense] = new Float64Array(S ** dense);
  for (const g of (byOrder[dense + 1] as { keys: Int32Array }).keys) denseCounts[dense]![g % S ** dense]!++;
  for (let k = dense - 1; k >= 1; k--) {
    const upper = denseCounts[k + 1] as Float64Array;
    const cur = new Float64Array(S ** k);
    for (let g = 0; g < upper.length; g++) if ((upper[g] as number) > 0) cur[g % cur.length]!++;
    denseCounts[k] = cur;
  }
  const levels: NgramLevel[] = [];
  // Each level's contexts in stored order, so the next level can place its contexts under them.
  let below = new Map<number, number>();
  for (let k = dense + 1; k <= order; k++) {
    const { keys: ks, counts: cs } = byOrder[k] as { keys: Int32Array; counts: ArrayLike<number> };
    for (let i = 0; i < ks.length; i++) {
      if (i > 0 && (ks[i] as number) <= (ks[i - 1] as number)) throw new Error('n-gram keys must ascend');
      const n = cs[i] as number;
      if (!(Number.isInteger(n) && n >= 1 && n < 2 ** 32)) throw new Error(`bad n-gram count ${n}`);
    }
    const weight = S ** (k - 2);
    const lowest = k === dense + 1;
    // Stored order: the lowest level by key; higher ones by (suffix context's place below, lead, symbol).
    const rank = (key: number): number => {
      const ctx = Math.floor(key / S);
      return lowest ? key : ((below.get(ctx % weight) as number) * S + Math.floor(ctx / weight)) * S + (key % S);
    };
    const sorted = Array.from(ks.keys()).sort((p, q) => rank(ks[p] as number) - rank(ks[q] as number));
    const contexts: number[] = [];
    const starts: number[] = [];
    const leads: number[] = [];
    const children = new Int32Array(lowest ? 0 : below.size);
    const symbols = new Uint8Array(ks.length);
    const stored = new Uint8Array(ks.length);
    const overflowAt: number[] = [];
    const overflow: number[] = [];
    const placed = new Map<number, number>();
    sorted.forEach((i, at) => {
      const key = ks[i] as number;
      const ctx = Math.floor(key / S);
      if (contexts.length === 0 || contexts.at(-1) !== ctx) {
        placed.set(ctx, contexts.length);
        contexts.push(ctx);
        starts.push(at);
        if (!lowest) {
          const parent = below.get(ctx % weight);
          if (parent === undefined) throw new Error('an n-gram suffix is missing from the order below');
          children[parent]!++;
          leads.push(Math.floor(ctx / weight));
        }
      }
      symbols[at] = key % S;
      const n = cs[i] as number;
      stored[at] = Math.min(n, COUNT_ESCAPE);
      if (n >= COUNT_ESCAPE) {
        overflowAt.push(at);
        overflow.push(n);
      }
    });
    starts.push(ks.length);
    const childStarts = new Int32Array(lowest ? 0 : children.length + 1);
    for (let p = 0; p < children.length; p++) childStarts[p + 1] = (childStarts[p] as number) + (children[p] as number);
    levels.push({
      contexts: lowest ? Int32Array.from(contexts) : new Int32Array(0),
      childStarts,
      leads: Uint8Array.from(leads),
      starts: Int32Array.from(starts),
      symbols,
      counts: stored,
      overflowAt: Int32Array.from(overflowAt),
      overflow: Uint32Array.from(overflow),
    });
    below = placed;
  }
  return {
    levels,
    dense: denseCounts.slice(1).map((c) => Uint8Array.from(c)),
    countsOfCounts: [
      ...denseCounts.slice(1).map(countsOfCounts),
      ...byOrder.slice(dense + 1).map((o) => countsOfCounts(o.counts)),
    ],
  };
}

/** Little-endian typed arrays: the tables are read as views of the file's bytes, so the host must be too. */
function checkLittleEndian(): void {
  if (new Uint8Array(Uint32Array.of(1).buffer)[0] !== 1) throw new Error('model tables need a little-endian host');
}

/** A level's arrays in file order. */
const LEVEL_ARRAYS = [
  'contexts',
  'childStarts',
  'starts',
  'overflowAt',
  'overflow',
  'leads',
  'symbols',
  'counts',
] as const;

/**
 * A model file as the two files the models directory holds: <lang>.json, everything but the tables as
 * readable JSON, and <lang>.bin, the tables. The .bin is "CNGM" and the format as two uint32, then per
 * kind (spaced, joined) the dense orders' continuation counts (order 1 first), then per level (lowest
 * first) the arrays of LEVEL_ARRAYS; every array starts at a multiple of 4 bytes, all are little-endian.
 * Equal model files give equal bytes.
 */
export function encodeModelFile(file: ModelFile): { header: string; tables: Uint8Array } {
  checkLittleEndian();
  const parts: Uint8Array[] = [new Uint8Array(Uint32Array.of(TABLES_MAGIC, FORMAT).buffer)];
  let bytes = 8;
  const push = (a: Int32Array | Uint32Array | Uint8Array): void => {
    const padded = new Uint8Array((a.byteLength + 3) & ~3);
    padded.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
    parts.push(padded);
    bytes += padded.length;
  };
  const ngramHeader = (ngrams: NgramFile): NgramHeader => {
    for (const table of ngrams.dense) push(table);
    return {
      order: ngrams.order,
      temperature: ngrams.temperature,
      countsOfCounts: ngrams.countsOfCounts,
      levels: ngrams.levels.map((level) => {
        for (const name of LEVEL_ARRAYS) push(level[name]);
        return { contexts: level.starts.length - 1, ngrams: level.symbols.length, overflow: level.overflow.length };
      }),
    };
  };
  const spaced = ngramHeader(file.spaced);
  const joined = ngramHeader(file.joined);
  const header: ModelHeader = { ...file, spaced, joined, tables: { file: `${file.language}.bin`, bytes } };
  const tables = new Uint8Array(bytes);
  let at = 0;
  for (const p of parts) {
    tables.set(p, at);
    at += p.length;
  }
  // One top-level field a line: small enough to read.
  const body = Object.entries(header).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`);
  return { header: `{\n${body.join(',\n')}\n}\n`, tables };
}

/** The model file of a header and its tables; the arrays are views of the tables' bytes, not copies. */
export function decodeModelFile(headerText: string, bytes: Uint8Array): ModelFile {
  checkLittleEndian();
  const header = JSON.parse(headerText) as ModelHeader;
  const name = header.tables.file;
  const fail = (why: string): never => {
    throw new Error(`model ${header.language}: ${why}`);
  };
  if (header.format !== FORMAT) fail(`format ${header.format} is not ${FORMAT}; run npm run build:models`);
  if (bytes.length !== header.tables.bytes) fail(`${name} holds ${bytes.length} bytes, not ${header.tables.bytes}`);
  // Typed-array views need aligned offsets; a Buffer from a pool may start anywhere.
  const own = bytes.byteOffset % 4 === 0 ? bytes : new Uint8Array(bytes);
  const { buffer, byteOffset } = own;
  const head = new Uint32Array(buffer, byteOffset, 2);
  if (head[0] !== TABLES_MAGIC || head[1] !== FORMAT) fail(`${name} is not format ${FORMAT} tables`);
  let at = 8;
  type View<T> = new (buffer: ArrayBufferLike, byteOffset: number, length: number) => T;
  const take = <T>(View: View<T>, length: number, width: number): T => {
    if (at + length * width > own.length) fail(`${name} is too short`);
    const view = new View(buffer, byteOffset + at, length);
    at += (length * width + 3) & ~3;
    return view;
  };
  const S = [...header.symbols].length;
  const ngrams = (h: NgramHeader): NgramFile => {
    const dense = denseOrder(h.order);
    return {
      order: h.order,
      temperature: h.temperature,
      countsOfCounts: h.countsOfCounts,
      dense: Array.from({ length: dense }, (_, k) => take(Uint8Array, S ** (k + 1), 1)),
      levels: h.levels.map((l, i) => {
        const lowest = i === 0;
        const below = lowest ? 0 : (h.levels[i - 1] as { contexts: number }).contexts;
        return {
          contexts: take(Int32Array, lowest ? l.contexts : 0, 4),
          childStarts: take(Int32Array, lowest ? 0 : below + 1, 4),
          starts: take(Int32Array, l.contexts + 1, 4),
          overflowAt: take(Int32Array, l.overflow, 4),
          overflow: take(Uint32Array, l.overflow, 4),
          leads: take(Uint8Array, lowest ? 0 : l.contexts, 1),
          symbols: take(Uint8Array, l.ngrams, 1),
          counts: take(Uint8Array, l.ngrams, 1),
        };
      }),
    };
  };
  const { tables: _, ...rest } = header;
  const file: ModelFile = { ...rest, spaced: ngrams(header.spaced), joined: ngrams(header.joined) };
  if (at !== own.length) fail(`${name} has bytes past its tables`);
  return file;
}

const cache = new Map<Language, LanguageModel>();

/** Reads the model files next to this module; works from source under tsx, vitest and Bun alike. */
export function readModelFile(language: Language): ModelFile {
  const header = readFileSync(assetUrl('models', `${language}.json`), 'utf8');
  return decodeModelFile(header, readFileSync(assetUrl('models', `${language}.bin`)));
}

/** The model of a language, read and compiled on first use. */
export function getModel(language: Language): LanguageModel {
  let model = cache.get(language);
  if (!model) {
    model = compileModel(readModelFile(language));
    cache.set(language, model);
  }
  return model;
}
