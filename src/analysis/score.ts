// Log-likelihood of candidate plaintexts under a language model, for one text or for every shift at once.
import { type Alphabet, PARTNER_FLAG } from '../core/index.js';
import type { Language } from './languages.js';
import { charKind, getModel, KIND_SPACE, type LanguageModel, type NgramModel, SKIP } from './model.js';

/**
 * A text as the solvers see it. A code ≥ 0 is a letter of the candidate alphabet (its index), which a
 * key moves; a code < 0 is a fixed model symbol s, stored as −1 − s: the characters the cipher kept
 * as they were, read as letters the model knows, other letters, or (collapsed) word boundaries.
 */
export interface Tokens {
  readonly codes: Int32Array;
  /** How many codes are letters of the candidate alphabet. */
  readonly letters: number;
  /**
   * True when the text's spaces do not mark words (none at all, as when a cipher drops them, or
   * letters in equal groups): the boundaries are then dropped and the joined statistics apply.
   */
  readonly joined: boolean;
}

const INDEX_MASK = PARTNER_FLAG - 1;

/** Fewer boundaries than one per this many letters means the spaces are not word breaks. */
const JOINED_LETTERS_PER_BOUNDARY = 15;
/** A text without any break up to this many letters is more likely one word than letters run together. */
const LONGEST_WORD = 12;
/** Equal letter groups (five at a time, say) this many times over are a cipher's layout, not words. */
const MIN_GROUPS = 4;

/** How tokenize reads spaces: decided from the text, or forced (the model build calibrates each kind). */
export type Layout = 'auto' | 'spaced' | 'joined';

export function tokenize(text: string, a: Alphabet, model: LanguageModel, layout: Layout = 'auto'): Tokens {
  const B = model.boundary;
  const fixedB = -1 - B;
  const codes = new Int32Array(text.length + 1);
  let o = 0;
  let letters = 0;
  let lastFixedBoundary = true;
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < text.length) {
      const lo = text.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        cp = ((cp - 0xd800) << 10) + (lo - 0xdc00) + 0x10000;
        i++;
      }
    }
    const hit = a.lookup(cp);
    if (hit >= 0) {
      codes[o++] = hit & INDEX_MASK;
      letters++;
      lastFixedBoundary = false;
      continue;
    }
    const s = model.symbolOf(cp);
    if (s === SKIP) continue;
    if (s === B) {
      // Spaces and punctuation stay in place under the cipher, so a run of them is one boundary.
      if (lastFixedBoundary) continue;
      lastFixedBoundary = true;
    } else lastFixedBoundary = false;
    codes[o++] = -1 - s;
  }
  if (!lastFixedBoundary || o === 0) codes[o++] = fixedB;

  // Lengths of the runs between boundaries; the last code is always the closing boundary.
  const runs: number[] = [];
  let run = 0;
  for (let i = 0; i < o; i++) {
    if (codes[i] === fixedB) {
      runs.push(run);
      run = 0;
    } else run++;
  }
  const first = runs[0] as number;
  const grouped =
    runs.length >= MIN_GROUPS &&
    first >= 3 &&
    runs.every((r, i) => r === first || (i === runs.length - 1 && r < first));
  const breaks = runs.length - 1;
  const joined =
    layout === 'auto'
      ? grouped || (breaks === 0 ? letters > LONGEST_WORD : breaks * JOINED_LETTERS_PER_BOUNDARY < letters)
      : layout === 'joined';
  if (!joined) return { codes: codes.slice(0, o), letters, joined };
  const kept = codes.slice(0, o).filter((c, i) => c !== fixedB || i === o - 1);
  return { codes: kept, letters, joined };
}

/** The tokens up to the `letters`-th letter of the candidate alphabet (all of them if there are fewer). */
export function prefixTokens(tokens: Tokens, letters: number): Tokens {
  if (tokens.letters <= letters) return tokens;
  let seen = 0;
  let end = 0;
  while (seen < letters) if ((tokens.codes[end++] as number) >= 0) seen++;
  return { codes: tokens.codes.slice(0, end), letters, joined: tokens.joined };
}

/** The statistics that fit how a text is laid out. */
export function ngramsFor(model: LanguageModel, tokens: Tokens): NgramModel {
  return tokens.joined ? model.joined : model.spaced;
}

/** The model symbol each letter of the candidate alphabet stands for when it is plaintext. */
export function candidateSymbols(a: Alphabet, model: LanguageModel): Int32Array {
  const out = new Int32Array(a.size);
  for (let i = 0; i < a.size; i++) {
    const cp = a.ownCodes[i] as number;
    const hit = model.alphabet.lookup(cp);
    // A symbol the model does not know (a digit in a custom alphabet, say) gets the rare "other" floor.
    out[i] = hit >= 0 ? hit & INDEX_MASK : charKind(cp) === KIND_SPACE ? model.boundary : model.other;
  }
  return out;
}

/** Symbols of the plaintext when the k-th letter was enciphered by adding shifts[k mod period] (each 0…n−1). */
export function decodeSymbols(
  tokens: Tokens,
  shifts: ArrayLike<number>,
  cand: Int32Array,
  out = new Int32Array(tokens.codes.length),
): Int32Array {
  const n = cand.length;
  const period = shifts.length;
  const codes = tokens.codes;
  let k = 0;
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i] as number;
    if (c < 0) out[i] = -1 - c;
    else {
      let j = c - (shifts[k] as number);
      if (j < 0) j += n;
      out[i] = cand[j] as number;
      k = k + 1 === period ? 0 : k + 1;
    }
  }
  return out;
}

/** ln P(symbols) under a trigram table, the context padded with two boundaries. */
export function symbolsLogLikelihood(symbols: ArrayLike<number>, model: LanguageModel, ngrams: NgramModel): number {
  const S = model.symbolCount;
  const tri = ngrams.tri;
  let a = model.boundary;
  let b = model.boundary;
  let sum = 0;
  for (let i = 0; i < symbols.length; i++) {
    const c = symbols[i] as number;
    sum += tri[(a * S + b) * S + c] as number;
    a = b;
    b = c;
  }
  return sum;
}

/** Log-likelihood of text, read as a plaintext over alphabet a, under the model of a language. */
export function scoreText(text: string, a: Alphabet, language: Language | LanguageModel): number {
  const model = typeof language === 'string' ? getModel(language) : language;
  const tokens = tokenize(text, a, model);
  return symbolsLogLikelihood(decodeSymbols(tokens, [0], candidateSymbols(a, model)), model, ngramsFor(model, tokens));
}

/**
 * Log-likelihood of the decryption under every shift 0…n−1 (index = the shift that enciphered the
 * text). The distinct trigrams of codes are counted once, so each shift costs only a pass over them.
 */
export function shiftLogLikelihoods(tokens: Tokens, a: Alphabet, model: LanguageModel): Float64Array {
  const n = a.size;
  const S = model.symbolCount;
  // Codes 0…n−1 are cipher letters, n + s the fixed symbol s.
  const W = n + S;
  const codes = tokens.codes;
  const len = codes.length;
  const xs = new Int32Array(len);
  const ys = new Int32Array(len);
  const zs = new Int32Array(len);
  const counts = new Int32Array(len);
  let distinct = 0;
  // A dense index of trigrams pays for its allocation only on long texts; short ones use a map.
  const cube = W * W * W;
  const dense = cube <= 1 << 20 && len * 16 >= cube ? new Int32Array(cube).fill(-1) : null;
  const sparse = dense ? null : new Map<number, number>();
  let x = n + model.boundary;
  let y = x;
  for (let i = 0; i < len; i++) {
    const c = codes[i] as number;
    const z = c >= 0 ? c : n - 1 - c;
    const key = (x * W + y) * W + z;
    let slot = dense ? (dense[key] as number) : (sparse?.get(key) ?? -1);
    if (slot < 0) {
      slot = distinct++;
      if (dense) dense[key] = slot;
      else sparse?.set(key, slot);
      xs[slot] = x;
      ys[slot] = y;
      zs[slot] = z;
    }
    counts[slot]!++;
    x = y;
    y = z;
  }

  const cand = candidateSymbols(a, model);
  const map = new Int32Array(W);
  for (let s = n; s < W; s++) map[s] = s - n;
  const tri = ngramsFor(model, tokens).tri;
  const out = new Float64Array(n);
  for (let shift = 0; shift < n; shift++) {
    for (let c = 0; c < n; c++) map[c] = cand[c >= shift ? c - shift : c - shift + n] as number;
    let sum = 0;
    for (let t = 0; t < distinct; t++) {
      const p = map[xs[t] as number] as number;
      const q = map[ys[t] as number] as number;
      const r = map[zs[t] as number] as number;
      sum += (counts[t] as number) * (tri[(p * S + q) * S + r] as number);
    }
    out[shift] = sum;
  }
  return out;
}

/** Turns log-likelihoods into probabilities that sum to 1, without overflow or total underflow. */
export function softmax(logs: ArrayLike<number>, temperature = 1): Float64Array {
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < logs.length; i++) max = Math.max(max, logs[i] as number);
  const out = new Float64Array(logs.length);
  let sum = 0;
  for (let i = 0; i < logs.length; i++) {
    const v = Math.exp(((logs[i] as number) - max) / temperature);
    out[i] = v;
    sum += v;
  }
  for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) / sum;
  return out;
}

/** ln Σ exp(x) computed stably. */
export function logSumExp(logs: ArrayLike<number>): number {
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < logs.length; i++) max = Math.max(max, logs[i] as number);
  if (max === Number.NEGATIVE_INFINITY) return max;
  let sum = 0;
  for (let i = 0; i < logs.length; i++) sum += Math.exp((logs[i] as number) - max);
  return max + Math.log(sum);
}
