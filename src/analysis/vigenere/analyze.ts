// Vigenère analysis: every key length searched jointly under the n-gram model, the length chosen by likelihood.
import { type Alphabet, codePointPrefix, letterIndices, vigenereDecryptShifts } from '../../core/index.js';
import { AnalysisInputError } from '../errors.js';
import { LANGUAGES, type Language } from '../languages.js';
import { logSumExp } from '../score.js';
import { calibrateConfidence } from './calibration.js';
import { coincidences, rankLengths } from './ioc.js';
import { screenPlan, searchPlan } from './plan.js';
import { fitLanguage, type LanguageFit } from './search.js';

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
  /** Calibrated probability, in [0, 1], that the key (length and every letter) is exactly right. */
  confidence: number;
}

export const MIN_ANALYSIS_LETTERS = 20;
export const TOO_SHORT_MESSAGE = 'The text must contain at least 20 letters of the selected alphabet for analysis.';
const PREVIEW_CODE_POINTS = 200;
const MAX_PROBABLE_LENGTHS = 5;
/** Options for tuning and measurement; the service uses the defaults. */
export interface AnalyzeOptions {
  /** Report the uncalibrated confidence (the calibration fit reads it). */
  rawConfidence?: boolean;
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
  options: AnalyzeOptions = {},
): VigenereAnalysis {
  const letters = letterIndices(text, a);
  if (letters.length < MIN_ANALYSIS_LETTERS) throw new AnalysisInputError('text', TOO_SHORT_MESSAGE);
  const n = a.size;
  const maxLength = Math.max(1, Math.min(Math.floor(maxKeyLength), Math.floor(letters.length / 2)));
  const ioc = coincidences(letters, n, maxLength);
  const ranked = rankLengths(ioc, n, maxLength);
  const plan = searchPlan(letters.length, n, ranked, ioc);

  // Languages compare on untempered likelihood: each has its own temperature.
  const raw = (f: LanguageFit): number => f.best.ll - f.best.length * Math.log(n);
  const fittest = (fits: LanguageFit[]): LanguageFit => fits.reduce((x, y) => (raw(y) > raw(x) ? y : x));
  let languages: Language[] = language === 'auto' ? [...LANGUAGES] : [language];
  if (languages.length > 1) {
    // The languages compete on a quick fit; only the winner gets the full search.
    const screen = screenPlan(plan);
    languages = [fittest(languages.map((l) => fitLanguage(text, a, l, letters, screen))).language];
  }
  const fit = fittest(languages.map((l) => fitLanguage(text, a, l, letters, plan)));

  const z = logSumExp(fit.evaluations.map((e) => e.score));
  const best = fit.best;
  const lengthPosterior = Math.exp(best.score - z);
  const rawConfidence = Math.min(1, Math.max(0, lengthPosterior * Math.exp(-best.spread)));
  const confidence = options.rawConfidence
    ? rawConfidence
    : calibrateConfidence(rawConfidence, letters.length / best.length);

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
