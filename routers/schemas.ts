// Request and response schemas, each declared once; messages follow the contract's single style.
import { z } from 'zod';
import { LANGUAGES } from '../src/analysis/languages.js';
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

export const textSchema = textField();
export const shiftSchema = boundedInt('shift', -25, 25).meta({
  description: 'Caesar shift, an integer from -25 to 25.',
});
export const alphabetSchema = oneOf('alphabet', ALPHABET_NAMES)
  .optional()
  .meta({ description: 'Alphabet to use (default basic).' });
export const customAlphabetSchema = requiredString('custom_alphabet').optional().meta({
  description: 'Letters of the custom alphabet: 2–256 distinct code points. Required when alphabet is custom.',
});
export const preserveCaseSchema = flag('preserve_case').meta({
  description: 'Keep the case of letters (default true).',
});
export const preserveNonAlphaSchema = flag('preserve_non_alpha').meta({
  description: 'Keep characters outside the alphabet (default true); false drops them.',
});
export const languageSchema = oneOf('language', [...LANGUAGES, 'auto'] as const)
  .optional()
  .meta({ description: 'Language of the plaintext (default en); auto picks the best-fitting one.' });
export const keySchema = requiredString('key')
  .min(1, { error: 'The key field is required.' })
  .meta({ description: `Vigenère key: 1–${MAX_KEY_LENGTH} letters of the chosen alphabet.` });
export const maxKeyLengthSchema = boundedInt('max_key_length', 1, MAX_ANALYSIS_KEY_LENGTH)
  .optional()
  .meta({ description: `Largest key length tried, 1–${MAX_ANALYSIS_KEY_LENGTH} (default 10).` });

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
  .meta({ description: 'encrypt (default), decrypt or solve.' });

function bulkItems<T extends z.ZodType>(item: T) {
  return z
    .array(item, {
      error: (iss) => (isMissing(iss.input) ? 'The items field is required.' : 'The items must be an array.'),
    })
    .min(1, { error: 'The items must contain at least 1 item.' })
    .max(MAX_BULK_ITEMS, { error: `The items must not have more than ${MAX_BULK_ITEMS} items.` });
}

const caesarBulkItem = z.object(
  {
    text: textSchema,
    // Validated against the method below: ignored for solve, required otherwise.
    shift: z.unknown().optional().meta({ type: 'integer', description: 'Shift, -25 to 25 (ignored for solve).' }),
  },
  { error: 'Each item must be an object with text and shift.' },
);

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
  items: bulkItems(textField('item')),
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

// ------------------------------------------------------------------------------------------- outputs

const alphabetName = z.enum(ALPHABET_NAMES).meta({ description: 'The alphabet used.' });
const languageName = z.enum(LANGUAGES).meta({ description: 'The language used (the one chosen, for auto).' });
const textLength = z.int().meta({ description: 'Length of the input text in Unicode code points.' });
const success = z.literal(true);

export const caesarShiftOutput = z.object({
  success,
  result: z.string(),
  method: z.enum(['encrypt', 'decrypt']),
  shift: z.int(),
  alphabet: alphabetName,
  text_length: textLength,
});

const solution = z.object({
  shift: z.int().meta({ description: 'The shift that encrypted the text, 0 to n−1.' }),
  text: z.string().meta({ description: 'The text decrypted with that shift.' }),
  score: z.number().meta({ description: 'Posterior probability of this shift; all scores sum to 1.' }),
});

export const caesarSolveOutput = z.object({
  success,
  best_solution: z.object({
    shift: z.int(),
    text: z.string(),
    confidence: z.number().meta({ description: 'Posterior probability of the best shift.' }),
  }),
  all_solutions: z.array(solution),
  alphabet: alphabetName,
  language: languageName,
});

const caesarBulkResult = z.object({
  index: z.int(),
  original: z.string(),
  result: z.string(),
  shift: z.int(),
  confidence: z.number().optional().meta({ description: 'Present for method solve only.' }),
});

export const caesarBulkOutput = z.object({
  success,
  method: z.enum(['encrypt', 'decrypt', 'solve']),
  alphabet: alphabetName,
  language: languageName.optional().meta({ description: 'Present for method solve only.' }),
  count: z.int(),
  results: z.array(caesarBulkResult),
});

export const rot13Output = z.object({
  success,
  result: z.string(),
  method: z.literal('rot13'),
  text_length: textLength,
});

export const rot13BulkOutput = z.object({
  success,
  method: z.literal('rot13'),
  count: z.int(),
  results: z.array(z.object({ index: z.int(), original: z.string(), result: z.string() })),
});

export const vigenereOutput = z.object({
  success,
  result: z.string(),
  method: z.enum(['encrypt', 'decrypt']),
  key_length: z.int().meta({ description: 'Length of the key in code points.' }),
  text_length: textLength,
});

export const vigenereAnalyzeOutput = z.object({
  success,
  analysis: z.object({
    probable_key_lengths: z.array(z.int()),
    best_key_length: z.int(),
    ioc_scores: z.record(z.string(), z.number()),
    probable_key: z.string(),
    decrypted_preview: z.string(),
    confidence: z.number().meta({ description: 'Probability that probable_key is the key.' }),
    language: languageName,
  }),
  text_length: textLength,
});
