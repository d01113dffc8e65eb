// "What is this?": one call that says whether a text is plain, a Caesar shift, Atbash, an affine key, a substitution,
// a Vigenère key or none of these, in which language, with calibrated probabilities and the decryption (issues 18,
// 27); its schemas and worked example.
import { z } from 'zod';
import { type Cipher, DEFAULT_IDENTIFY_KEY_LENGTH, DOUBT_INFO, MAX_SOLUTIONS } from '../src/analysis/index.js';
import { codePointLength } from '../src/core/index.js';
import { compute } from './compute.js';
import {
  alphabetChoice,
  alphabetName,
  evidentKeyLengthField,
  languageName,
  languageSchema,
  maxKeyLengthField,
  success,
  textLength,
  textSchema,
  withAlphabetRules,
} from './fields.js';
import { type OperationGroup, post } from './operation.js';

/** Every explanation identify weighs, and what it means (a Record, so a new one cannot go undocumented). */
const EXPLANATIONS: Record<Cipher, string> = {
  plain: 'the text reads as it is',
  caesar: 'one shift (ROT13 is shift 13 on basic)',
  atbash: 'the alphabet reversed (A↔Z, B↔Y, …)',
  affine: 'plain letter i became a·i + b, a key that is neither a shift nor Atbash',
  substitution: 'a cipher alphabet that follows no rule (the cryptogram)',
  vigenere: 'a repeating key of two or more different letters (variant Beaufort and Gronsfeld are its readings too)',
  beaufort: 'a repeating key, each letter K turning plain letter P into K − P',
  autokey: 'a primer, then the plaintext itself, as the key',
  porta: 'a repeating key choosing among the 13 reciprocal alphabets of the Porta table',
  unknown: 'none of these explains the text credibly (random letters, another cipher, another language)',
};
const CIPHER_NAMES = Object.keys(EXPLANATIONS) as [Cipher, ...Cipher[]];

const identifyInput = withAlphabetRules(
  z.object({
    text: textSchema,
    language: languageSchema,
    ...alphabetChoice,
    max_key_length: maxKeyLengthField(DEFAULT_IDENTIFY_KEY_LENGTH, 'Longest Vigenère key weighed'),
  }),
);

const identifySolution = z
  .object({
    cipher: z.enum(CIPHER_NAMES).meta({
      description: `${CIPHER_NAMES.map((c) => `${c}: ${EXPLANATIONS[c]}`).join('; ')}.`,
      example: 'caesar',
    }),
    language: languageName.meta({
      description: 'The language the text reads in likeliest under this explanation (for unknown, the closest one).',
      example: 'en',
    }),
    alphabet: alphabetName.optional().meta({
      description:
        'Present when this reading is in another alphabet than the one asked for: with basic asked (the default), a ' +
        'text holding letters of a language’s own alphabet beyond A–Z is read in that alphabet too (plain, caesar, ' +
        'atbash and affine), so that a Caesar shift of the german alphabet, ä ö ü ß moved with the rest, is found; ' +
        'shift, a and b then count in that alphabet.',
      example: 'german',
    }),
    shift: z
      .int()
      .optional()
      .meta({ description: 'caesar only: the shift that encrypted the text, 1 to n−1.', example: 3 }),
    key: z
      .string()
      .optional()
      .meta({
        description:
          'vigenere, beaufort, porta: the key, upper case; autokey: the primer. substitution: the cipher alphabet (plain letter i became key[i]), `?` where ' +
          'the text does not use plain letter i.',
        example: 'LEMON',
      }),
    a: z.int().optional().meta({
      description: 'affine only: the multiplier, coprime to the alphabet size (plain i became a·i + b).',
      example: 5,
    }),
    b: z.int().optional().meta({ description: 'affine only: the offset, 0 to n−1.', example: 8 }),
    equivalents: z
      .array(
        z.object({
          variant: z
            .enum(['variant_beaufort', 'gronsfeld'])
            .meta({ description: 'The reading.', example: 'gronsfeld' }),
          key: z.string().meta({ description: 'Its key.', example: '31415' }),
        }),
      )
      .optional()
      .meta({
        description:
          'vigenere only: the same decryption read as variant Beaufort (key −K) and, when every shift is 0–9, as ' +
          'Gronsfeld (digits): the text cannot tell them apart.',
      }),
    text: z.string().meta({
      description: 'The text as this explanation reads it: decrypted, or as it was sent for plain and unknown.',
      example: 'The quick brown fox',
    }),
    confidence: z.number().meta({
      description:
        'Posterior probability that this explanation is exactly right (cipher, shift or key), every hypothesis ' +
        'weighed together: one entry per distinct reading, its languages (language, other_languages) summed.',
      example: 0.998,
    }),
    other_languages: z
      .array(languageName)
      .optional()
      .meta({
        description:
          'The other languages this same reading (cipher, key and decryption) was weighed in, likeliest first; its ' +
          'confidence is theirs and language’s together. Absent when only one language reads it so.',
        example: ['fr', 'es'],
      }),
  })
  .meta({ description: 'One explanation of the text.' });

const identifyOutput = z.object({
  success,
  text_length: textLength,
  best_solution: identifySolution.meta({ description: 'The most likely explanation (all_solutions[0]).' }),
  all_solutions: z.array(identifySolution).meta({
    description:
      `Up to ${MAX_SOLUTIONS} explanations, most likely first. Their confidences sum to at most 1: what is left is ` +
      'held by explanations not listed (other shifts, languages, keys near the one shown).',
  }),
  reason: z
    .enum(['key_too_long'])
    .optional()
    .meta({
      description:
        'Present only when best_solution is unknown and the Vigenère search saw why: `key_too_long`: ' +
        `${DOUBT_INFO.key_too_long}.`,
      example: 'key_too_long',
    }),
  evident_key_length: evidentKeyLengthField('identify again'),
});

const identify = post(
  {
    path: '/identify',
    summary: 'What is this? Identify and break a text',
    description:
      'Weighs every explanation of the text together: plain text, a Caesar shift (ROT13 is shift 13 on basic), ' +
      'Atbash, an affine key, a general substitution (the cryptogram), a Vigenère key of two or more different ' +
      'letters (its variant Beaufort and Gronsfeld readings listed with it), a Beaufort key, an autokey primer, a ' +
      'Porta key, each in every language asked for, and unknown (none of these explains it: random letters, another ' +
      'cipher, another language). The cheap explanations are weighed first; the searches run only when none of them ' +
      'reads the text as a language, the cryptogram where the letters keep a language’s frequencies and the ' +
      'Vigenère family where they are spread. Reads every presentation: as the cipher ' +
      'left it, letters only, in groups, letter-spaced. Confidences are calibrated posteriors and sum to at most 1. ' +
      `At most ${MAX_SOLUTIONS} explanations, each with its full text, so an answer stays within ` +
      `${MAX_SOLUTIONS + 1} times the text.`,
  },
  {
    input: identifyInput,
    solver: true,
    output: identifyOutput,
    run: async (input, ctx) => {
      const { solutions, evidentKeyLength } = await compute(ctx, 'identify', {
        spec: { alphabet: input.alphabet, custom_alphabet: input.custom_alphabet },
        text: input.text,
        language: input.language,
        maxKeyLength: input.max_key_length,
      });
      return {
        success: true as const,
        text_length: codePointLength(input.text),
        best_solution: solutions[0]!,
        all_solutions: solutions,
        ...(evidentKeyLength !== undefined && {
          reason: 'key_too_long' as const,
          evident_key_length: evidentKeyLength,
        }),
      };
    },
    example: {
      request: { text: 'Wkh vhfuhw phhwlqj lv dw wkh rog ploo dw vxqvhw; eulqj wkh pds.' },
    },
  },
);

export const identifyGroup = {
  tag: 'identify',
  description: 'What is this? Which cipher, key and language explain a text, with calibrated probabilities.',
  operations: { identify },
} satisfies OperationGroup;
