// Vigenère's request and response schemas, built from the field kit.
import { z } from 'zod';
import {
  ANALYZED_VARIANTS,
  KEY_DOUBTS,
  MAX_PROBABLE_LENGTHS,
  PREVIEW_CODE_POINTS,
} from '../../../src/analysis/index.js';
import { codePointLength, VARIANT_INFO, VIGENERE_VARIANTS, variantKeyProblem } from '../../../src/core/index.js';
import {
  type AlphabetFields,
  alphabetChoice,
  alphabetFields,
  alphabetName,
  crossField,
  doubtReason,
  evidentKeyLengthField,
  languageName,
  languageSchema,
  MAX_KEY_LENGTH,
  maxKeyLengthField,
  noAnswerField,
  requestAlphabet,
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
  .meta({
    description: `The key: 1–${MAX_KEY_LENGTH} letters of the chosen alphabet (digits 0–9 for gronsfeld; for autokey, the primer).`,
    example: 'LEMON',
  });

/** The variant of the Vigenère family (issue 28); its error's second message names the values allowed (errors.ts). */
const variantField = z
  .enum(VIGENERE_VARIANTS, { error: 'The selected variant is invalid.' })
  .default('vigenere')
  .meta({
    description: `Which cipher of the Vigenère family (default vigenere): ${VIGENERE_VARIANTS.map((v) => `${v}: ${VARIANT_INFO[v]}`).join('; ')}.`,
    example: 'vigenere',
  });

/** The key must suit the variant (letters, or digits for Gronsfeld) and Porta an alphabet of even length. */
const variantKeyRule = crossField((value, report) => {
  const { key, variant = 'vigenere' } = value as AlphabetFields & { variant?: unknown };
  if (!(VIGENERE_VARIANTS as readonly unknown[]).includes(variant)) return;
  const a = requestAlphabet(value as AlphabetFields);
  if (!a || typeof key !== 'string' || key.length === 0) return;
  const problem =
    codePointLength(key) > MAX_KEY_LENGTH
      ? `The key must not be greater than ${MAX_KEY_LENGTH} characters.`
      : variantKeyProblem(key, variant as (typeof VIGENERE_VARIANTS)[number], a);
  if (problem) report([problem.startsWith('Porta') ? 'variant' : 'key'], problem);
});

export const vigenereInput = withAlphabetRules(
  z.object({ text: textSchema, key: keySchema, variant: variantField, ...alphabetFields }),
).check(variantKeyRule);

const ANALYZE_VARIANTS = [...ANALYZED_VARIANTS, 'auto'] as const;

/** The variant to break, or auto to weigh every variant's reading. */
const analyzeVariantField = z
  .enum(ANALYZE_VARIANTS, { error: 'The selected variant is invalid.' })
  .default('vigenere')
  .meta({
    description:
      `The cipher of the Vigenère family to break (default vigenere): ${ANALYZED_VARIANTS.join(', ')}, or auto to ` +
      'weigh Vigenère, Beaufort, autokey and Porta (on alphabets of even length) against each other (variant ' +
      'Beaufort and Gronsfeld decrypt as Vigenère does with another key, so the answer lists them as equivalent ' +
      'readings). For autokey the key length is the primer’s.',
    example: 'auto',
  });

/** Porta needs an alphabet of even length, to break as to encrypt. */
const portaAlphabetRule = crossField((value, report) => {
  if ((value as { variant?: unknown }).variant !== 'porta') return;
  const a = requestAlphabet(value as AlphabetFields);
  const problem = a && variantKeyProblem('A', 'porta', a);
  if (problem) report(['variant'], problem);
});

export const vigenereAnalyzeInput = withAlphabetRules(
  z.object({
    text: textSchema,
    variant: analyzeVariantField,
    max_key_length: maxKeyLengthField(DEFAULT_MAX_KEY_LENGTH, 'Largest key length tried'),
    ...alphabetChoice,
    language: languageSchema,
  }),
).check(portaAlphabetRule);

// ------------------------------------------------------------------------------------------- outputs

export const vigenereOutput = z.object({
  success,
  result: z.string().meta({ description: 'The transformed text.', example: 'Lxfopv ef rnhr!' }),
  method: shiftMethod,
  key_length: z.int().meta({ description: 'Length of the key in code points.', example: 5 }),
  alphabet: alphabetName,
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
        description:
          `The first ${PREVIEW_CODE_POINTS} code points of the text decrypted with probable_key; for the whole ` +
          'text, call /vigenere/decrypt with probable_key and variant.',
        example: 'It was the best of times, it was the worst of times',
      }),
      confidence: z.number().meta({
        description:
          'Probability that probable_key is the key (its length and every letter), every hypothesis weighed, ' +
          'including that the text is not a Vigenère cipher of prose in the language with a key of at most ' +
          'max_key_length letters (random letters, another cipher, a longer key).',
        example: 0.97,
      }),
      no_answer: noAnswerField('a cipher of prose of the variant read (a key of at most max_key_length letters)'),
      reason: doubtReason('probable_key', KEY_DOUBTS),
      evident_key_length: evidentKeyLengthField('analyze again'),
      language: languageName,
      variant: z.enum(VIGENERE_VARIANTS).meta({
        description:
          'The variant read: the one asked for, the likelier with auto, or vigenere when no Gronsfeld key (digits) ' +
          'says what the Vigenère key found does.',
        example: 'vigenere',
      }),
      equivalents: z
        .array(
          z.object({
            variant: z.enum(VIGENERE_VARIANTS).meta({ description: 'Another variant.', example: 'variant_beaufort' }),
            key: z.string().meta({ description: 'Its key for the same decryption.', example: 'PWOMN' }),
          }),
        )
        .meta({
          description:
            'The same decryption under the other variants that give it (Vigenère with key K is variant Beaufort ' +
            'with key −K, and Gronsfeld when every shift is 0–9): the text cannot tell them apart.',
        }),
    })
    .meta({ description: 'What the analysis found.' }),
  text_length: textLength,
});
