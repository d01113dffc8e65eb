// Log-likelihood of candidate plaintexts under a language model, for one text or for every shift at once.
import { type Alphabet, PARTNER_FLAG } from '../core/index.js';
import { charKind, getModel, KIND_SPACE, type LanguageModel, type NgramModel, SKIP } from './language-model/index.js';
import type { Language } from './languages.js';
import { joinState, WordMarkReader } from './word-marks.js';
import { PASSAGE_START, type WordStartTable } from './word-start.js';

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
  /**
   * True when the text ends in a letter: the last word may be whole or cut short, so the closing
   * boundary is not in codes and scorers weigh both readings (see END_AT_WORD).
   */
  readonly open: boolean;
  /**
   * Spaced texts written in both cases only: at the code that begins a word, the word's case class inside
   * its sentence (word-marks.ts; CASE_NONE elsewhere). A text in one case says nothing by its case.
   */
  readonly caseAt?: Int8Array;
  /**
   * Spaced texts where an apostrophe ties two words: at the code that begins a word, its joins to the words
   * before and after (joinState in word-marks.ts).
   */
  readonly joinAt?: Int8Array;
}

/** Prior probability that a text ending in a letter ends at the end of a word rather than inside one. */
export const END_AT_WORD = 0.5;

const INDEX_MASK = PARTNER_FLAG - 1;

/** Fewer boundaries than one per this many letters means the spaces are not word breaks. */
const JOINED_LETTERS_PER_BOUNDARY = 15;
/** A text without any break up to this many letters is more likely one word than letters run together. */
const LONGEST_WORD = 12;
/** Equal letter groups (five at a time, say) this many times over are a cipher's layout, not words. */
const MIN_GROUPS = 4;

/** How tokenize reads spaces: decided from the text, or forced (the model build calibrates each kind). */
export type Layout = 'auto' | 'spaced' | 'joined';

/**
 * Reads a text for a model, up to its maxLetters-th letter (and the boundary after it): the solvers
 * need no more of a long text, and reading all of it would cost more than solving.
 */
export function tokenize(
  text: string,
  a: Alphabet,
  model: LanguageModel,
  layout: Layout = 'auto',
  maxLetters = Number.POSITIVE_INFINITY,
): Tokens {
  const B = model.boundary;
  const fixedB = -1 - B;
  const codes = new Int32Array(Math.min(text.length, 2 * maxLetters + 2) + 1);
  let o = 0;
  let letters = 0;
  let lastFixedBoundary = true;
  const reader = new WordMarkReader();
  /** The code each word read begins at. */
  const wordAt: number[] = [];
  let cased = 0;
  // The last slot is kept for the closing boundary; a cut text is simply read as open.
  for (let i = 0; i < text.length && o < codes.length - 1; i++) {
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
      if (letters === maxLetters) break;
      if (lastFixedBoundary) wordAt.push(o);
      cased |= reader.letter(cp);
      codes[o++] = hit & INDEX_MASK;
      letters++;
      lastFixedBoundary = false;
      continue;
    }
    const s = model.symbolOf(cp);
    if (s === SKIP) continue;
    if (s === B) {
      reader.separator(cp);
      // Spaces and punctuation stay in place under the cipher, so a run of them is one boundary.
      if (lastFixedBoundary) continue;
      lastFixedBoundary = true;
    } else {
      if (lastFixedBoundary) wordAt.push(o);
      reader.letter(cp);
      lastFixedBoundary = false;
    }
    codes[o++] = -1 - s;
  }
  reader.end();
  const open = !lastFixedBoundary && o > 0;
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
  // The closing boundary added above only served the run lengths when the text ends in a letter.
  const end = open ? o - 1 : o;
  if (!joined) {
    const tokens: Tokens = { codes: codes.slice(0, end), letters, joined, open };
    // Both bits set: upper- and lower-case letters of the alphabet both occur.
    const caseAt = cased === 3 ? new Int8Array(end).fill(-1) : undefined;
    const joinAt = reader.joins.some((j) => j !== 0) ? new Int8Array(end) : undefined;
    const last = wordAt.length - 1;
    wordAt.forEach((at, k) => {
      if (caseAt) caseAt[at] = reader.cases[k] as number;
      if (joinAt) joinAt[at] = joinState(reader.joins[k] as number, k === 0, k === last);
    });
    return { ...tokens, ...(caseAt && { caseAt }), ...(joinAt && { joinAt }) };
  }
  const kept = codes.slice(0, end).filter((c, i) => c !== fixedB || i === o - 1);
  return { codes: kept, letters, joined, open };
}

/** The tokens up to the `letters`-th letter of the candidate alphabet (all of them if there are fewer). */
export function prefixTokens(tokens: Tokens, letters: number): Tokens {
  if (tokens.letters <= letters) return tokens;
  let seen = 0;
  let end = 0;
  while (seen < letters) if ((tokens.codes[end++] as number) >= 0) seen++;
  const cut: Tokens = { codes: tokens.codes.slice(0, end), letters, joined: tokens.joined, open: true };
  return {
    ...cut,
    ...(tokens.caseAt && { caseAt: tokens.caseAt.slice(0, end) }),
    ...(tokens.joinAt && { joinAt: tokens.joinAt.slice(0, end) }),
  };
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

/** The context of a text's first symbol: order − 1 boundaries, as if a passage had just begun. */
export function startContext(model: LanguageModel, ngrams: NgramModel): number {
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
