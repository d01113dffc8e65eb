// "What is this?": which of plain text, a Caesar shift, Atbash, an affine key, a substitution, a Vigenère key or
// none of these explains a text, and in which language, with calibrated probabilities and each decryption.
import {
  type Alphabet,
  affineDecrypt,
  atbash,
  caesarDecrypt,
  namedAlphabet,
  substitutionDecrypt,
  variantDecrypt,
  vigenereDecrypt,
} from '../../core/index.js';
import { LANGUAGE_INFO, LANGUAGES, type Language } from '../language-model/index.js';
import { type WeighOptions, weigh } from './evidence.js';
import { completeKey } from './monoalphabetic.js';
import { CALIBRATION, type Calibration, type Reading, type Verdict, verdicts } from './posterior.js';
import type { Presentation } from './presentation.js';

export { type Evidence, nullEvidence, weigh } from './evidence.js';
export {
  CALIBRATION,
  type Calibration,
  type Cipher,
  familyPosterior,
  familyScores,
  type Verdict,
  verdicts,
} from './posterior.js';
export { normalise, presentationOf } from './presentation.js';

export const DEFAULT_IDENTIFY_KEY_LENGTH = 20;
/** At most this many explanations are listed, unknown always among them. */
export const MAX_SOLUTIONS = 10;

export interface IdentifySolution extends Verdict {
  /** The text as this explanation reads it: decrypted, or as it is for plain and unknown. */
  text: string;
}

export interface Identification {
  /** The layout the text was read in. */
  presentation: Presentation;
  /** Letters of the alphabet in the text. */
  letters: number;
  /** Most likely first, at most MAX_SOLUTIONS; the confidences sum to at most 1. */
  solutions: IdentifySolution[];
  /**
   * When the best explanation is unknown and the letters coincide at a period past maxKeyLength (and at none within
   * it): that period, a key too long for the search to have tried.
   */
  evidentKeyLength?: number;
}

export interface IdentifyOptions {
  maxKeyLength?: number;
  /** For measurement: another calibration, or other thresholds for the searches (WeighOptions). */
  calibration?: Calibration;
  skipVigenereAbove?: number;
  substituteFrom?: number;
}

/** The text under one explanation, in the layout it was given in (a cipher leaves non-letters where they were). */
function readAs(text: string, v: Verdict, a: Alphabet): string {
  switch (v.cipher) {
    case 'caesar':
      return caesarDecrypt(text, v.shift as number, a);
    case 'atbash':
      return atbash(text, a);
    case 'affine':
      return affineDecrypt(text, { a: v.a as number, b: v.b as number }, a);
    case 'substitution':
      return substitutionDecrypt(text, completeKey(v.key as string, a), a);
    case 'vigenere':
      return vigenereDecrypt(text, v.key as string, a);
    case 'beaufort':
    case 'autokey':
    case 'porta':
      return variantDecrypt(text, v.key as string, v.cipher, a);
    case 'plain':
    case 'unknown':
      return text;
  }
}

/** Whether the text holds a letter of `own` that A–Z does not have (ä, ą, ñ, é…). */
function holdsOwnLetters(text: string, own: Alphabet, basic: Alphabet): boolean {
  for (const c of text) {
    const cp = c.codePointAt(0) as number;
    if (cp > 0x7f && own.lookup(cp) >= 0 && basic.lookup(cp) < 0) return true;
  }
  return false;
}

/**
 * With basic asked for, the text is read in each weighed language's own alphabet too when it holds letters of it
 * beyond A–Z: a Caesar shift of the german alphabet moves ä ö ü ß with the rest, and read in A–Z no shift fits.
 * Those readings weigh the explanations by one fixed rule only (plain, Caesar, Atbash, affine): no search, so a
 * text full of accents costs a few shift solves more, not four more key searches. A key of another alphabet is
 * found when that alphabet is asked for.
 */
function readings(text: string, a: Alphabet, language: Language | 'auto', options: WeighOptions): Reading[] {
  const asked: Reading = { evidence: weigh(text, a, language, options) };
  if (a.name !== 'basic') return [asked];
  const cheapOnly = { ...options, skipVigenereAbove: Number.NEGATIVE_INFINITY };
  const others = (language === 'auto' ? LANGUAGES : [language])
    .map((l) => ({ l, alphabet: LANGUAGE_INFO[l].alphabet }))
    .filter(({ alphabet }) => alphabet !== 'basic' && holdsOwnLetters(text, namedAlphabet(alphabet), a))
    .map(({ l, alphabet }) => ({ evidence: weigh(text, namedAlphabet(alphabet), l, cheapOnly), alphabet }));
  return [asked, ...others];
}

/** Identifies and breaks a text. Throws AnalysisInputError when it holds no letter of a. */
export function identify(
  text: string,
  a: Alphabet,
  language: Language | 'auto',
  options: IdentifyOptions = {},
): Identification {
  const maxKeyLength = options.maxKeyLength ?? DEFAULT_IDENTIFY_KEY_LENGTH;
  const weighed = readings(text, a, language, {
    maxKeyLength,
    skipVigenereAbove: options.skipVigenereAbove,
    substituteFrom: options.substituteFrom,
  });
  const evidence = weighed[0]!.evidence;
  const ranked = verdicts(weighed, language === 'auto' ? 'en' : language, options.calibration ?? CALIBRATION);
  // Unknown is always listed, last if it must be, so a reader sees what "none of these" was given.
  const unknown = ranked.find((v) => v.cipher === 'unknown') as Verdict;
  const listed = ranked.slice(0, MAX_SOLUTIONS);
  if (!listed.includes(unknown)) listed.splice(MAX_SOLUTIONS - 1, 1, unknown);
  const solutions = listed.map((v) => ({ ...v, text: readAs(text, v, v.alphabet ? namedAlphabet(v.alphabet) : a) }));
  const longer = solutions[0]?.cipher === 'unknown' ? evidence.evidentKeyLength : undefined;
  return {
    presentation: evidence.presentation,
    letters: evidence.letters,
    solutions,
    ...(longer !== undefined && { evidentKeyLength: longer }),
  };
}
