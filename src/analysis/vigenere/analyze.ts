// Vigenère analysis: every key length searched jointly under the n-gram model, the length chosen by likelihood.
import { type Alphabet, codePointPrefix, letterIndices, vigenereDecryptShifts } from '../../core/index.js';
import {
  answerProbability,
  type Doubt,
  doubtOf,
  type KeyDoubt,
  type NoAnswerClass,
  type NoAnswerFit,
  noAnswerLogLikelihood,
} from '../confidence/index.js';
import { AnalysisInputError } from '../errors.js';
import { LANGUAGES, type Language } from '../language-model/index.js';
import { logSumExp } from '../scoring/index.js';
import { calibrateConfidence } from './calibration.js';
import { coincidences, iocScores, longerPeriod, rankLengths } from './ioc.js';
import type { Budget } from './key-search.js';
import { screenPlan, searchPlan } from './plan.js';
import { readingOf } from './reading.js';
import { fitLanguage, type LanguageFit } from './search.js';
import { LONGER_KEY_FACTOR } from './tuning.js';

export interface VigenereAnalysis {
  language: Language;
  /** Mean index of coincidence of the columns, for every tried key length "1"…"max". */
  ioc_scores: Record<string, number>;
  /** Up to MAX_PROBABLE_LENGTHS key lengths, most likely first. */
  probable_key_lengths: number[];
  best_key_length: number;
  /** The recovered key in the alphabet's own (upper-case) forms, never a repetition of a shorter key. */
  probable_key: string;
  /** The first PREVIEW_CODE_POINTS code points of the decryption, case and non-alphabet characters kept. */
  decrypted_preview: string;
  /**
   * Calibrated probability, in [0, 1], that the key (length and every letter) is exactly right, every hypothesis
   * weighed, "no answer" among them: the text is not a Vigenère cipher of prose in the language with a key of at
   * most max_key_length letters (random letters, another cipher, a longer key).
   */
  confidence: number;
  /** Probability of "no answer": confidence / (1 − no_answer) is the key's given that there is an answer. */
  no_answer: number;
  /** Why the key is not credible, when the confidence is below one half (confidence/doubt.ts). */
  reason?: KeyDoubt;
  /** With reason key_too_long: the key length the coincidences show, past max_key_length. */
  evident_key_length?: number;
}

/**
 * The reason of a doubtful key: key_too_long, with the length, when the coincidences show a key longer than the
 * limit (`longer`), else the doubt as it is; nothing for a credible key.
 */
export function keyDoubt(
  doubt: Doubt | undefined,
  longer: number | undefined,
): Pick<VigenereAnalysis, 'reason' | 'evident_key_length'> {
  if (!doubt) return {};
  return longer ? { reason: 'key_too_long', evident_key_length: longer } : { reason: doubt };
}

/**
 * The key length past maxLength (tried up to LONGER_KEY_FACTOR times it, as far as columns of two letters reach)
 * that the letters' coincidences show, or undefined. Counted again only for a doubtful analysis, the one that needs it.
 */
function longerKeyLength(letters: Uint16Array, n: number, maxLength: number): number | undefined {
  const longest = Math.min(LONGER_KEY_FACTOR * maxLength, Math.floor(letters.length / 2));
  if (longest <= maxLength) return undefined;
  return longerPeriod(coincidences(letters, n, longest), letters.length, n, maxLength, longest);
}

/** An analysis with what the calibration reads. */
export interface AnalysisDetails {
  analysis: VigenereAnalysis;
  /** Probability of "no answer". */
  noAnswer: number;
  /** ln P(text | a Vigenère cipher of prose, key ≤ max) − ln P(text | no answer), on tempered likelihoods. */
  evidence: number;
  /** The calibrated probability that the key is right among the keys alone, "no answer" left out. */
  inner: number;
  /** The same before the calibration (the Platt fit reads it). */
  raw: number;
  /** Whether the text was read as words or as letters run together (each has its fits). */
  layoutClass: NoAnswerClass;
}

export const MIN_ANALYSIS_LETTERS = 20;
export const TOO_SHORT_MESSAGE = `The text must contain at least ${MIN_ANALYSIS_LETTERS} letters of the selected alphabet for analysis.`;
/** The decryption previewed, in code points from the start. */
export const PREVIEW_CODE_POINTS = 200;
/** The key lengths an analysis lists, most likely first. */
export const MAX_PROBABLE_LENGTHS = 5;
/** The key's confidence given that the text is a cipher of the kind at all: confidence / (1 − no_answer). */
export function keyConfidence(analysis: Pick<VigenereAnalysis, 'confidence' | 'no_answer'>): number {
  return analysis.no_answer < 1 ? Math.min(1, analysis.confidence / (1 - analysis.no_answer)) : 0;
}

/** Options for tuning and measurement; the service uses the defaults. */
export interface AnalyzeOptions {
  /** Weighs "no answer" with this fit instead of the shipped ones (see NO_ANSWER_FITS). */
  noAnswerFit?: NoAnswerFit;
  /** Adds the work the analysis spent, in model look-ups (key-search.ts), to `spent` (the budget tests read it). */
  work?: Budget;
  /**
   * Porta and autokey (tableau/): rescales the key's confidence with this Platt fit instead of the shipped one, and
   * gives `raw` the confidence before it (the bench's calibration fits on it).
   */
  tableau?: { calibration?: { a: number; b: number }; raw?: (raw: number) => void };
  /** Searches only as hard as the language screen does (screenPlan): variant auto's first look at each variant. */
  screen?: boolean;
  /** Look-ups the search may spend, every stage together (SearchPlan.allowance): variant auto's share of its work. */
  allowance?: number;
}

/**
 * logit P(a Vigenère cipher of prose, key ≤ max_key_length) = slope · evidence + offset + perLetter · (min(letters,
 * 40) − 4) (confidence/no-answer.ts), one fit per class of layout, by log loss of whether the text is such a cipher at
 * all: its real ciphertexts, right or wrong, beside the null set of the same lengths, weighed to NO_ANSWER_PRIOR, on
 * the development split with development models (`npm run bench:accuracy -- --calibrate --format=spaced` and
 * `--format=letters`, `--sources=base,narrative,bible`, L = 5, 8, 12, 20 at 2, 3, 4 and 6·L, 16 a cell, 6 null inputs a
 * kind, length and language). The slopes are far below Caesar's: the evidence measures the best keys the search found
 * against "no answer", and a search that picks the best of many keys flatters its own. On that split: words, null
 * inputs answered at ≥ 0.5 0.1 % (worst length 1.1 %), ECE of "is a cipher" 0.0047; letters 0.4 % (2.2 %), 0.0112.
 */
const NO_ANSWER_FITS: Record<NoAnswerClass, NoAnswerFit> = {
  words: { slope: 0.27, offset: -1.3 },
  letters: { slope: 0.36, offset: -3.06, perLetter: 0.15, upTo: 40 },
};

/**
 * Estimates the key of a Vigenère ciphertext. With 'auto', every language is fitted and the one whose
 * best decryption is most likely (less the cost of naming the key) is reported.
 */
export function analyzeVigenere(
  text: string,
  a: Alphabet,
  language: Language | 'auto',
  maxKeyLength: number,
  options: AnalyzeOptions = {},
): VigenereAnalysis {
  return analyzeVigenereDetails(text, a, language, maxKeyLength, options).analysis;
}

/** analyzeVigenere, with the probability of "no answer" and the evidence it was weighed by. */
export function analyzeVigenereDetails(
  text: string,
  a: Alphabet,
  language: Language | 'auto',
  maxKeyLength: number,
  options: AnalyzeOptions = {},
): AnalysisDetails {
  const letters = letterIndices(text, a);
  if (letters.length < MIN_ANALYSIS_LETTERS) throw new AnalysisInputError('text', TOO_SHORT_MESSAGE);
  const n = a.size;
  const maxLength = Math.max(1, Math.min(Math.floor(maxKeyLength), Math.floor(letters.length / 2)));
  const ioc = coincidences(letters, n, maxLength);
  const ranked = rankLengths(ioc, n, maxLength);
  const full = searchPlan(letters.length, n, ranked, ioc);
  const allowed = options.allowance === undefined ? full : { ...full, allowance: options.allowance };
  const plan = options.screen ? screenPlan(allowed) : allowed;
  const work = options.work ?? { spent: 0 };

  // Languages compare on untempered likelihood: each has its own temperature.
  const raw = (f: LanguageFit): number => f.best.ll - f.best.length * Math.log(n);
  const fittest = (fits: LanguageFit[]): LanguageFit => fits.reduce((x, y) => (raw(y) > raw(x) ? y : x));
  let languages: Language[] = language === 'auto' ? [...LANGUAGES] : [language];
  if (languages.length > 1) {
    // The languages compete on a quick fit; only the winner gets the full search.
    const screen = screenPlan(plan);
    languages = [fittest(languages.map((l) => fitLanguage(text, a, l, letters, screen, work))).language];
  }
  const fit = fittest(languages.map((l) => fitLanguage(text, a, l, letters, plan, work)));

  const z = logSumExp(fit.evaluations.map((e) => e.score));
  const best = fit.best;
  const lengthPosterior = Math.exp(best.score - z);
  const rawConfidence = Math.min(1, Math.max(0, lengthPosterior * Math.exp(-best.spread)));
  // "No answer" against every length tried (each 1/maxLength a priori), on the letters the lengths were scored on.
  const scored = readingOf(text, a, fit.language, fit.scoredLetters);
  const layoutClass: NoAnswerClass = scored.tokens.joined ? 'letters' : 'words';
  const inner = calibrateConfidence(rawConfidence, letters.length / best.length, layoutClass);
  const h0 = noAnswerLogLikelihood(scored.tokens, a, scored.model) / fit.temperature;
  const evidence = z - Math.log(maxLength) - h0;
  const answer = answerProbability(evidence, options.noAnswerFit ?? NO_ANSWER_FITS[layoutClass], letters.length);
  const confidence = answer * inner;
  const doubt = doubtOf(confidence, 1 - answer);
  const longer = doubt && longerKeyLength(letters, n, maxLength);

  // Fitted lengths by posterior, then the rest by coincidence alone.
  const fitted = fit.evaluations
    .slice()
    .sort((x, y) => y.score - x.score || x.length - y.length)
    .map((e) => e.length);
  const probable = [...new Set([best.length, ...fitted, ...ranked])].slice(0, MAX_PROBABLE_LENGTHS);

  const analysis: VigenereAnalysis = {
    language: fit.language,
    ioc_scores: iocScores(letters, n, maxLength, ioc),
    probable_key_lengths: probable,
    best_key_length: best.length,
    probable_key: Array.from(best.key, (s) => a.letters[s] as string).join(''),
    decrypted_preview: vigenereDecryptShifts(codePointPrefix(text, PREVIEW_CODE_POINTS), best.key, a),
    confidence,
    no_answer: 1 - answer,
    ...keyDoubt(doubt, longer),
  };
  return { analysis, noAnswer: 1 - answer, evidence, inner, raw: rawConfidence, layoutClass };
}
