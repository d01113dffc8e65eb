// Character n-gram language models: the committed count tables, their smoothing, and a cached loader.
import { readFileSync } from 'node:fs';
import { type Alphabet, type NamedAlphabetName, namedAlphabet, PARTNER_FLAG } from '../core/index.js';
import type { Language } from './languages.js';

/** The shape of src/analysis/models/<lang>.json, written by scripts/build-models.ts. */
export interface ModelFile {
  format: 1;
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
  /** Absolute discount of the interpolated bigram and trigram estimates. */
  discount: number;
  /** Divides log-likelihoods before they become posteriors; fitted on a development split. */
  temperature: number;
  /** How often each symbol was predicted (the first symbol of a passage included, the padding not). */
  unigrams: number[];
  /** Symbol pairs and triples seen at least once, the context first and the predicted symbol last. */
  bigrams: NgramCounts;
  trigrams: NgramCounts;
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
/** Add-α smoothing of the unigram estimate, so no symbol has probability zero. */
const UNIGRAM_ALPHA = 0.5;

/** Smoothed natural-log probabilities of one kind of text. */
export interface NgramModel {
  /** ln P(symbol). */
  readonly uni: Float64Array;
  /** ln P(c | b) at b·S + c. */
  readonly bi: Float64Array;
  /** ln P(c | a b) at (a·S + b)·S + c. */
  readonly tri: Float64Array;
  readonly temperature: number;
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
  return {
    language: file.language,
    alphabet,
    letterCount: m,
    symbolCount: S,
    boundary: m,
    other: m + 1,
    frequencies: Float64Array.from(file.frequencies),
    spaced: compile(file.spaced),
    joined: compile(file.joined),
    symbolOf: (cp) => textSymbol(cp, alphabet),
  };
}

function compileNgrams(file: NgramFile, S: number, index: Int32Array, language: string): NgramModel {
  if (file.unigrams.length !== S) throw new Error(`model ${language}: unigrams do not fit the symbols`);
  const fill = (table: Float64Array, ngrams: NgramCounts, order: number): void => {
    const { keys, counts } = ngrams;
    if (keys.length !== counts.length * order) throw new Error(`model ${language}: n-gram keys do not fit counts`);
    for (let i = 0, k = 0; i < counts.length; i++) {
      let at = 0;
      for (let r = 0; r < order; r++, k++) {
        const s = index[keys.charCodeAt(k)] ?? -1;
        if (s < 0) throw new Error(`model ${language}: unknown symbol ${keys[k]}`);
        at = at * S + s;
      }
      table[at] = counts[i] as number;
    }
  };
  const D = file.discount;
  const other = S - 1;
  const total1 = file.unigrams.reduce((x, y) => x + y, 0);
  const p1 = Float64Array.from(file.unigrams, (c) => (c + UNIGRAM_ALPHA) / (total1 + UNIGRAM_ALPHA * S));
  const uni = logTable(p1, S, other);

  const c2 = new Float64Array(S * S);
  fill(c2, file.bigrams, 2);
  const p2 = interpolate(c2, S, D, p1, 1);
  const bi = logTable(p2, S, other);

  // The trigram estimate is written in place of its counts: the table is the largest thing built here.
  const tri = new Float64Array(S * S * S);
  fill(tri, file.trigrams, 3);
  logTable(interpolate(tri, S, D, p2, S, tri), S, other, tri);
  return { uni, bi, tri, temperature: file.temperature };
}

/**
 * Interpolated absolute discounting: each context keeps its counts less D and hands the mass it
 * frees to the lower-order estimate; an unseen context is the lower-order estimate. Rows are
 * contexts; the lower-order context drops the oldest symbol, so row r reads lower row r mod lowerRows.
 */
function interpolate(
  counts: Float64Array,
  S: number,
  D: number,
  lower: Float64Array,
  lowerRows: number,
  out = new Float64Array(counts.length),
): Float64Array {
  const rows = counts.length / S;
  for (let row = 0; row < rows; row++) {
    const at = row * S;
    const low = (row % lowerRows) * S;
    let total = 0;
    let types = 0;
    for (let c = 0; c < S; c++) {
      const n = counts[at + c] as number;
      total += n;
      if (n > 0) types++;
    }
    if (total === 0) {
      for (let c = 0; c < S; c++) out[at + c] = lower[low + c] as number;
      continue;
    }
    const back = (D * types) / total;
    for (let c = 0; c < S; c++) {
      out[at + c] = Math.max((counts[at + c] as number) - D, 0) / total + back * (lower[low + c] as number);
    }
  }
  return out;
}

/** Natural logs of probabilities; "other letter" is spread over OTHER_SPREAD characters. */
function logTable(p: Float64Array, S: number, other: number, out = new Float64Array(p.length)): Float64Array {
  const spread = Math.log(OTHER_SPREAD);
  for (let i = 0; i < p.length; i++) out[i] = Math.log(p[i] as number);
  for (let i = other; i < p.length; i += S) out[i] = (out[i] as number) - spread;
  return out;
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
