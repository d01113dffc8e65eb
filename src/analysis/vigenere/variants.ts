// The Vigenère family read by the Vigenère engine (issue 28): variant Beaufort is Vigenère with the key negated,
// Gronsfeld is Vigenère with key letters A–J, and Beaufort is variant Beaufort of the text with its letters negated,
// so one search serves all four; with auto, Vigenère and Beaufort are weighed against each other.
import {
  type Alphabet,
  codePointPrefix,
  letterIndices,
  permutationOf,
  permuteLetters,
  type VigenereVariant,
  variantDecrypt,
} from '../../core/index.js';
import { answerProbability, doubtOf } from '../confidence/index.js';
import { AnalysisInputError } from '../errors.js';
import type { Language } from '../language-model/index.js';
import { analyzeTableau } from '../tableau/index.js';
import {
  type AnalysisDetails,
  type AnalyzeOptions,
  analyzeVigenereDetails,
  keyDoubt,
  MIN_ANALYSIS_LETTERS,
  NO_ANSWER_FITS,
  PREVIEW_CODE_POINTS,
  TOO_SHORT_MESSAGE,
  type VigenereAnalysis,
} from './analyze.js';
import { iocScores } from './ioc.js';

/** The variants analyze breaks: the periodic shifts with this engine, Porta and autokey column by column (tableau/). */
export const ANALYZED_VARIANTS = ['vigenere', 'beaufort', 'variant_beaufort', 'gronsfeld', 'autokey', 'porta'] as const;
export type AnalyzedVariant = (typeof ANALYZED_VARIANTS)[number];

/** The same decryption under another variant's key. */
interface EquivalentReading {
  variant: VigenereVariant;
  key: string;
}

export interface VariantAnalysis extends VigenereAnalysis {
  /** The variant read: the one asked for, or with auto the likelier; vigenere when a Gronsfeld key cannot say it. */
  variant: VigenereVariant;
  /** The other variants that read the text identically, with their keys. */
  equivalents: EquivalentReading[];
}

/**
 * Porta's and autokey's "no answer" fit: the Vigenère fit they were calibrated with (tableau/, issue 28), before the
 * Vigenère fits were made per class of layout under NO_ANSWER_PRIOR; not yet refitted on their own.
 */
const TABLEAU_NO_ANSWER_FIT = { slope: 0.36, offset: 0.6 };

const mod = (x: number, n: number) => ((x % n) + n) % n;
const spell = (shifts: number[], a: Alphabet) => shifts.map((s) => a.letters[s] as string).join('');

/** The text with every letter i replaced by −i mod n (A stays, B ↔ Z, …). */
function negated(text: string, a: Alphabet): string {
  return permuteLetters(
    text,
    a,
    permutationOf(
      a,
      Array.from({ length: a.size }, (_, i) => mod(-i, a.size)),
    ),
  );
}

/** The readings of one Vigenère key (shifts) under the variants that decrypt alike. */
function readingsOf(shifts: number[], a: Alphabet): EquivalentReading[] {
  const out: EquivalentReading[] = [
    { variant: 'vigenere', key: spell(shifts, a) },
    {
      variant: 'variant_beaufort',
      key: spell(
        shifts.map((s) => mod(-s, a.size)),
        a,
      ),
    },
  ];
  if (shifts.every((s) => s <= 9)) out.push({ variant: 'gronsfeld', key: shifts.join('') });
  return out;
}

/** The other readings of a Vigenère key: variant Beaufort's −K, and Gronsfeld's digits when every shift is 0–9. */
export function vigenereEquivalents(
  key: string,
  a: Alphabet,
): { variant: 'variant_beaufort' | 'gronsfeld'; key: string }[] {
  return readingsOf(Array.from(letterIndices(key, a)), a).filter(
    (r): r is { variant: 'variant_beaufort' | 'gronsfeld'; key: string } => r.variant !== 'vigenere',
  );
}

/** A Vigenère analysis read as `variant` (one of the readings of its key), or as Vigenère when that one cannot. */
function asReading(d: AnalysisDetails, variant: 'vigenere' | 'variant_beaufort' | 'gronsfeld', a: Alphabet) {
  const shifts = Array.from(letterIndices(d.analysis.probable_key, a));
  const readings = readingsOf(shifts, a);
  const chosen = readings.find((r) => r.variant === variant) ?? (readings[0] as EquivalentReading);
  return {
    ...d.analysis,
    variant: chosen.variant,
    probable_key: chosen.key,
    equivalents: readings.filter((r) => r !== chosen),
  };
}

/** Beaufort: the Vigenère search on the negated text finds −K; the preview decrypts the text as sent. */
function beaufortOf(text: string, d: AnalysisDetails, a: Alphabet): VariantAnalysis {
  const found = Array.from(letterIndices(d.analysis.probable_key, a));
  const key = spell(
    found.map((s) => mod(-s, a.size)),
    a,
  );
  return {
    ...d.analysis,
    variant: 'beaufort',
    probable_key: key,
    decrypted_preview: variantDecrypt(codePointPrefix(text, PREVIEW_CODE_POINTS), key, 'beaufort', a),
    equivalents: [],
  };
}

/**
 * With auto: Vigenère and Beaufort each searched, weighed by their evidence against "no answer" on the scale the
 * calibration reads it (slope · evidence): the answer is the likelier, its confidence its key's times its share,
 * times the probability that either explains the text.
 */
function weighBoth(text: string, a: Alphabet, v: AnalysisDetails, b: AnalysisDetails): VariantAnalysis {
  const fit = NO_ANSWER_FITS[v.layoutClass];
  const [wv, wb] = [v.evidence, b.evidence].map((e) => fit.slope * e);
  const top = Math.max(wv as number, wb as number);
  const share = (w: number) => Math.exp(w - top) / (Math.exp((wv as number) - top) + Math.exp((wb as number) - top));
  // Two hypotheses where one stood: each half as likely beforehand.
  const either = Math.log(Math.exp((wv as number) - top) + Math.exp((wb as number) - top)) + top - Math.log(2);
  const answer = answerProbability(either / fit.slope, fit, letterIndices(text, a).length);
  const beaufort = (wb as number) > (wv as number);
  const chosen = beaufort ? beaufortOf(text, b, a) : asReading(v, 'vigenere', a);
  const d = beaufort ? b : v;
  const confidence = answer * share(beaufort ? (wb as number) : (wv as number)) * d.inner;
  // Whether the coincidences show a longer key does not depend on the variant: either reading found it or neither.
  const longer = chosen.evident_key_length;
  const { reason: _, evident_key_length: __, ...rest } = chosen;
  return { ...rest, confidence, no_answer: 1 - answer, ...keyDoubt(doubtOf(confidence, 1 - answer), longer) };
}

/** Breaks a text of the Vigenère family as `variant` (or, with auto, whichever of Vigenère and Beaufort reads it). */
export function analyzeVariant(
  text: string,
  a: Alphabet,
  language: Language | 'auto',
  maxKeyLength: number,
  variant: AnalyzedVariant | 'auto',
  options: AnalyzeOptions = {},
): VariantAnalysis {
  const vigenere = () => analyzeVigenereDetails(text, a, language, maxKeyLength, options);
  const beaufort = () => analyzeVigenereDetails(negated(text, a), a, language, maxKeyLength, options);
  switch (variant) {
    case 'vigenere':
    case 'variant_beaufort':
    case 'gronsfeld':
      return asReading(vigenere(), variant, a);
    case 'beaufort':
      return beaufortOf(text, beaufort(), a);
    case 'auto':
      return weighBoth(text, a, vigenere(), beaufort());
    case 'autokey':
    case 'porta': {
      if (letterIndices(text, a).length < MIN_ANALYSIS_LETTERS) throw new AnalysisInputError('text', TOO_SHORT_MESSAGE);
      const how = { fit: TABLEAU_NO_ANSWER_FIT, preview: PREVIEW_CODE_POINTS, iocScores, ...options.tableau };
      return { ...analyzeTableau(text, a, language, maxKeyLength, variant, how), variant, equivalents: [] };
    }
  }
}
