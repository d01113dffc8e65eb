// Request and response schemas, each declared once; messages follow the contract's single style.
import { z } from 'zod';
import { DEFAULT_IDENTIFY_KEY_LENGTH } from '../src/analysis/identify/index.js';
import { DOUBT_INFO, DOUBTS, LANGUAGES } from '../src/analysis/index.js';
import { ALPHABET_NAMES, customAlphabetProblem, keyProblem, resolveAlphabet } from '../src/core/index.js';
import { codePointLength } from '../src/core/text.js';

export const MAX_TEXT_LENGTH = 100_000;
export const MAX_BULK_ITEMS = 1_000;
export const MAX_KEY_LENGTH = 1_000;
export const MAX_ANALYSIS_KEY_LENGTH = 100;

/** "custom_alphabet" reads as "custom alphabet" in messages. */
const label = (field: string) => field.replaceAll('_', ' ');

const isMissing = (input: unknown) => input === undefined || input === null;

function requiredString(field: string) {
  return z.string({
    error: (iss) =>
      isMissing(iss.input) ? `The ${label(field)} field is required.` : `The ${label(field)} must be a string.`,
  });
}

/** Text to transform: required, non-empty, at most MAX_TEXT_LENGTH code points. */
function textField(field = 'text') {
  return requiredString(field)
    .min(1, { error: `The ${label(field)} field is required.` })
    .refine((s) => s.length <= MAX_TEXT_LENGTH || codePointLength(s) <= MAX_TEXT_LENGTH, {
      error: `The ${label(field)} must not be greater than ${MAX_TEXT_LENGTH} characters.`,
    });
}

/** An integer in [min, max], reported with one message per failure rather than zod's two. */
function boundedInt(field: string, min: number, max: number) {
  const name = label(field);
  return z
    .number({
      error: (iss) => (isMissing(iss.input) ? `The ${name} field is required.` : `The ${name} must be an integer.`),
    })
    .check((ctx) => {
      const v = ctx.value;
      if (!Number.isInteger(v)) {
        ctx.issues.push({ code: 'custom', input: v, message: `The ${name} must be an integer.` });
      } else if (v < min || v > max) {
        ctx.issues.push({ code: 'custom', input: v, message: `The ${name} must be between ${min} and ${max}.` });
      }
    });
}

function flag(field: string) {
  return z.boolean({ error: `The ${label(field)} field must be true or false.` }).optional();
}

function oneOf<T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z.enum(values, { error: `The selected ${label(field)} is invalid.` });
}

export const textSchema = textField().meta({
  description: `The text to work on: 1–${MAX_TEXT_LENGTH} Unicode code points.`,
  example: 'Hello, World!',
});
export const shiftSchema = boundedInt('shift', -25, 25).meta({
  description: 'Caesar shift, an integer from -25 to 25; negative shifts move letters backwards.',
  type: 'integer',
  example: 3,
});
export const alphabetSchema = oneOf('alphabet', ALPHABET_NAMES)
  .optional()
  .meta({
    description:
      'Alphabet to use (default basic): basic A–Z, polish (35 letters), german (A–Z ÄÖÜẞ), spanish (with Ñ), ' +
      'french (42 letters) or custom (give custom_alphabet).',
    example: 'basic',
  });
export const customAlphabetSchema = requiredString('custom_alphabet').optional().meta({
  description:
    'Letters of the custom alphabet, in order: 2–256 distinct code points. Required when alphabet is custom.',
  example: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
});
export const preserveCaseSchema = flag('preserve_case').meta({
  description: 'Keep the case of letters (default true); false writes letters in the alphabet’s own (upper) case.',
  example: true,
});
export const preserveNonAlphaSchema = flag('preserve_non_alpha').meta({
  description: 'Keep characters outside the alphabet (default true); false drops them.',
  example: true,
});
export const languageSchema = oneOf('language', [...LANGUAGES, 'auto'] as const)
  .optional()
  .meta({
    description:
      'Language of the plaintext for the solver (default en): en, pl, de, es, fr, or auto to pick the best-fitting one.',
    example: 'auto',
  });
export const keySchema = requiredString('key')
  .min(1, { error: 'The key field is required.' })
  .meta({ description: `Vigenère key: 1–${MAX_KEY_LENGTH} letters of the chosen alphabet.`, example: 'LEMON' });
export const maxKeyLengthSchema = boundedInt('max_key_length', 1, MAX_ANALYSIS_KEY_LENGTH)
  .optional()
  .meta({
    description: `Largest key length tried, 1–${MAX_ANALYSIS_KEY_LENGTH} (default 10); lengths above half the letter count are skipped.`,
    type: 'integer',
    example: 10,
  });

type Report = (path: (string | number)[], message: string) => void;

/** A whole-object rule that runs even when single fields failed, so every error is reported at once. */
function crossField(rule: (value: unknown, report: Report) => void) {
  return z.superRefine(
    (value: unknown, ctx) => {
      if (typeof value !== 'object' || value === null) return;
      rule(value, (path, message) => ctx.addIssue({ code: 'custom', input: value, path, message }));
    },
    { when: () => true },
  );
}

interface AlphabetFields {
  alphabet?: unknown;
  custom_alphabet?: unknown;
  key?: unknown;
}

/**
 * Cross-field rules that need the alphabet: custom_alphabet is required and sound when alphabet is custom,
 * and a key holds only letters of the alphabet. Runs even when other fields failed, so all errors show at once.
 */
function alphabetRules(value: AlphabetFields, report: Report, checkKey: boolean): void {
  const { alphabet, custom_alphabet: custom } = value;
  if (alphabet === 'custom') {
    if (custom === undefined || custom === null) {
      report(['custom_alphabet'], 'The custom alphabet field is required when alphabet is custom.');
      return;
    }
    if (typeof custom !== 'string') return;
    const problem = customAlphabetProblem(custom);
    if (problem) {
      report(['custom_alphabet'], problem);
      return;
    }
  }
  if (!checkKey || typeof value.key !== 'string' || value.key.length === 0) return;
  if (alphabet !== undefined && !(ALPHABET_NAMES as readonly unknown[]).includes(alphabet)) return;
  if (codePointLength(value.key) > MAX_KEY_LENGTH) {
    report(['key'], `The key must not be greater than ${MAX_KEY_LENGTH} characters.`);
    return;
  }
  const a = resolveAlphabet((alphabet as (typeof ALPHABET_NAMES)[number]) ?? 'basic', custom as string | undefined);
  const problem = keyProblem(value.key, a);
  if (problem) report(['key'], problem);
}

/** Adds the alphabet rules to an object schema. */
function withAlphabetRules<T extends z.ZodObject>(schema: T, checkKey = false): T {
  return schema.check(crossField((value, report) => alphabetRules(value as AlphabetFields, report, checkKey))) as T;
}

const alphabetFields = {
  alphabet: alphabetSchema,
  custom_alphabet: customAlphabetSchema,
  preserve_case: preserveCaseSchema,
  preserve_non_alpha: preserveNonAlphaSchema,
};

export const caesarShiftInput = withAlphabetRules(
  z.object({ text: textSchema, shift: shiftSchema, ...alphabetFields }),
);

export const caesarSolveInput = withAlphabetRules(
  z.object({
    text: textSchema,
    alphabet: alphabetSchema,
    custom_alphabet: customAlphabetSchema,
    language: languageSchema,
  }),
);

export const bulkMethodSchema = oneOf('method', ['encrypt', 'decrypt', 'solve'] as const)
  .optional()
  .meta({ description: 'What to do with every item: encrypt (default), decrypt or solve.', example: 'encrypt' });

function bulkItems<T extends z.ZodType>(item: T) {
  return z
    .array(item, {
      error: (iss) => (isMissing(iss.input) ? 'The items field is required.' : 'The items must be an array.'),
    })
    .min(1, { error: 'The items must contain at least 1 item.' })
    .max(MAX_BULK_ITEMS, { error: `The items must not have more than ${MAX_BULK_ITEMS} items.` })
    .meta({ description: `The texts to process, 1–${MAX_BULK_ITEMS} of them.` });
}

const caesarBulkItem = z
  .object(
    {
      text: textSchema,
      // Validated against the method below: ignored for solve, required otherwise.
      shift: z.unknown().optional().meta({
        type: 'integer',
        description: 'Shift, -25 to 25 (required for encrypt and decrypt, ignored for solve).',
        example: 1,
      }),
    },
    { error: 'Each item must be an object with text and shift.' },
  )
  .meta({ description: 'One text and its shift.', example: { text: 'abc', shift: 1 } });

export const caesarBulkInput = withAlphabetRules(
  z.object({
    items: bulkItems(caesarBulkItem),
    method: bulkMethodSchema,
    ...alphabetFields,
    language: languageSchema,
  }),
).check(
  crossField((value, report) => {
    const { method, items } = value as { method?: unknown; items?: unknown };
    if (method === 'solve' || !Array.isArray(items) || items.length > MAX_BULK_ITEMS) return;
    items.forEach((item: unknown, i) => {
      if (typeof item !== 'object' || item === null) return;
      const r = shiftSchema.safeParse((item as { shift?: unknown }).shift);
      if (!r.success) for (const issue of r.error.issues) report(['items', i, 'shift'], issue.message);
    });
  }),
);

export const rot13Input = z.object({
  text: textSchema,
  preserve_case: preserveCaseSchema,
  preserve_non_alpha: preserveNonAlphaSchema,
});

export const rot13BulkInput = z.object({
  items: bulkItems(textField('item').meta({ description: 'A text to transform.', example: 'Hello' })),
  preserve_case: preserveCaseSchema,
  preserve_non_alpha: preserveNonAlphaSchema,
});

export const vigenereInput = withAlphabetRules(z.object({ text: textSchema, key: keySchema, ...alphabetFields }), true);

export const vigenereAnalyzeInput = withAlphabetRules(
  z.object({
    text: textSchema,
    max_key_length: maxKeyLengthSchema,
    alphabet: alphabetSchema,
    custom_alphabet: customAlphabetSchema,
    language: languageSchema,
  }),
);

export const identifyInput = withAlphabetRules(
  z.object({
    text: textSchema,
    language: languageSchema.meta({
      description:
        'Language of the plaintext (default auto): en, pl, de, es, fr, or auto to weigh all five and name the likeliest.',
      example: 'auto',
    }),
    alphabet: alphabetSchema,
    custom_alphabet: customAlphabetSchema,
    max_key_length: maxKeyLengthSchema.meta({
      description: `Longest Vigenère key weighed, 1–${MAX_ANALYSIS_KEY_LENGTH} (default ${DEFAULT_IDENTIFY_KEY_LENGTH}); lengths above half the letter count are skipped.`,
      type: 'integer',
      example: DEFAULT_IDENTIFY_KEY_LENGTH,
    }),
  }),
);

// ------------------------------------------------------------------------------------------- outputs

const alphabetName = z.enum(ALPHABET_NAMES).meta({ description: 'The alphabet used.', example: 'basic' });
const languageName = z
  .enum(LANGUAGES)
  .meta({ description: 'The language used (the one chosen, for auto).', example: 'en' });
const textLength = z.int().meta({ description: 'Length of the input text in Unicode code points.', example: 13 });
export const success = z.literal(true).meta({ description: 'Always true on success.', example: true });
const resultText = z.string().meta({ description: 'The transformed text.', example: 'Khoor, Zruog!' });
const shiftMethod = z
  .enum(['encrypt', 'decrypt'])
  .meta({ description: 'The operation performed.', example: 'encrypt' });
const count = z.int().meta({ description: 'Number of results (the number of items sent).', example: 2 });
const index = z.int().meta({ description: 'Position of the item in the request, from 0.', example: 0 });
const original = z.string().meta({ description: 'The item’s text as sent.', example: 'abc' });

export const caesarShiftOutput = z.object({
  success,
  result: resultText,
  method: shiftMethod,
  shift: z.int().meta({ description: 'The shift applied, as sent.', example: 3 }),
  alphabet: alphabetName,
  text_length: textLength,
});

/** Why the best answer is not credible: present only when its confidence is below one half. */
function doubtReason(answer: string) {
  return z
    .enum(DOUBTS)
    .optional()
    .meta({
      description:
        `Present only when the confidence of ${answer} is below 0.5, saying why it is not credible: ` +
        DOUBTS.map((d) => `\`${d}\`: ${DOUBT_INFO[d]}.`).join(' '),
      example: 'no_answer',
    });
}

const solution = z
  .object({
    shift: z.int().meta({ description: 'The shift that encrypted the text, 0 to n−1.', example: 3 }),
    text: z.string().meta({ description: 'The text decrypted with that shift.', example: 'The quick brown fox' }),
    score: z.number().meta({
      description:
        'Probability that this shift is the answer, every hypothesis weighed, including that the text is not a ' +
        'Caesar cipher of prose in the language (random letters, another cipher): the scores sum to at most 1, and ' +
        'the rest is that "no answer" hypothesis.',
      example: 0.9999,
    }),
    truncated: z
      .literal(true)
      .optional()
      .meta({
        description:
          'Present (true) when `text` is only the start of the decryption: a long text decrypted under every shift ' +
          'would make the answer larger than 50 times the request or 8 MiB, whichever is larger, or the candidates ' +
          'but the best larger than 2 MiB together.',
        example: true,
      }),
  })
  .meta({ description: 'One candidate decryption.' });

export const caesarSolveOutput = z.object({
  success,
  best_solution: z
    .object({
      shift: z.int().meta({ description: 'The most probable shift that encrypted the text.', example: 3 }),
      text: z.string().meta({ description: 'The text decrypted with that shift.', example: 'The quick brown fox' }),
      confidence: z.number().meta({
        description: 'Probability that this shift is the answer, "no answer" weighed too: all_solutions[0].score.',
        example: 0.9999,
      }),
    })
    .meta({ description: 'The most probable decryption.' }),
  all_solutions: z
    .array(solution)
    .meta({ description: 'One candidate per shift of the alphabet, most probable first.' }),
  reason: doubtReason('best_solution'),
  alphabet: alphabetName,
  language: languageName,
});

const caesarBulkResult = z
  .object({
    index,
    original,
    result: z.string().meta({ description: 'The transformed (or, for solve, decrypted) text.', example: 'bcd' }),
    shift: z.int().meta({ description: 'The shift used (for solve: the one found).', example: 1 }),
    confidence: z.number().optional().meta({
      description: 'Probability that the shift found is the answer, "no answer" weighed too; method solve only.',
      example: 0.98,
    }),
  })
  .meta({ description: 'The result for one item.' });

export const caesarBulkOutput = z.object({
  success,
  method: z.enum(['encrypt', 'decrypt', 'solve']).meta({ description: 'The method applied.', example: 'encrypt' }),
  alphabet: alphabetName,
  language: languageName.optional().meta({ description: 'The language solved in; method solve only.', example: 'en' }),
  count,
  results: z.array(caesarBulkResult).meta({ description: 'One result per item, in request order.' }),
});

const rot13Method = z.literal('rot13').meta({ description: 'Always rot13.', example: 'rot13' });

export const rot13Output = z.object({
  success,
  result: z
    .string()
    .meta({ description: 'The text with every basic letter moved 13 places.', example: 'Uryyb, Jbeyq!' }),
  method: rot13Method,
  text_length: textLength,
});

export const rot13BulkOutput = z.object({
  success,
  method: rot13Method,
  count,
  results: z
    .array(
      z
        .object({ index, original, result: z.string().meta({ description: 'The ROT13 of the item.', example: 'nop' }) })
        .meta({ description: 'The result for one item.' }),
    )
    .meta({ description: 'One result per item, in request order.' }),
});

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
        .meta({ description: 'Up to 5 key lengths, most likely first.', example: [5, 10, 3] }),
      best_key_length: z.int().meta({ description: 'The most likely key length.', example: 5 }),
      ioc_scores: z.record(z.string(), z.number()).meta({
        description:
          'Mean index of coincidence of the columns for every key length tried ("1"…"max"); the right length and ' +
          'its multiples come close to the language’s own IoC (about 0.066 for English).',
        example: { '1': 0.043, '2': 0.045, '3': 0.044, '4': 0.046, '5': 0.067 },
      }),
      probable_key: z.string().meta({ description: 'The recovered key, upper case.', example: 'LEMON' }),
      decrypted_preview: z.string().meta({
        description: 'The first 200 code points of the text decrypted with probable_key.',
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

const identifySolution = z
  .object({
    cipher: z.enum(['plain', 'caesar', 'vigenere', 'unknown']).meta({
      description:
        'plain: the text reads as it is; caesar: one shift (ROT13 is shift 13 on basic); vigenere: a repeating key ' +
        'of two or more different letters; unknown: none of these explains the text credibly (random letters, ' +
        'another cipher, another language).',
      example: 'caesar',
    }),
    language: languageName.meta({
      description: 'The language the text reads in under this explanation (for unknown, the closest one).',
      example: 'en',
    }),
    shift: z
      .int()
      .optional()
      .meta({ description: 'caesar only: the shift that encrypted the text, 1 to n−1.', example: 3 }),
    key: z.string().optional().meta({ description: 'vigenere only: the key, upper case.', example: 'LEMON' }),
    text: z.string().meta({
      description: 'The text as this explanation reads it: decrypted, or as it was sent for plain and unknown.',
      example: 'The quick brown fox',
    }),
    confidence: z.number().meta({
      description:
        'Posterior probability that this explanation is exactly right (cipher, shift or key, and language), every ' +
        'hypothesis weighed together.',
      example: 0.998,
    }),
  })
  .meta({ description: 'One explanation of the text.' });

export const identifyOutput = z.object({
  success,
  text_length: textLength,
  best_solution: identifySolution.meta({ description: 'The most likely explanation (all_solutions[0]).' }),
  all_solutions: z.array(identifySolution).meta({
    description:
      'Up to 10 explanations, most likely first. Their confidences sum to at most 1: what is left is held by ' +
      'explanations not listed (other shifts, languages, keys near the one shown).',
  }),
});
