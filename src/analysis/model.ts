// Character n-gram language models: the committed count tables, their smoothing, and a cached loader.
import { readFileSync } from 'node:fs';
import { type Alphabet, type NamedAlphabetName, namedAlphabet, PARTNER_FLAG } from '../core/index.js';
import type { Language } from './languages.js';

/** The shape of src/analysis/models/<lang>.json, written by scripts/build-models.ts. */
export interface ModelFile {
  format: 2;
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
  /** Length of the longest n-gram counted; every lower order is derived from these counts. */
  order: number;
  /** Divides log-likelihoods before they become posteriors; fitted on a development split. */
  temperature: number;
  /** Every n-gram of the top order seen in training, the context first and the predicted symbol last. */
  ngrams: NgramCounts;
}

/**
 * The i-th n-gram is keys[i·order … i·order + order − 1] and was seen counts[i] times. One string and
 * one array parse several times faster than an object with thousands of keys.
 */
export interface NgramCounts {
  keys: string;
  counts: number[];
}

export const BOUNDARY_CHAR = '_';
export const OTHER_CHAR = '#';
/** Marks a character that neither counts as a symbol nor breaks a word (a combining mark). */
export const SKIP = -1;

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
  const chars = [...file.symbols];
  if (chars.length !== S) throw new Error(`model ${file.language}: symbols do not fit alphabet ${file.alphabet}`);
  // Symbol characters are BMP code points, so keys decode by code unit through a small table.
  const index = new Int32Array(Math.max(...chars.map((c) => c.charCodeAt(0))) + 1).fill(-1);
  chars.forEach((c, i) => {
    index[c.charCodeAt(0)] = i;
  });
  const compile = (ngrams: NgramFile): NgramModel => compileNgrams(ngrams, S, index, file.language);
  // Running text is what most requests send; the letters-only statistics are compiled when first read.
  const spaced = compile(file.spaced);
  let joined: NgramModel | undefined;
  return {
    language: file.language,
    alphabet,
    letterCount: m,
    symbolCount: S,
    boundary: m,
    other: m + 1,
    frequencies: Float64Array.from(file.frequencies),
    spaced,
    get joined(): NgramModel {
      joined ??= compile(file.joined);
      return joined;
    },
    symbolOf: (cp) => textSymbol(cp, alphabet),
  };
}

/** Discounts of modified Kneser–Ney from the counts of counts (Chen & Goodman 1998, eq. 26). */
function discounts(counts: ArrayLike<number>): Float64Array {
  const n = [0, 0, 0, 0, 0];
  for (let i = 0; i < counts.length; i++) {
    const c = counts[i] as number;
    if (c >= 1 && c <= 4) n[c]!++;
  }
  const [, n1, n2, n3, n4] = n as [number, number, number, number, number];
  const y = n1 + 2 * n2 > 0 ? n1 / (n1 + 2 * n2) : 0.5;
  const d = (k: number, nk: number, nk1: number): number => {
    const v = nk > 0 ? k - (k + 1) * y * (nk1 / nk) : k * 0.5;
    return Math.min(k, Math.max(0.05, v));
  };
  return Float64Array.of(0, d(1, n1, n2), d(2, n2, n3), d(3, n3, n4));
}

/** Open addressing with linear probing over non-negative integer keys below 2^31. */
class IntTable {
  readonly keys: Int32Array;
  readonly values: Float64Array;
  readonly mask: number;
  /** Fibonacci hashing: the top bits of key × 2^32/φ spread base-S keys whose low bits cluster. */
  readonly shift: number;

  constructor(entries: number) {
    let size = 16;
    let bits = 4;
    while (size < entries * 2) {
      size *= 2;
      bits++;
    }
    this.keys = new Int32Array(size).fill(-1);
    this.values = new Float64Array(size);
    this.mask = size - 1;
    this.shift = 32 - bits;
  }

  slot(key: number): number {
    let i = Math.imul(key, 0x9e3779b1) >>> this.shift;
    for (;;) {
      i &= this.mask;
      const k = this.keys[i] as number;
      if (k === key || k === -1) return i;
      i++;
    }
  }

  set(key: number, value: number): void {
    const i = this.slot(key);
    this.keys[i] = key;
    this.values[i] = value;
  }
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

/** ln P(c | context) of one order, context read in base S. */
type Lookup = (context: number, c: number) => number;

/**
 * One hashed order of interpolated modified Kneser–Ney: each seen n-gram keeps its smoothed log
 * probability, each seen context ln γ, the share of mass it hands to the order below; an n-gram never
 * seen is ln γ(context) plus the order below (just the order below when its context was never seen).
 */
function hashedOrder(
  keys: Int32Array,
  counts: ArrayLike<number>,
  S: number,
  lowerContexts: number,
  lower: Lookup,
): HashedLevel {
  const D = discounts(counts);
  const seen = new IntTable(keys.length);
  let contexts = 0;
  for (let i = 0; i < keys.length; i++) {
    if (i === 0 || Math.floor((keys[i] as number) / S) !== Math.floor((keys[i - 1] as number) / S)) contexts++;
  }
  const gammas = new IntTable(contexts);
  // Keys are sorted, so the n-grams of one context are contiguous.
  for (let from = 0; from < keys.length; ) {
    const ctx = Math.floor((keys[from] as number) / S);
    let to = from;
    let total = 0;
    let freed = 0;
    for (; to < keys.length && Math.floor((keys[to] as number) / S) === ctx; to++) {
      const n = counts[to] as number;
      total += n;
      freed += D[Math.min(n, DISCOUNT_CLASSES)] as number;
    }
    const low = ctx % lowerContexts;
    for (let i = from; i < to; i++) {
      const n = counts[i] as number;
      const x = (keys[i] as number) % S;
      const p = (n - (D[Math.min(n, DISCOUNT_CLASSES)] as number) + freed * Math.exp(lower(low, x))) / total;
      seen.set(keys[i] as number, Math.log(p));
    }
    gammas.set(ctx, Math.log(freed / total));
    from = to;
  }
  const { keys: sk, values: sv, mask: sm, shift: ss } = seen;
  const { keys: gk, values: gv, mask: gm, shift: gs } = gammas;
  // The closure serves the next order's build; scoring uses the flat loop in compileNgrams.
  const lookup: Lookup = (context, c) => {
    const key = context * S + c;
    let i = Math.imul(key, 0x9e3779b1) >>> ss;
    for (;;) {
      i &= sm;
      const k = sk[i] as number;
      if (k === key) return sv[i] as number;
      if (k === -1) break;
      i++;
    }
    const low = lower(context % lowerContexts, c);
    i = Math.imul(context, 0x9e3779b1) >>> gs;
    for (;;) {
      i &= gm;
      const k = gk[i] as number;
      if (k === context) return low + (gv[i] as number);
      if (k === -1) return low;
      i++;
    }
  };
  return { seen, gammas, lowerContexts, lookup };
}

/** One hashed order: its n-grams' log probabilities, its contexts' ln γ, and how it reads the order below. */
interface HashedLevel {
  seen: IntTable;
  gammas: IntTable;
  lowerContexts: number;
  lookup: Lookup;
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
      const at = row * S;
      const low = (row % lowerRows) * S;
      let total = 0;
      let freed = 0;
      for (let x = 0; x < S; x++) {
        const n = c[at + x] as number;
        total += n;
        if (n > 0) freed += D[Math.min(n, DISCOUNT_CLASSES)] as number;
      }
      for (let x = 0; x < S; x++) {
        const base = k === 1 ? 1 / S : (lower[low + x] as number);
        const n = c[at + x] as number;
        p[at + x] =
          total === 0 ? base : ((n > 0 ? n - (D[Math.min(n, DISCOUNT_CLASSES)] as number) : 0) + freed * base) / total;
      }
    }
    out[k] = p;
    lower = p;
  }
  return out;
}

/**
 * ln P(c | context) walking down from the top order: a seen n-gram's value, else ln γ of its context
 * (if seen) plus the order below. One loop over plain arrays, where nested closures would not inline.
 */
function flatLookup(hashed: HashedLevel[], dense: Float64Array, S: number, other: number, spread: number): Lookup {
  const depth = hashed.length;
  const sk = hashed.map((h) => h.seen.keys);
  const sv = hashed.map((h) => h.seen.values);
  const sm = Int32Array.from(hashed, (h) => h.seen.mask);
  const ss = Int32Array.from(hashed, (h) => h.seen.shift);
  const gk = hashed.map((h) => h.gammas.keys);
  const gv = hashed.map((h) => h.gammas.values);
  const gm = Int32Array.from(hashed, (h) => h.gammas.mask);
  const gs = Int32Array.from(hashed, (h) => h.gammas.shift);
  const lowerContexts = Int32Array.from(hashed, (h) => h.lowerContexts);
  return (context, c) => {
    let acc = c === other ? -spread : 0;
    let ctx = context;
    for (let d = 0; d < depth; d++) {
      const keys = sk[d] as Int32Array;
      const mask = sm[d] as number;
      const key = ctx * S + c;
      let i = Math.imul(key, 0x9e3779b1) >>> (ss[d] as number);
      for (;;) {
        i &= mask;
        const k = keys[i] as number;
        if (k === key) return acc + ((sv[d] as Float64Array)[i] as number);
        if (k === -1) break;
        i++;
      }
      const gKeys = gk[d] as Int32Array;
      const gMask = gm[d] as number;
      i = Math.imul(ctx, 0x9e3779b1) >>> (gs[d] as number);
      for (;;) {
        i &= gMask;
        const k = gKeys[i] as number;
        if (k === ctx) {
          acc += (gv[d] as Float64Array)[i] as number;
          break;
        }
        if (k === -1) break;
        i++;
      }
      ctx %= lowerContexts[d] as number;
    }
    return acc + (dense[ctx * S + c] as number);
  };
}

/** Orders up to this one are dense tables; above it, hashes of the n-grams seen. */
const DENSE_ORDER = 3;

/**
 * Lower orders are Kneser–Ney continuation counts: how many distinct symbols precede an n-gram, not how
 * often it occurs, so a symbol common only after one context does not look common everywhere.
 */
function compileNgrams(file: NgramFile, S: number, index: Int32Array, language: string): NgramModel {
  const N = file.order;
  if (!(N >= 2 && S ** N < 2 ** 31)) throw new Error(`model ${language}: order ${N} does not fit`);
  const { keys, counts } = file.ngrams;
  if (keys.length !== counts.length * N) throw new Error(`model ${language}: n-gram keys do not fit counts`);
  const top = new Int32Array(counts.length);
  for (let i = 0, k = 0; i < counts.length; i++) {
    let at = 0;
    for (let r = 0; r < N; r++, k++) {
      const s = index[keys.charCodeAt(k)] ?? -1;
      if (s < 0) throw new Error(`model ${language}: unknown symbol ${keys[k]}`);
      at = at * S + s;
    }
    if (i > 0 && at <= (top[i - 1] as number)) throw new Error(`model ${language}: n-grams out of order`);
    top[i] = at;
  }
  const other = S - 1;
  const spread = Math.log(OTHER_SPREAD);
  const dense = Math.min(DENSE_ORDER, N - 1);

  // Continuation counts of each lower order: sparse (sorted keys) above the dense orders.
  const levels: { keys: Int32Array; counts: ArrayLike<number> }[] = [];
  levels[N] = { keys: top, counts };
  for (let k = N - 1; k > dense; k--) {
    const upper = levels[k + 1]!.keys;
    const size = S ** k;
    levels[k] = runs(upper.map((g) => g % size));
  }
  let denseCounts = new Float64Array(S ** dense);
  for (const g of levels[dense + 1]!.keys) denseCounts[g % denseCounts.length]!++;
  const denseLevels: Float64Array[] = [];
  denseLevels[dense] = denseCounts;
  for (let k = dense - 1; k >= 1; k--) {
    const cur = new Float64Array(S ** k);
    for (let g = 0; g < denseCounts.length; g++) if ((denseCounts[g] as number) > 0) cur[g % cur.length]!++;
    denseLevels[k] = cur;
    denseCounts = cur;
  }

  const probabilities = densePyramid(denseLevels, S);
  const lower = probabilities[dense] as Float64Array;
  const uni = probabilities[1] as Float64Array;
  // Plain (raw-count) models of orders 1…3: the search's guide, and what reads a context cut short by
  // letters not yet deciphered. Raw counts of a suffix are the sums over the top n-grams ending in it.
  // Computed on first use: Caesar solving never needs them, and loading should not pay for them.
  let short: Float64Array[] | undefined;
  const plain = (): Float64Array[] => {
    if (!short) {
      const rawLevels: Float64Array[] = [];
      const c3 = new Float64Array(S ** 3);
      for (let i = 0; i < top.length; i++) c3[(top[i] as number) % c3.length]! += counts[i] as number;
      rawLevels[3] = c3;
      for (let k = 2; k >= 1; k--) {
        const upper = rawLevels[k + 1] as Float64Array;
        const c = new Float64Array(S ** k);
        for (let g = 0; g < upper.length; g++) c[g % c.length]! += upper[g] as number;
        rawLevels[k] = c;
      }
      short = densePyramid(rawLevels, S).map((p) => p.map((v, i) => Math.log(v) - (i % S === other ? spread : 0)));
    }
    return short;
  };
  const denseLog = lower.map(Math.log);
  let lookup: Lookup = (context, c) => denseLog[context * S + c] as number;
  const hashed: HashedLevel[] = [];
  for (let k = dense + 1; k <= N; k++) {
    const level = levels[k]!;
    const built = hashedOrder(level.keys, level.counts, S, S ** (k - 2), lookup);
    hashed.unshift(built);
    lookup = built.lookup;
  }
  const logProb = flatLookup(hashed, denseLog, S, other, spread);
  const uniLog = Float64Array.from(uni, (v, i) => Math.log(v) - (i === other ? spread : 0));
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

const cache = new Map<Language, LanguageModel>();

/** Reads the model file next to this module; works from source under tsx, vitest and Bun alike. */
export function readModelFile(language: Language): ModelFile {
  const url = new URL(`./models/${language}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as ModelFile;
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
