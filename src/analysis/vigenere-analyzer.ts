// Vigenère analysis: key length by index of coincidence, key by unigram fit refined with the n-gram model.
import { type Alphabet, codePointPrefix, letterIndices, vigenereDecryptShifts } from '../core/index.js';
import { AnalysisInputError } from './errors.js';
import { LANGUAGES, type Language } from './languages.js';
import { getModel, type LanguageModel, type NgramModel } from './model.js';
import { candidateSymbols, logSumExp, ngramsFor, prefixTokens, type Tokens, tokenize } from './score.js';

export interface VigenereAnalysis {
  language: Language;
  /** Mean index of coincidence of the columns, for every tried key length "1"…"max". */
  ioc_scores: Record<string, number>;
  /** Up to 5 key lengths, most likely first. */
  probable_key_lengths: number[];
  best_key_length: number;
  /** The recovered key in the alphabet's own (upper-case) forms, never a repetition of a shorter key. */
  probable_key: string;
  /** The first 200 code points of the decryption, case and non-alphabet characters kept. */
  decrypted_preview: string;
  /** Posterior probability, in [0, 1], that both the key length and every key letter are right. */
  confidence: number;
}

export const MIN_ANALYSIS_LETTERS = 20;
export const TOO_SHORT_MESSAGE = 'The text must contain at least 20 letters of the selected alphabet for analysis.';
const PREVIEW_CODE_POINTS = 200;
const MAX_PROBABLE_LENGTHS = 5;
/** Lengths with the best index of coincidence that get a full evaluation. */
const TOP_LENGTHS = 6;
/** Letters of the text the key search reads: enough for ~150 per key letter, at least 3,000. */
const MIN_SAMPLE = 3000;
const SAMPLE_PER_KEY_LETTER = 150;
/**
 * The search costs about alphabet size × sampled letters per key length tried; this bounds that
 * product (15,000+ letters for the 26-letter alphabet), so huge custom alphabets stay fast.
 */
const SAMPLE_WORK = 450_000;
const MIN_SAMPLE_ANY_ALPHABET = 1000;
const MAX_PASSES = 8;
/** With language 'auto', texts longer than this pick the language from a rough fit on this many letters. */
const SCREEN_SAMPLE = 3000;

/** Index of coincidence of every column split, lengths 1…maxLength. */
function coincidences(letters: Uint16Array, n: number, maxLength: number): Float64Array {
  const out = new Float64Array(maxLength + 1);
  const counts = new Int32Array(maxLength * n);
  for (let k = 1; k <= maxLength; k++) {
    counts.fill(0, 0, k * n);
    let col = 0;
    for (let i = 0; i < letters.length; i++) {
      counts[col * n + (letters[i] as number)]!++;
      col = col + 1 === k ? 0 : col + 1;
    }
    let sum = 0;
    for (let c = 0; c < k; c++) {
      let pairs = 0;
      let size = 0;
      for (let x = c * n; x < (c + 1) * n; x++) {
        const f = counts[x] as number;
        pairs += f * (f - 1);
        size += f;
      }
      sum += size > 1 ? pairs / (size * (size - 1)) : 0;
    }
    out[k] = sum / k;
  }
  return out;
}

/**
 * Key lengths 1…maxLength, most promising first: by how far the columns' coincidence rises above that
 * of random letters, with a mild preference for short keys, since a multiple of the period coincides
 * as well as the period itself.
 */
function rankLengths(ioc: Float64Array, n: number, maxLength: number): number[] {
  const rank = (k: number): number => ((ioc[k] as number) - 1 / n) / (1 + 0.005 * k);
  return Array.from({ length: maxLength }, (_, i) => i + 1).sort((x, y) => rank(y) - rank(x) || x - y);
}

/** Key lengths worth a full evaluation: the best ranked, and those of their divisors that also coincide. */
function candidateLengths(ranked: number[], ioc: Float64Array, n: number): number[] {
  const excess = (k: number): number => (ioc[k] as number) - 1 / n;
  const chosen = new Set(ranked.slice(0, TOP_LENGTHS));
  for (const k of [...chosen]) {
    if (excess(k) <= 0) continue;
    for (let d = 1; d < k; d++) if (k % d === 0 && excess(d) >= 0.5 * excess(k)) chosen.add(d);
  }
  return [...chosen];
}

/** The sampled text as one language model reads it. */
interface Layout {
  model: LanguageModel;
  ngrams: NgramModel;
  tokens: Tokens;
  cand: Int32Array;
  n: number;
}

interface Evaluation {
  length: number;
  key: Int32Array;
  /** Log-likelihood of the sampled decryption. */
  ll: number;
  /** Σ over key letters of ln Σ_s exp((local(s) − local(chosen))/T): how unsure each letter is. */
  spread: number;
  /** Tempered log posterior, up to a constant shared by all lengths of one language. */
  score: number;
}

/** The text tokenized for a language, cut after `sample` letters: the key search needs no more. */
function layoutFor(text: string, a: Alphabet, language: Language, sample: number): Layout {
  const model = getModel(language);
  const full = tokenize(text, a, model);
  return {
    model,
    ngrams: ngramsFor(model, full),
    tokens: prefixTokens(full, sample),
    cand: candidateSymbols(a, model),
    n: a.size,
  };
}

/** Best shift of each column on its own, by the letters' unigram log-likelihood. */
function unigramKey(layout: Layout, letters: Uint16Array, k: number): Int32Array {
  const { n, cand, ngrams } = layout;
  const counts = new Int32Array(k * n);
  let col = 0;
  for (let i = 0; i < letters.length; i++) {
    counts[col * n + (letters[i] as number)]!++;
    col = col + 1 === k ? 0 : col + 1;
  }
  const logp = Float64Array.from(cand, (s) => ngrams.uni[s] as number);
  const key = new Int32Array(k);
  for (let j = 0; j < k; j++) {
    let best = Number.NEGATIVE_INFINITY;
    for (let s = 0; s < n; s++) {
      let ll = 0;
      for (let c = 0; c < n; c++) {
        const f = counts[j * n + c] as number;
        if (f) ll += f * (logp[c >= s ? c - s : c - s + n] as number);
      }
      if (ll > best) {
        best = ll;
        key[j] = s;
      }
    }
  }
  return key;
}

/**
 * Coordinate ascent on the key: each key letter in turn takes the shift that maximises the trigram
 * likelihood of the whole sampled decryption, the others held fixed, until no letter can improve.
 * Only the trigrams that touch a column's letters change with its shift, so only they are summed, and
 * a column is revisited only when a letter within two places of it (a trigram's reach) has changed.
 */
function climb(layout: Layout, start: Int32Array): Evaluation {
  const { model, ngrams, tokens, cand, n } = layout;
  const k = start.length;
  const key = Int32Array.from(start);
  const S = model.symbolCount;
  const tri = ngrams.tri;
  const codes = tokens.codes;
  const len = codes.length;

  // Symbols of the decryption, after two boundaries of padding so every trigram has a full context.
  const syms = new Int32Array(len + 2).fill(model.boundary);
  const columnOf = new Int32Array(len).fill(-1);
  const sizes = new Int32Array(k);
  let ordinal = 0;
  for (let i = 0; i < len; i++) {
    const c = codes[i] as number;
    if (c < 0) syms[i + 2] = -1 - c;
    else {
      const j = ordinal++ % k;
      columnOf[i] = j;
      sizes[j]!++;
      const p = c - (key[j] as number);
      syms[i + 2] = cand[p < 0 ? p + n : p] as number;
    }
  }
  // Per column: where its letters sit in syms, their cipher codes, and the trigram ends they touch.
  const places: Int32Array[] = [];
  const letterCodes: Int32Array[] = [];
  const ends: Int32Array[] = [];
  {
    const filled = new Int32Array(k);
    for (let j = 0; j < k; j++) {
      places.push(new Int32Array(sizes[j] as number));
      letterCodes.push(new Int32Array(sizes[j] as number));
    }
    for (let i = 0; i < len; i++) {
      const j = columnOf[i] as number;
      if (j < 0) continue;
      const f = filled[j]!++;
      (places[j] as Int32Array)[f] = i + 2;
      (letterCodes[j] as Int32Array)[f] = codes[i] as number;
    }
    const stamp = new Int32Array(len + 2).fill(-1);
    for (let j = 0; j < k; j++) {
      const list: number[] = [];
      for (const t of places[j] as Int32Array) {
        for (let e = t; e <= t + 2 && e < len + 2; e++) {
          if (stamp[e] !== j) {
            stamp[e] = j;
            list.push(e);
          }
        }
      }
      ends.push(Int32Array.from(list));
    }
  }

  const locals = new Float64Array(k * n);
  const evaluate = (j: number): void => {
    const at = places[j] as Int32Array;
    const cs = letterCodes[j] as Int32Array;
    const es = ends[j] as Int32Array;
    for (let s = 0; s < n; s++) {
      for (let i = 0; i < at.length; i++) {
        const p = (cs[i] as number) - s;
        syms[at[i] as number] = cand[p < 0 ? p + n : p] as number;
      }
      let sum = 0;
      for (let i = 0; i < es.length; i++) {
        const e = es[i] as number;
        sum += tri[((syms[e - 2] as number) * S + (syms[e - 1] as number)) * S + (syms[e] as number)] as number;
      }
      locals[j * n + s] = sum;
    }
  };
  const setColumn = (j: number, s: number): void => {
    const at = places[j] as Int32Array;
    const cs = letterCodes[j] as Int32Array;
    for (let i = 0; i < at.length; i++) {
      const p = (cs[i] as number) - s;
      syms[at[i] as number] = cand[p < 0 ? p + n : p] as number;
    }
  };

  const dirty = new Uint8Array(k).fill(1);
  for (let pass = 0; pass < MAX_PASSES && dirty.includes(1); pass++) {
    for (let j = 0; j < k; j++) {
      if (!dirty[j]) continue;
      dirty[j] = 0;
      evaluate(j);
      // Only a strictly better shift moves a key letter, so ties cannot make the search cycle.
      let best = key[j] as number;
      for (let s = 0; s < n; s++) if ((locals[j * n + s] as number) > (locals[j * n + best] as number)) best = s;
      setColumn(j, best);
      if (best !== key[j]) {
        key[j] = best;
        for (let d = -2; d <= 2; d++) if (d !== 0) dirty[(((j + d) % k) + k) % k] = 1;
      }
    }
  }
  // Columns left dirty by the pass limit: refresh their local scores without moving them.
  for (let j = 0; j < k; j++) {
    if (dirty[j]) {
      evaluate(j);
      setColumn(j, key[j] as number);
    }
  }

  const T = ngrams.temperature;
  let spread = 0;
  const scaled = new Float64Array(n);
  for (let j = 0; j < k; j++) {
    const top = locals[j * n + (key[j] as number)] as number;
    for (let s = 0; s < n; s++) scaled[s] = ((locals[j * n + s] as number) - top) / T;
    spread += logSumExp(scaled);
  }
  let ll = 0;
  for (let e = 2; e < len + 2; e++) {
    ll += tri[((syms[e - 2] as number) * S + (syms[e - 1] as number)) * S + (syms[e] as number)] as number;
  }
  return { length: k, key, ll, spread, score: ll / T + spread - k * Math.log(n) };
}

/** The shortest key that repeats to this one. */
function period(key: Int32Array): Int32Array {
  const k = key.length;
  for (let p = 1; p < k; p++) {
    if (k % p !== 0) continue;
    let repeats = true;
    for (let i = p; i < k && repeats; i++) repeats = key[i] === key[i - p];
    if (repeats) return key.slice(0, p);
  }
  return key;
}

interface LanguageFit {
  language: Language;
  evaluations: Evaluation[];
  best: Evaluation;
}

function fitLanguage(
  text: string,
  a: Alphabet,
  language: Language,
  letters: Uint16Array,
  lengths: number[],
  sample: number,
): LanguageFit {
  const layout = layoutFor(text, a, language, sample);
  const byLength = new Map<number, Evaluation>();
  for (const k of lengths) {
    let e = climb(layout, unigramKey(layout, letters, k));
    // A key that repeats a shorter one is that shorter key: refit it at its own length.
    for (let short = period(e.key); short.length < e.key.length; short = period(e.key)) e = climb(layout, short);
    const old = byLength.get(e.length);
    if (!old || e.score > old.score) byLength.set(e.length, e);
  }
  const evaluations = [...byLength.values()];
  const best = evaluations.reduce((x, y) => (y.score > x.score ? y : x));
  return { language, evaluations, best };
}

/**
 * Estimates the key of a Vigenère ciphertext. With 'auto', every language is fitted and the one whose
 * best decryption is most likely (less the cost of naming the key) is reported.
 */
export function analyzeVigenere(
  text: string,
  a: Alphabet,
  language: Language | 'auto',
  maxKeyLength: number,
): VigenereAnalysis {
  const letters = letterIndices(text, a);
  if (letters.length < MIN_ANALYSIS_LETTERS) throw new AnalysisInputError('text', TOO_SHORT_MESSAGE);
  const n = a.size;
  const maxLength = Math.max(1, Math.min(Math.floor(maxKeyLength), Math.floor(letters.length / 2)));
  const ioc = coincidences(letters, n, maxLength);
  const ranked = rankLengths(ioc, n, maxLength);
  const lengths = candidateLengths(ranked, ioc, n);
  const wanted = Math.max(MIN_SAMPLE, SAMPLE_PER_KEY_LETTER * Math.max(...lengths));
  const sample = Math.max(MIN_SAMPLE_ANY_ALPHABET, Math.min(wanted, Math.floor(SAMPLE_WORK / n)));

  // Languages compare on untempered likelihood: each has its own temperature.
  const raw = (f: LanguageFit): number => f.best.ll - f.best.length * Math.log(n);
  const fittest = (fits: LanguageFit[]): LanguageFit => fits.reduce((x, y) => (raw(y) > raw(x) ? y : x));
  let languages: Language[] = language === 'auto' ? [...LANGUAGES] : [language];
  if (languages.length > 1 && letters.length > SCREEN_SAMPLE) {
    // A long text names its language clearly even from a rough fit; only the winner gets the full search.
    const screen = Math.min(sample, SCREEN_SAMPLE);
    const screened = languages.map((l) => fitLanguage(text, a, l, letters, lengths.slice(0, 2), screen));
    languages = [fittest(screened).language];
  }
  const fit = fittest(languages.map((l) => fitLanguage(text, a, l, letters, lengths, sample)));

  const posterior = new Map<number, number>();
  const z = logSumExp(fit.evaluations.map((e) => e.score));
  for (const e of fit.evaluations) posterior.set(e.length, Math.exp(e.score - z));
  const best = fit.best;
  const confidence = Math.min(1, Math.max(0, (posterior.get(best.length) ?? 0) * Math.exp(-best.spread)));

  // Fitted lengths by posterior, then the rest by coincidence alone.
  const fitted = fit.evaluations
    .slice()
    .sort((x, y) => y.score - x.score || x.length - y.length)
    .map((e) => e.length);
  const probable = [...new Set([best.length, ...fitted, ...ranked])].slice(0, MAX_PROBABLE_LENGTHS);

  const iocScores: Record<string, number> = {};
  for (let k = 1; k <= maxLength; k++) iocScores[String(k)] = Math.round((ioc[k] as number) * 1e6) / 1e6;

  return {
    language: fit.language,
    ioc_scores: iocScores,
    probable_key_lengths: probable,
    best_key_length: best.length,
    probable_key: Array.from(best.key, (s) => a.letters[s] as string).join(''),
    decrypted_preview: vigenereDecryptShifts(codePointPrefix(text, PREVIEW_CODE_POINTS), best.key, a),
    confidence,
  };
}
