// The Vigenère family read by the Vigenère engine (issue 28): variant Beaufort is Vigenère with the key negated,
// Gronsfeld is Vigenère with key letters A–J, and Beaufort is variant Beaufort of the text with its letters negated,
// so one search serves all four; with auto, every variant's reading is weighed against the others.
import {
  type Alphabet,
  codePointPrefix,
  letterIndices,
  permutationOf,
  permuteLetters,
  type VigenereVariant,
  variantDecrypt,
} from '../../core/index.js';
import { doubtOf } from '../confidence/index.js';
import { AnalysisInputError } from '../errors.js';
import type { Language } from '../language-model/index.js';
import { logSumExp } from '../scoring/index.js';
import { analyzeTableau } from '../tableau/index.js';
import {
  type AnalysisDetails,
  type AnalyzeOptions,
  analyzeVigenereDetails,
  keyDoubt,
  MIN_ANALYSIS_LETTERS,
  PREVIEW_CODE_POINTS,
  TOO_SHORT_MESSAGE,
  type VigenereAnalysis,
} from './analyze.js';
import { iocScores } from './ioc.js';
import { UNSETTLED_ALLOWANCE } from './tuning.js';

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
 * With auto, a reading this sure (its "no answer" below it) ends the search: the variants not yet searched are not
 * weighed. To overturn it, a reading of another variant would need odds a thousand times those of "no answer" against
 * the text, which a text of one variant does not give another (a Vigenère text read as Beaufort is the plaintext
 * negated, as Porta or autokey letters that follow no key). A search that cannot read its text spends its whole
 * budget: a periodic one 0.5–1 s on 20–70 letters here, Porta's or autokey's 0.1–0.2 s, a quick look (screenPlan) 3 ms.
 */
const SETTLED = 1e-3;

/** ln((1 − q) / q): the odds of an answer whose "no answer" is q, finite at either end (q = 0 reads as 1e-300). */
const answerLogOdds = (q: number): number => Math.log(Math.max(1 - q, 1e-300)) - Math.log(Math.max(q, 1e-300));

/**
 * With auto: each variant that can read the text searched (Vigenère, Beaufort, autokey, and Porta on an alphabet of
 * even length), weighed by the odds its own analysis gives it against "no answer", each as likely beforehand as the
 * others (the prior that one of them stands for shared among them): the answer is the likeliest, its confidence its
 * key's given the variant, times the variant's share, times the probability that one of them explains the text
 * (`hypotheses`: the variants weighed, those not searched among them). Between Vigenère and Beaufort this is the
 * weighing by slope · evidence the two had before (their odds come from one fit: their ratio is exp(slope · Δevidence)).
 */
function weighAll(readings: VariantAnalysis[], hypotheses: number): VariantAnalysis {
  const w = readings.map((r) => answerLogOdds(r.no_answer) - Math.log(hypotheses));
  const total = logSumExp(w);
  const best = w.indexOf(Math.max(...w));
  const chosen = readings[best] as VariantAnalysis;
  const answer = 1 / (1 + Math.exp(-total));
  const given = chosen.no_answer < 1 ? Math.min(1, chosen.confidence / (1 - chosen.no_answer)) : 0;
  const confidence = answer * Math.exp((w[best] as number) - total) * given;
  // Whether the coincidences show a longer key does not depend on the variant: the periodic readings found it or not.
  const longer = readings.find((r) => r.evident_key_length)?.evident_key_length;
  const { reason: _, evident_key_length: __, ...rest } = chosen;
  return { ...rest, confidence, no_answer: 1 - answer, ...keyDoubt(doubtOf(confidence, 1 - answer), longer) };
}

/**
 * Variant auto: the searches in the order likeliest to settle soonest, stopping at the first settled reading. A quick
 * look of each periodic variant first; a periodic variant that look settles is searched at once, then autokey and
 * Porta (cheaper than a periodic search that cannot read its text), then the other periodic variants, those the look
 * favours first. Every variant that can read the text counts among the hypotheses, searched or not.
 */
function analyzeAuto(
  a: Alphabet,
  search: (variant: AnalyzedVariant, options?: AnalyzeOptions) => VariantAnalysis,
): VariantAnalysis {
  const periodic = (['vigenere', 'beaufort'] as const)
    .map((v) => ({ v, look: search(v, { screen: true }).no_answer }))
    .sort((x, y) => x.look - y.look);
  const tableau = (['autokey', 'porta'] as const).filter((v) => v !== 'porta' || a.size % 2 === 0);
  const order: AnalyzedVariant[] = [
    ...periodic.filter((p) => p.look < SETTLED).map((p) => p.v),
    ...tableau,
    ...periodic.filter((p) => p.look >= SETTLED).map((p) => p.v),
  ];
  const read: VariantAnalysis[] = [];
  for (const v of order) {
    const unsettled = periodic.some((p) => p.v === v && p.look >= SETTLED);
    const r = search(v, unsettled ? { allowance: UNSETTLED_ALLOWANCE } : {});
    read.push(r);
    if (r.no_answer < SETTLED) break;
  }
  return weighAll(read, order.length);
}

/** Breaks a text of the Vigenère family as `variant` (or, with auto, whichever variant reads it likeliest). */
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
      return analyzeAuto(a, (v, o) => analyzeVariant(text, a, language, maxKeyLength, v, { ...options, ...o }));
    case 'autokey':
    case 'porta': {
      if (letterIndices(text, a).length < MIN_ANALYSIS_LETTERS) throw new AnalysisInputError('text', TOO_SHORT_MESSAGE);
      const how = { fit: TABLEAU_NO_ANSWER_FIT, preview: PREVIEW_CODE_POINTS, iocScores, ...options.tableau };
      return { ...analyzeTableau(text, a, language, maxKeyLength, variant, how), variant, equivalents: [] };
    }
  }
}
