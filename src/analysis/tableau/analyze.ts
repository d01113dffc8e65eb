// Breaking Porta and autokey (issue 28): for each key length, each column's options ranked by the language's letter
// frequencies, the key searched under the joined trigrams (column-search.ts), the likeliest lengths' keys refined
// under the full model; the length and key weighed by their likelihood, and against "no answer", as Vigenère's are.
import { type Alphabet, codePointPrefix, letterIndices, letterPrefix, variantDecrypt } from '../../core/index.js';
import { answerProbability, doubtOf, type NoAnswerFit, noAnswerLogLikelihood } from '../confidence/index.js';
import { LANGUAGES, type Language, type LanguageModel } from '../language-model/index.js';
import { candidateSymbols, ngramsFor, searchModel, tokenize } from '../readings/index.js';
import { logSumExp, softmax, symbolsLogLikelihood } from '../scoring/index.js';
import type { VigenereAnalysis } from '../vigenere/index.js';
import { ColumnSearch } from './column-search.js';
import { autokeyColumns, type ColumnCipher, portaColumns, type TableauVariant } from './columns.js';

/** Letters read: the key of a column shows long before, and every judgement scores them. */
const READ_LETTERS = 300;
/** Key lengths searched under the joined trigrams (column-search.ts), the best by letter frequencies. */
const LENGTHS_SEARCHED = 20;
/** Restarts of that search, each from the best key so far with a few columns thrown elsewhere. */
const COLUMN_RESTARTS = 64;
/** The trigrams the searches of all lengths read at most (each length an equal share). */
const COLUMN_READS = 16_000_000;
/** Key lengths refined under the full n-gram model, the best by the trigram search. */
const LENGTHS_REFINED = 5;
/** Options of a column judged under the n-gram model: the best by letter frequencies. */
const OPTIONS_JUDGED = 10;
const SWEEPS = 4;
/** Options of each of two neighbouring columns tried together. */
const PAIR_OPTIONS = 5;

/** logit(conf) = a·logit(raw) + b. */
interface Platt {
  a: number;
  b: number;
}

/**
 * Fitted by log loss on the development split with development models (L = 5, 8, 12 at 4, 6 and 10·L, spaced and
 * letters only, 12 texts a cell and language: `npm run bench:accuracy -- --calibrate --split=dev
 * --vigenere-variant=porta --vigenere=12 --key-lengths=5,8,12 --multiples=4,6,10 --format=spaced,letters
 * --skip=caesar,null,identify,substitution,long,speed`, and autokey alike; docs/solver.md, "The Vigenère family"); the
 * identity is a = 1, b = 0. The raw probability is too sure of itself: the search's misses are keys it cannot leave,
 * whose neighbours all read worse (raw ECE on dev 0.008 Porta, 0.043 autokey).
 */
const CALIBRATION: Record<TableauVariant, Platt> = { porta: { a: 0.44, b: 0.2 }, autokey: { a: 0.59, b: -2.2 } };

function calibrated(raw: number, c: Platt): number {
  const p = Math.min(1 - 1e-12, Math.max(1e-12, raw));
  return 1 / (1 + Math.exp(-(c.a * Math.log(p / (1 - p)) + c.b)));
}

interface Fitted {
  L: number;
  key: number[];
  /** ln P(read text | key) under the n-gram model. */
  ll: number;
  /** The other options judged, one column changed each: their ln P. */
  neighbours: number[];
}

/** ln of each letter's frequency in the language (a letter it does not know: a floor). */
function letterLogs(a: Alphabet, model: LanguageModel): Float64Array {
  const cand = candidateSymbols(a, model);
  const f = Array.from(cand, (s) => Math.max(1e-6, model.frequencies[s] ?? 0));
  const total = f.reduce((x, y) => x + y, 0);
  return Float64Array.from(f, (x) => Math.log(x / total));
}

/** For one length: each column's options ranked by letter frequencies, and the best key's score by them. */
function unigramFit(c: Uint16Array, L: number, cipher: ColumnCipher, logs: Float64Array) {
  const ranked: number[][] = [];
  let score = 0;
  for (let j = 0; j < L; j++) {
    const scores = Array.from({ length: cipher.options }, (_, o) =>
      cipher.decode(c, L, j, o).reduce((s, p) => s + (logs[p] as number), 0),
    );
    const order = Array.from(scores.keys()).sort((x, y) => (scores[y] as number) - (scores[x] as number));
    ranked.push(order.slice(0, OPTIONS_JUDGED));
    score += scores[order[0] as number] as number;
  }
  return { L, ranked, score: score - L * Math.log(cipher.options) };
}

/**
 * The key refined under the full model from the column search's: column by column until no single change helps,
 * then neighbouring columns two at a time (a column's letters follow the previous column's, so two wrong neighbours
 * can each look right while the other stays wrong), and so on until neither helps.
 */
function refine(
  text: string,
  a: Alphabet,
  model: LanguageModel,
  cipher: ColumnCipher,
  fit: ReturnType<typeof unigramFit> & { start: number[] },
): Fitted {
  const score = fullScore(text, a, model, cipher, fit.L);
  const state = { key: fit.start.slice(), ll: 0, neighbours: [] as number[] };
  state.ll = score(state.key);
  for (let round = 0; round < SWEEPS; round++) {
    climbColumns(state, fit, score);
    if (fit.L < 2 || !climbPairs(state, fit, score)) break;
  }
  return { L: fit.L, key: state.key, ll: state.ll, neighbours: state.neighbours };
}

/**
 * The full model's ln P of the text decrypted under a key of length L, as scoreText reads the decryption: the text's
 * tokens once, each letter's plain symbol from its column's decoding (a decryption of the text itself rebuilt every
 * key letter's alphabet and took 2–3 s on 200 random letters at max_key_length 100).
 */
function fullScore(text: string, a: Alphabet, model: LanguageModel, cipher: ColumnCipher, L: number) {
  const tokens = tokenize(text, a, model);
  const ngrams = ngramsFor(model, tokens);
  const cand = candidateSymbols(a, model);
  const c = Int32Array.from(tokens.codes.filter((x) => x >= 0));
  const decoded = Array.from({ length: L }, (_, j) =>
    Array.from({ length: cipher.options }, (_, o) =>
      Int32Array.from(cipher.decode(c, L, j, o), (p) => cand[p] as number),
    ),
  );
  const symbols = new Int32Array(tokens.codes.length);
  return (key: number[]): number => {
    let k = 0;
    tokens.codes.forEach((x, i) => {
      symbols[i] = x < 0 ? -1 - x : (decoded[k % L]?.[key[k % L] as number]?.[Math.floor(k++ / L)] as number);
    });
    return symbolsLogLikelihood(symbols, model, ngrams);
  };
}

type State = { key: number[]; ll: number; neighbours: number[] };

/** Single-column changes until none helps; the last pass's scores are the key's neighbours. */
function climbColumns(state: State, fit: ReturnType<typeof unigramFit>, score: (key: number[]) => number): void {
  for (let sweep = 0; sweep < SWEEPS; sweep++) {
    let moved = false;
    state.neighbours = [];
    for (let j = 0; j < fit.L; j++) {
      for (const o of fit.ranked[j] as number[]) {
        if (o === state.key[j]) continue;
        const trial = state.key.slice();
        trial[j] = o;
        const s = score(trial);
        if (s > state.ll) {
          state.neighbours.push(state.ll);
          [state.ll, moved] = [s, true];
          state.key[j] = o;
        } else state.neighbours.push(s);
      }
    }
    if (!moved) return;
  }
}

/** Neighbouring columns changed together, each among its PAIR_OPTIONS likeliest; whether any change helped. */
function climbPairs(state: State, fit: ReturnType<typeof unigramFit>, score: (key: number[]) => number): boolean {
  let moved = false;
  for (let j = 0; j < fit.L; j++) {
    const k = (j + 1) % fit.L;
    for (const x of (fit.ranked[j] as number[]).slice(0, PAIR_OPTIONS))
      for (const y of (fit.ranked[k] as number[]).slice(0, PAIR_OPTIONS)) {
        if (x === state.key[j] || y === state.key[k]) continue;
        const trial = state.key.slice();
        trial[j] = x;
        trial[k] = y;
        const s = score(trial);
        if (s > state.ll) [state.ll, state.key, moved] = [s, trial, true];
      }
  }
  return moved;
}

/**
 * The lengths whose keys the full model refines: the LENGTHS_SEARCHED best by letter frequencies, each key searched
 * under the trigrams from its columns' frequency-best options; the LENGTHS_REFINED likeliest of them, each key letter
 * costing ln(options) as in the length's weight below.
 */
function searchLengths(c: Uint16Array, a: Alphabet, cipher: ColumnCipher, model: LanguageModel, maxL: number) {
  const logs = letterLogs(a, model);
  const text = { c, cipher, sym: candidateSymbols(a, model), ngrams: model.joined };
  return Array.from({ length: maxL }, (_, i) => unigramFit(c, i + 1, cipher, logs))
    .sort((x, y) => y.score - x.score)
    .slice(0, LENGTHS_SEARCHED)
    .map((f) => {
      const found = new ColumnSearch(text, f.L).search(
        f.ranked.map((r) => r[0] as number),
        COLUMN_RESTARTS,
        0x7ab1e ^ f.L,
        COLUMN_READS / LENGTHS_SEARCHED,
      );
      return { ...f, start: found.key, weight: found.ll / model.joined.temperature - f.L * Math.log(cipher.options) };
    })
    .sort((x, y) => y.weight - x.weight)
    .slice(0, LENGTHS_REFINED);
}

/** The language the letters' frequencies read best under its best key of some length (auto's first look). */
function likeliestLanguage(text: string, a: Alphabet, c: Uint16Array, cipher: ColumnCipher, maxL: number): Language {
  const best = (l: Language) => {
    const logs = letterLogs(a, searchModel(text, a, l, READ_LETTERS));
    return Math.max(...Array.from({ length: maxL }, (_, i) => unigramFit(c, i + 1, cipher, logs).score));
  };
  return LANGUAGES.map((l) => ({ l, s: best(l) })).reduce((x, y) => (y.s > x.s ? y : x)).l;
}

/**
 * Breaks a Porta or autokey text: key length (primer length for autokey), key and preview, with its confidence.
 * The caller checks the text has letters enough (the Vigenère analysis's minimum).
 */
export function analyzeTableau(
  text: string,
  a: Alphabet,
  language: Language | 'auto',
  maxKeyLength: number,
  variant: TableauVariant,
  how: {
    fit: NoAnswerFit;
    preview: number;
    /** The answer's `ioc_scores`, as the Vigenère analysis writes them (passed in: that room calls this one). */
    iocScores: (letters: Uint16Array, n: number, maxLength: number) => Record<string, number>;
    calibration?: Platt;
    raw?: (raw: number) => void;
  },
): VigenereAnalysis {
  const cipher = variant === 'porta' ? portaColumns(a.size) : autokeyColumns(a.size);
  const read = letterPrefix(text, a, READ_LETTERS);
  const c = letterIndices(read, a);
  const maxL = Math.max(1, Math.min(Math.floor(maxKeyLength), Math.floor(c.length / 2)));
  const chosen = language === 'auto' ? likeliestLanguage(read, a, c, cipher, maxL) : language;
  const model = searchModel(read, a, chosen, READ_LETTERS);
  const refined = searchLengths(c, a, cipher, model, maxL).map((f) => refine(read, a, model, cipher, f));
  const tokens = tokenize(read, a, model, 'auto', READ_LETTERS);
  const T = ngramsFor(model, tokens).temperature;
  const weights = refined.map((r) => r.ll / T - r.L * Math.log(cipher.options) - Math.log(maxL));
  const posterior = softmax(weights);
  const bestIndex = weights.indexOf(Math.max(...weights));
  const best = refined[bestIndex] as Fitted;
  const share = 1 / (1 + best.neighbours.reduce((s, x) => s + Math.exp((x - best.ll) / T), 0));
  const evidence = logSumExp(weights) - noAnswerLogLikelihood(tokens, a, model) / T;
  const answer = answerProbability(evidence, how.fit);
  const raw = (posterior[bestIndex] as number) * share;
  const confidence = answer * calibrated(raw, how.calibration ?? CALIBRATION[variant]);
  const key = period(best.key, cipher)
    .map((o) => a.letters[cipher.keyLetter(o)] as string)
    .join('');
  const reason = doubtOf(confidence, 1 - answer);
  how.raw?.(raw);
  return {
    language: chosen,
    ioc_scores: how.iocScores(c, a.size, maxL),
    probable_key_lengths: refined
      .map((r, i) => ({ L: r.L, p: posterior[i] as number }))
      .sort((x, y) => y.p - x.p)
      .map((r) => r.L),
    best_key_length: [...key].length,
    probable_key: key,
    decrypted_preview: variantDecrypt(codePointPrefix(text, how.preview), key, variant, a),
    confidence,
    no_answer: 1 - answer,
    ...(reason && { reason }),
  };
}

/**
 * A Porta key that repeats a shorter one is that one (ABAB keys as AB does); an autokey primer is never reduced (its
 * later letters are the plaintext's, not the primer's again).
 */
function period(key: number[], cipher: ColumnCipher): number[] {
  if (cipher.variant !== 'porta') return key;
  for (let p = 1; p < key.length; p++)
    if (key.length % p === 0 && key.every((o, i) => o === key[i % p])) return key.slice(0, p);
  return key;
}
