// Breaking an affine cipher: every key (a coprime to the alphabet's size, b) scored under the language model, as
// Caesar's shifts are, with the probability that there is no answer at all.
import {
  type Alphabet,
  affineKeyProblem,
  codePointLength,
  codePointPrefix,
  permutationOf,
  permuteLetters,
} from '../../core/index.js';
import { type Doubt, doubtOf, noAnswerLogLikelihood } from '../confidence/index.js';
import { AnalysisInputError, NO_LETTERS_MESSAGE } from '../errors.js';
import { LANGUAGES, type Language } from '../language-model/index.js';
import { candidateSymbols, ngramsFor, searchModel, tokenize } from '../readings/index.js';
import { logSumExp, softmax } from '../scoring/index.js';
import { gramsOf, scorerOf } from '../substitution/index.js';

export interface AffineSolution {
  /** The key that enciphered the text: plain letter i became letter (a·i + b) mod n. */
  a: number;
  b: number;
  text: string;
  /** Probability that this key is the answer, "no answer" weighed: all keys' scores and noAnswer sum to 1. */
  score: number;
  /** Set when `text` is only the first candidateChars code points of the decryption. */
  truncated?: true;
}

export interface AffineSolveResult {
  language: Language;
  /** One entry per key, most probable first. */
  solutions: AffineSolution[];
  noAnswer: number;
  evidence: number;
  reason?: Doubt;
}

/** The letters scored: a wrong key loses hundreds of nats long before. */
const SCORED_LETTERS = 1000;
/**
 * Keys × letters scored at most: A–Z's 312 keys read 1,000 letters, but a custom alphabet of 256 letters has 32,768
 * keys, which on 1,000 letters took 2.3 s; they read fewer (never under MIN_SCORED_LETTERS).
 */
const SCORED_WORK = 400_000;
const MIN_SCORED_LETTERS = 20;

/** Every affine key of an alphabet of n letters, a ascending then b. */
export function affineKeys(n: number): { a: number; b: number }[] {
  const keys: { a: number; b: number }[] = [];
  for (let a = 1; a < n; a++) {
    if (affineKeyProblem({ a, b: 0 }, n)) continue;
    for (let b = 0; b < n; b++) keys.push({ a, b });
  }
  return keys;
}

/** Cipher letter index → plain letter index under key (a, b): the inverse of i ↦ a·i + b. */
function decryption(key: { a: number; b: number }, n: number): Int32Array {
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[(key.a * i + key.b) % n] = i;
  return out;
}

/**
 * Each key's log-likelihood in one language (untempered; T is the temperature the models are calibrated at), and
 * what "no answer" makes of the text. Identify weighs the affine family with these.
 */
export function scoreAffineKeys(text: string, a: Alphabet, language: Language, keys: { a: number; b: number }[]) {
  const letters = Math.max(MIN_SCORED_LETTERS, Math.min(SCORED_LETTERS, Math.floor(SCORED_WORK / keys.length)));
  const model = searchModel(text, a, language, letters);
  const tokens = tokenize(text, a, model, 'auto', letters);
  if (tokens.letters === 0) throw new AnalysisInputError('text', NO_LETTERS_MESSAGE);
  const ngrams = ngramsFor(model, tokens);
  const grams = gramsOf(tokens, a.size, model, ngrams);
  const scorer = scorerOf(grams, ngrams, candidateSymbols(a, model), model.symbolCount);
  const logs = keys.map((k) => {
    scorer.set(decryption(k, a.size));
    return scorer.total;
  });
  return { language, logs, T: ngrams.temperature, nullLog: noAnswerLogLikelihood(tokens, a, model) };
}

/**
 * Every key of an affine cipher ranked by its posterior, in one language or (auto) the one whose best key reads
 * likeliest. candidateChars cuts the text of every key but the best, as Caesar's does, to keep the answer's size.
 */
export function solveAffine(
  text: string,
  a: Alphabet,
  language: Language | 'auto',
  candidateChars?: number,
): AffineSolveResult {
  const keys = affineKeys(a.size);
  const tried = (language === 'auto' ? LANGUAGES : [language]).map((l) => scoreAffineKeys(text, a, l, keys));
  const best = tried.reduce((x, y) => (Math.max(...y.logs) > Math.max(...x.logs) ? y : x));
  const tempered = best.logs.map((v) => v / best.T);
  const evidence = logSumExp(tempered) - Math.log(keys.length) - best.nullLog / best.T;
  const answer = 1 / (1 + Math.exp(-evidence));
  const posterior = softmax(tempered);
  const order = Array.from(posterior.keys()).sort(
    (x, y) => (posterior[y] as number) - (posterior[x] as number) || x - y,
  );
  const cut =
    candidateChars !== undefined && codePointLength(text) > candidateChars
      ? codePointPrefix(text, candidateChars)
      : undefined;
  const solutions = order.map((k, rank): AffineSolution => {
    const key = keys[k] as { a: number; b: number };
    const p = permutationOf(a, decryption(key, a.size));
    const score = (posterior[k] as number) * answer;
    if (rank === 0 || cut === undefined) return { ...key, text: permuteLetters(text, a, p), score };
    return { ...key, text: permuteLetters(cut, a, p), score, truncated: true };
  });
  const reason = doubtOf(solutions[0]?.score ?? 0, 1 - answer);
  return { language: best.language, solutions, noAnswer: 1 - answer, evidence, ...(reason && { reason }) };
}
