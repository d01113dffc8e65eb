// "What is this?": which of plain text, a Caesar shift, Atbash, an affine key, a substitution, a Vigenère key or
// none of these explains a text, and in which language, with calibrated probabilities and each decryption.
import {
  type Alphabet,
  affineDecrypt,
  atbash,
  caesarDecrypt,
  substitutionDecrypt,
  variantDecrypt,
  vigenereDecrypt,
} from '../../core/index.js';
import type { Language } from '../languages.js';
import { weigh } from './evidence.js';
import { completeKey } from './monoalphabetic.js';
import { CALIBRATION, type Calibration, type Verdict, verdicts } from './posterior.js';
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

/** Identifies and breaks a text. Throws AnalysisInputError when it holds no letter of a. */
export function identify(
  text: string,
  a: Alphabet,
  language: Language | 'auto',
  options: IdentifyOptions = {},
): Identification {
  const maxKeyLength = options.maxKeyLength ?? DEFAULT_IDENTIFY_KEY_LENGTH;
  const evidence = weigh(text, a, language, {
    maxKeyLength,
    skipVigenereAbove: options.skipVigenereAbove,
    substituteFrom: options.substituteFrom,
  });
  const ranked = verdicts(evidence, language === 'auto' ? 'en' : language, options.calibration ?? CALIBRATION);
  // Unknown is always listed, last if it must be, so a reader sees what "none of these" was given.
  const unknown = ranked.find((v) => v.cipher === 'unknown') as Verdict;
  const listed = ranked.slice(0, MAX_SOLUTIONS);
  if (!listed.includes(unknown)) listed.splice(MAX_SOLUTIONS - 1, 1, unknown);
  const solutions = listed.map((v) => ({ ...v, text: readAs(text, v, a) }));
  return { presentation: evidence.presentation, letters: evidence.letters, solutions };
}
