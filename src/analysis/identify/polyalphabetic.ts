// The evidence for the Vigenère family's other ciphers (issue 28): Beaufort, autokey and Porta, each as the key its
// analysis finds, weighed as identify weighs the Vigenère key (the decryption's likelihood, less what naming the
// key costs). Variant Beaufort and Gronsfeld are Vigenère readings, listed with it as equivalents.
import { type Alphabet, letterIndices, variantDecrypt } from '../../core/index.js';
import type { Language } from '../language-model/index.js';
import { scoreText } from '../scoring/index.js';
import { analyzeVariant, keyConfidence } from '../vigenere/index.js';

export type KeyedFamily = 'beaufort' | 'autokey' | 'porta';

export interface KeyedEvidence {
  language: Language;
  /** ln P(text | this key) + ln P(key | the family, a key of 1…max letters). */
  evidence: number;
  key: string;
  /** The analysis's calibrated probability that the key is exactly right, given that the text is of the family. */
  confidence: number;
}

/** The shortest key each family is itself with: a Beaufort key of one letter is an affine key (a = n − 1). */
const SHORTEST: Record<KeyedFamily, number> = { beaufort: 2, autokey: 1, porta: 1 };

/** The key a family's analysis finds in `read` (a prefix of `scored`), weighed on all of `scored`. */
export function keyedEvidence(
  scored: string,
  read: string,
  a: Alphabet,
  language: Language | 'auto',
  maxKeyLength: number,
  family: KeyedFamily,
): KeyedEvidence | undefined {
  if (family === 'porta' && a.size % 2 !== 0) return undefined;
  const v = analyzeVariant(read, a, language, maxKeyLength, family);
  const length = [...v.probable_key].length;
  if (length < SHORTEST[family]) return undefined;
  const letters = letterIndices(scored, a).length;
  const maxLength = Math.max(1, Math.min(maxKeyLength, Math.floor(letters / 2)));
  const ll = scoreText(variantDecrypt(scored, v.probable_key, family, a), a, v.language);
  // A key of k letters is one of m^k (m: the letters a key letter can be told apart as), its length one of maxLength.
  const options = family === 'porta' ? a.size / 2 : a.size;
  const prior = -length * Math.log(options) - Math.log(maxLength);
  return { language: v.language, evidence: ll + prior, key: v.probable_key, confidence: keyConfidence(v) };
}
