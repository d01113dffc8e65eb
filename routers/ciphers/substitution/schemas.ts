// Simple substitution's request and response schemas, built from the field kit: exactly one of key (the cipher
// alphabet) and keyword (which builds it).
import { z } from 'zod';
import { cipherAlphabetProblem } from '../../../src/core/index.js';
import {
  type AlphabetFields,
  alphabetFields,
  alphabetName,
  crossField,
  lettersKeyProblem,
  MAX_KEY_LENGTH,
  requestAlphabet,
  requiredString,
  shiftMethod,
  success,
  textLength,
  textSchema,
  withAlphabetRules,
} from '../../fields.js';

/** Wikipedia's keyword ("Substitution cipher") and the cipher alphabet it builds: the examples of both fields. */
export const KEYWORD = 'ZEBRAS';
export const KEYWORD_ALPHABET = 'ZEBRASCDFGHIJKLMNOPQTUVWXY';

const keySchema = requiredString('key')
  .optional()
  .meta({
    description:
      'The cipher alphabet: every letter of the chosen alphabet exactly once, in either case; plain letter i ' +
      'becomes its i-th letter. Give key or keyword, not both.',
    example: KEYWORD_ALPHABET,
  });

const keywordSchema = requiredString('keyword')
  .optional()
  .meta({
    description:
      `Builds the cipher alphabet: 1–${MAX_KEY_LENGTH} letters of the chosen alphabet, each kept at its first ` +
      `occurrence, then the alphabet's other letters in order (${KEYWORD} → ${KEYWORD_ALPHABET}). Give key or ` +
      'keyword, not both.',
    example: KEYWORD,
  });

interface KeyFields extends AlphabetFields {
  keyword?: unknown;
}

const given = (v: unknown) => v !== undefined && v !== null;

/** Exactly one of key and keyword, and the one given sound under the chosen alphabet. */
function keyRules(value: KeyFields, report: (path: string[], message: string) => void): void {
  const { key, keyword } = value;
  if (given(key) && given(keyword)) {
    report(['keyword'], 'Give either key or keyword, not both.');
    return;
  }
  // (A null key is the schema's to report: "The key field is required.")
  if (key === undefined && keyword === undefined) {
    report(['key'], 'The key field is required unless keyword is given.');
    return;
  }
  const a = requestAlphabet(value);
  if (!a) return;
  if (typeof key === 'string') {
    const problem = cipherAlphabetProblem(key, a);
    if (problem) report(['key'], problem);
  } else if (typeof keyword === 'string') {
    const problem = lettersKeyProblem('keyword', keyword, a);
    if (problem) report(['keyword'], problem);
  }
}

export const substitutionInput = withAlphabetRules(
  z.object({ text: textSchema, key: keySchema, keyword: keywordSchema, ...alphabetFields }),
).check(crossField((value, report) => keyRules(value as KeyFields, report)));

// ------------------------------------------------------------------------------------------- outputs

export const substitutionOutput = z.object({
  success,
  result: z.string().meta({ description: 'The transformed text.', example: 'Siaa zq lkba. Va zoa rfpbluaoar!' }),
  method: shiftMethod,
  key: z.string().meta({
    description:
      'The cipher alphabet used, whole (built from keyword when that was given), in the alphabet’s own (upper) case.',
    example: KEYWORD_ALPHABET,
  }),
  alphabet: alphabetName,
  text_length: textLength,
});
