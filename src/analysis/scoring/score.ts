// Log-likelihood of candidate plaintexts under a language model, for one text or for every shift at once.
import type { Alphabet } from '../../core/index.js';
import { getModel, type Language, type LanguageModel, type NgramModel } from '../language-model/index.js';
import { candidateSymbols, decodeSymbols, END_AT_WORD, ngramsFor, type Tokens, tokenize } from '../readings/index.js';
import { PASSAGE_START, type WordStartTable } from '../words/index.js';

/** The context of a text's first symbol: order − 1 boundaries, as if a passage had just begun. */
function startContext(model: LanguageModel, ngrams: NgramModel): number {
  let ctx = 0;
  for (let i = 0; i < ngrams.order - 1; i++) ctx = ctx * model.symbolCount + model.boundary;
  return ctx;
}

/** ln P(symbols) under an n-gram model, the context padded with boundaries. */
export function symbolsLogLikelihood(symbols: ArrayLike<number>, model: LanguageModel, ngrams: NgramModel): number {
  const S = model.symbolCount;
  const contexts = ngrams.contexts;
  let ctx = startContext(model, ngrams);
  let sum = 0;
  for (let i = 0; i < symbols.length; i++) {
    const c = symbols[i] as number;
    sum += ngrams.logProb(ctx, c);
    ctx = (ctx * S + c) % contexts;
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
 * What to add to a spaced text's log-likelihood, scored from the padded passage-start context, when
 * its first symbols may as well begin at any word inside a passage (PASSAGE_START against the rest).
 */
export function wordStartCorrection(
  symbols: ArrayLike<number>,
  model: LanguageModel,
  ngrams: NgramModel,
  start: WordStartTable,
): number {
  const k = Math.min(3, symbols.length);
  if (k === 0) return 0;
  const S = model.symbolCount;
  let ctx = startContext(model, ngrams);
  let passage = 0;
  let index = 0;
  for (let i = 0; i < k; i++) {
    const c = symbols[i] as number;
    passage += ngrams.logProb(ctx, c);
    ctx = (ctx * S + c) % ngrams.contexts;
    index = index * S + c;
  }
  const inside = (start.first[k - 1] as Float64Array)[index] as number;
  const a = Math.log(PASSAGE_START) + passage;
  const b = Math.log(1 - PASSAGE_START) + inside;
  const max = Math.max(a, b);
  return max + Math.log(Math.exp(a - max) + Math.exp(b - max)) - passage;
}

/**
 * Log-likelihood of the decryption under every shift 0…n−1 (index = the shift that enciphered the
 * text). The distinct n-grams of codes are counted once, so each shift costs only a pass over them.
 * With a word-start table, a spaced text may begin inside a passage as well as at its start.
 */
export function shiftLogLikelihoods(
  tokens: Tokens,
  a: Alphabet,
  model: LanguageModel,
  start?: WordStartTable,
): Float64Array {
  const n = a.size;
  const S = model.symbolCount;
  const ngrams = ngramsFor(model, tokens);
  const N = ngrams.order;
  // Codes 0…n−1 are cipher letters, n + s the fixed symbol s; an n-gram is read in base W.
  const W = n + S;
  const codes = tokens.codes;
  const len = codes.length;
  const grams = new Int32Array(len * N);
  const counts = new Int32Array(len);
  const slots = new Map<number, number>();
  const window = new Int32Array(N).fill(n + model.boundary);
  let distinct = 0;
  for (let i = 0; i < len; i++) {
    const c = codes[i] as number;
    for (let r = 0; r + 1 < N; r++) window[r] = window[r + 1] as number;
    window[N - 1] = c >= 0 ? c : n - 1 - c;
    let key = 0;
    for (let r = 0; r < N; r++) key = key * W + (window[r] as number);
    let slot = slots.get(key);
    if (slot === undefined) {
      slot = distinct++;
      slots.set(key, slot);
      grams.set(window, slot * N);
    }
    counts[slot]!++;
  }

  const cand = candidateSymbols(a, model);
  const map = new Int32Array(W);
  for (let s = n; s < W; s++) map[s] = s - n;
  const out = new Float64Array(n);
  // The first three codes, in the same base-W numbering as the n-gram windows.
  const window0 = Int32Array.from(codes.subarray(0, 3), (c) => (c >= 0 ? c : n - 1 - c));
  const first = new Int32Array(3);
  for (let shift = 0; shift < n; shift++) {
    for (let c = 0; c < n; c++) map[c] = cand[c >= shift ? c - shift : c - shift + n] as number;
    let sum = 0;
    for (let t = 0, g = 0; t < distinct; t++) {
      let ctx = 0;
      for (let r = 0; r + 1 < N; r++) ctx = ctx * S + (map[grams[g++] as number] as number);
      sum += (counts[t] as number) * ngrams.logProb(ctx, map[grams[g++] as number] as number);
    }
    if (tokens.open) {
      let ctx = 0;
      for (let r = 1; r < N; r++) ctx = ctx * S + (map[window[r] as number] as number);
      sum += Math.log(END_AT_WORD * Math.exp(ngrams.logProb(ctx, model.boundary)) + (1 - END_AT_WORD));
    }
    if (start && !tokens.joined) {
      const k = Math.min(3, len);
      for (let i = 0; i < k; i++) first[i] = map[window0[i] as number] as number;
      sum += wordStartCorrection(first.subarray(0, k), model, ngrams, start);
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
