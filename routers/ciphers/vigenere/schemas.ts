// Vigenère's request and response schemas, built from the field kit.
import { z } from 'zod';
import { MAX_PROBABLE_LENGTHS, PREVIEW_CODE_POINTS } from '../../../src/analysis/index.js';
import {
  alphabetChoice,
  alphabetFields,
  DEFAULT_LANGUAGE,
  doubtReason,
  languageField,
  languageName,
  MAX_KEY_LENGTH,
  maxKeyLengthField,
  requiredString,
  shiftMethod,
  success,
  textLength,
  textSchema,
  withAlphabetRules,
} from '../../fields.js';

/** The longest key an analysis tries when not told. */
export const DEFAULT_MAX_KEY_LENGTH = 10;

const keySchema = requiredString('key')
  .min(1, { error: 'The key field is required.' })
  .meta({ description: `Vigenère key: 1–${MAX_KEY_LENGTH} letters of the chosen alphabet.`, example: 'LEMON' });

export const vigenereInput = withAlphabetRules(z.object({ text: textSchema, key: keySchema, ...alphabetFields }), true);

export const vigenereAnalyzeInput = withAlphabetRules(
  z.object({
    text: textSchema,
    max_key_length: maxKeyLengthField(DEFAULT_MAX_KEY_LENGTH, 'Largest key length tried'),
    ...alphabetChoice,
    language: languageField(DEFAULT_LANGUAGE, 'pick the best-fitting one'),
  }),
);

// ------------------------------------------------------------------------------------------- outputs

export const vigenereOutput = z.object({
  success,
  result: z.string().meta({ description: 'The transformed text.', example: 'Lxfopv ef rnhr!' }),
  method: shiftMethod,
  key_length: z.int().meta({ description: 'Length of the key in code points.', example: 5 }),
  text_length: textLength,
});

export const vigenereAnalyzeOutput = z.object({
  success,
  analysis: z
    .object({
      probable_key_lengths: z
        .array(z.int())
        .meta({ description: `Up to ${MAX_PROBABLE_LENGTHS} key lengths, most likely first.`, example: [5, 10, 3] }),
      best_key_length: z.int().meta({ description: 'The most likely key length.', example: 5 }),
      ioc_scores: z.record(z.string(), z.number()).meta({
        description:
          'Mean index of coincidence of the columns for every key length tried ("1"…"max"); the right length and ' +
          'its multiples come close to the language’s own IoC (about 0.066 for English).',
        example: { '1': 0.043, '2': 0.045, '3': 0.044, '4': 0.046, '5': 0.067 },
      }),
      probable_key: z.string().meta({ description: 'The recovered key, upper case.', example: 'LEMON' }),
      decrypted_preview: z.string().meta({
        description: `The first ${PREVIEW_CODE_POINTS} code points of the text decrypted with probable_key.`,
        example: 'It was the best of times, it was the worst of times',
      }),
      confidence: z.number().meta({
        description:
          'Probability that probable_key is the key (its length and every letter), every hypothesis weighed, ' +
          'including that the text is not a Vigenère cipher of prose in the language with a key of at most ' +
          'max_key_length letters (random letters, another cipher, a longer key).',
        example: 0.97,
      }),
      reason: doubtReason('probable_key'),
      language: languageName,
    })
    .meta({ description: 'What the analysis found.' }),
  text_length: textLength,
});
