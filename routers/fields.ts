// The field kit every operation's schemas are built from: one builder per kind of field, the shared fields with their
// defaults (declared here through `.default()`, so a run reads them from its parsed input), and the output atoms.
// Messages follow the contract's single style.
import { z } from 'zod';
import { DOUBT_INFO, DOUBTS, type KeyDoubt, LANGUAGES, LONGER_KEY_FACTOR } from '../src/analysis/index.js';
import {
  ALPHABET_NAMES,
  type Alphabet,
  type AlphabetName,
  codePointLength,
  customAlphabetProblem,
  DEFAULT_ALPHABET,
  keyProblem,
  resolveAlphabet,
  type TextOptions,
} from '../src/core/index.js';

export const MAX_TEXT_LENGTH = 100_000;
export const MAX_BULK_ITEMS = 1_000;
export const MAX_KEY_LENGTH = 1_000;
export const MAX_ANALYSIS_KEY_LENGTH = 100;

/** "custom_alphabet" reads as "custom alphabet" in messages. */
const label = (field: string) => field.replaceAll('_', ' ');

const isMissing = (input: unknown) => input === undefined || input === null;

export function requiredString(field: string) {
  return z.string({
    error: (iss) =>
      isMissing(iss.input) ? `The ${label(field)} field is required.` : `The ${label(field)} must be a string.`,
  });
}

/** Text to transform: required (missing: "required"; empty: "empty"), at most MAX_TEXT_LENGTH code points. */
export function textField(field = 'text') {
  return requiredString(field)
    .min(1, { error: `The ${label(field)} must not be empty.` })
    .refine((s) => s.length <= MAX_TEXT_LENGTH || codePointLength(s) <= MAX_TEXT_LENGTH, {
      error: `The ${label(field)} must not be greater than ${MAX_TEXT_LENGTH} characters.`,
    });
}

/** An integer in [min, max], reported with one message per failure rather than zod's two. */
export function boundedInt(field: string, min: number, max: number) {
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
  return z.boolean({ error: `The ${label(field)} field must be true or false.` });
}

export function oneOf<T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z.enum(values, { error: `The selected ${label(field)} is invalid.` });
}

export const textSchema = textField().meta({
  description: `The text to work on: 1–${MAX_TEXT_LENGTH} Unicode code points.`,
  example: 'Hello, World!',
});
const alphabetSchema = oneOf('alphabet', ALPHABET_NAMES)
  .default(DEFAULT_ALPHABET)
  .meta({
    description:
      `Alphabet to use (default ${DEFAULT_ALPHABET}): basic A–Z, polish (35 letters), german (A–Z ÄÖÜẞ), spanish ` +
      '(with Ñ), french (42 letters) or custom (give custom_alphabet).',
    example: 'basic',
  });
const customAlphabetSchema = requiredString('custom_alphabet').optional().meta({
  description:
    'Letters of the custom alphabet, in order: 2–256 distinct code points. Required when alphabet is custom.',
  example: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
});
const preserveCaseSchema = flag('preserve_case').default(true).meta({
  description: 'Keep the case of letters (default true); false writes letters in the alphabet’s own (upper) case.',
  example: true,
});
const preserveNonAlphaSchema = flag('preserve_non_alpha')
  .default(true)
  .meta({ description: 'Keep characters outside the alphabet (default true); false drops them.', example: true });

/**
 * The plaintext's language, for every operation that takes one. Untold, each weighs all of them (the contract's
 * default): a French or German text sent without a language used to be read as English and answered "no answer".
 */
export const languageSchema = oneOf('language', [...LANGUAGES, 'auto'] as const)
  .default('auto')
  .meta({
    description:
      `Language of the plaintext (default auto): ${LANGUAGES.join(', ')}, or auto to weigh all ${LANGUAGES.length} ` +
      'and answer in the likeliest (the answer names the language it read, so an English text still answers en).',
    example: 'auto',
  });

/** The longest key an analysis weighs, 1–MAX_ANALYSIS_KEY_LENGTH, defaulting to `fallback`. */
export function maxKeyLengthField(fallback: number, what: string) {
  return boundedInt('max_key_length', 1, MAX_ANALYSIS_KEY_LENGTH)
    .default(fallback)
    .meta({
      description: `${what}, 1–${MAX_ANALYSIS_KEY_LENGTH} (default ${fallback}); lengths above half the letter count are skipped.`,
      type: 'integer',
      example: fallback,
    });
}

type Report = (path: (string | number)[], message: string) => void;

/** A whole-object rule that runs even when single fields failed, so every error is reported at once. */
export function crossField(rule: (value: unknown, report: Report) => void) {
  return z.superRefine(
    (value: unknown, ctx) => {
      if (typeof value !== 'object' || value === null) return;
      rule(value, (path, message) => ctx.addIssue({ code: 'custom', input: value, path, message }));
    },
    { when: () => true },
  );
}

/**
 * The spec's common request fields (§2.1): every operation accepts them, ignoring those it does not use, as it
 * always has; any other field an operation does not declare is refused (rejectUnknownFields).
 */
const COMMON_REQUEST_FIELDS = [
  'text',
  'shift',
  'alphabet',
  'custom_alphabet',
  'preserve_case',
  'preserve_non_alpha',
  'language',
  'key',
  'max_key_length',
  'items',
  'method',
] as const;

/** Keys that are an object's machinery rather than data (reported on `body`, not under their own name). */
const OBJECT_MACHINERY = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Refuses fields an object schema does not declare and `common` (the spec's common ones) does not name, each on
 * its own key with a message, so that a typo (`shfit`, `lang`) is a 422 rather than an answer to another question.
 * Runs even when other fields failed, so every error shows at once.
 */
export function rejectUnknownFields<T extends z.ZodType>(
  schema: T,
  common: readonly string[] = COMMON_REQUEST_FIELDS,
): T {
  if (!(schema instanceof z.ZodObject)) return schema;
  const allowed = new Set<string>([...Object.keys(schema.shape), ...common]);
  // Loose, so that the rule sees the fields a strict parse would strip first (the run reads only its own).
  const checked = schema.loose().check(
    crossField((value, report) => {
      // Named as sent, underscores kept: the point is to show the client the exact key it mistyped. A key that
      // names an object's own machinery goes on `body`: superjson refuses to write such a key into tRPC's answer.
      for (const field of Object.keys(value as object))
        if (!allowed.has(field))
          report(OBJECT_MACHINERY.has(field) ? [] : [field], `The ${field} field is not allowed.`);
    }),
  );
  // The document keeps the schema's own description; with no common fields nothing beyond its own is allowed.
  return checked.meta({
    ...schema.meta(),
    ...(common.length === 0 && { additionalProperties: false }),
  }) as unknown as T;
}

/** The fields of a raw request the cross-field rules read. */
export interface AlphabetFields {
  alphabet?: unknown;
  custom_alphabet?: unknown;
  key?: unknown;
}

/**
 * The alphabet a request names, or null when it names none that can be used (the schema and the alphabet rules
 * report why): for the cross-field rules that need the letters.
 */
export function requestAlphabet(value: AlphabetFields): Alphabet | null {
  const { alphabet, custom_alphabet: custom } = value;
  if (alphabet !== undefined && !(ALPHABET_NAMES as readonly unknown[]).includes(alphabet)) return null;
  if (alphabet === 'custom' && (typeof custom !== 'string' || customAlphabetProblem(custom) !== null)) return null;
  return resolveAlphabet((alphabet as AlphabetName) ?? DEFAULT_ALPHABET, custom as string | undefined);
}

/** Why `key`, sent as `field`, is not 1–MAX_KEY_LENGTH letters of `a`, or null when it is. */
export function lettersKeyProblem(field: string, key: string, a: Alphabet): string | null {
  if (codePointLength(key) > MAX_KEY_LENGTH)
    return `The ${label(field)} must not be greater than ${MAX_KEY_LENGTH} characters.`;
  return keyProblem(key, a, label(field));
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
  const a = requestAlphabet(value);
  const problem = a && lettersKeyProblem('key', value.key, a);
  if (problem) report(['key'], problem);
}

/** Adds the alphabet rules to an object schema (`checkKey`: its `key` must be letters of the alphabet). */
export function withAlphabetRules<T extends z.ZodObject>(schema: T, checkKey = false): T {
  return schema.check(crossField((value, report) => alphabetRules(value as AlphabetFields, report, checkKey))) as T;
}

/** The alphabet an operation names, and its custom letters. */
export const alphabetChoice = { alphabet: alphabetSchema, custom_alphabet: customAlphabetSchema };

/** How a transform writes what it does not change. */
export const textOptionFields = { preserve_case: preserveCaseSchema, preserve_non_alpha: preserveNonAlphaSchema };

/** The transform options of a parsed input (the schema gave them their defaults). */
export function textOptions(input: { preserve_case: boolean; preserve_non_alpha: boolean }): TextOptions {
  return { preserveCase: input.preserve_case, preserveNonAlpha: input.preserve_non_alpha };
}

/** The fields of every transform under a chosen alphabet. */
export const alphabetFields = { ...alphabetChoice, ...textOptionFields };

/** The items of a bulk request: 1–MAX_BULK_ITEMS of `item`. */
export function bulkItems<T extends z.ZodType>(item: T) {
  return z
    .array(item, {
      error: (iss) => (isMissing(iss.input) ? 'The items field is required.' : 'The items must be an array.'),
    })
    .min(1, { error: 'The items must contain at least 1 item.' })
    .max(MAX_BULK_ITEMS, { error: `The items must not have more than ${MAX_BULK_ITEMS} items.` })
    .meta({ description: `The texts to process, 1–${MAX_BULK_ITEMS} of them.` });
}

// ------------------------------------------------------------------------------------------- outputs

export const alphabetName = z.enum(ALPHABET_NAMES).meta({ description: 'The alphabet used.', example: 'basic' });
export const languageName = z
  .enum(LANGUAGES)
  .meta({ description: 'The language used (the one chosen, for auto).', example: 'en' });
export const textLength = z
  .int()
  .meta({ description: 'Length of the input text in Unicode code points.', example: 13 });
export const success = z.literal(true).meta({ description: 'Always true on success.', example: true });
export const shiftMethod = z
  .enum(['encrypt', 'decrypt'])
  .meta({ description: 'The operation performed.', example: 'encrypt' });
export const count = z.int().meta({ description: 'Number of results (the number of items sent).', example: 2 });
export const index = z.int().meta({ description: 'Position of the item in the request, from 0.', example: 0 });
export const original = z.string().meta({ description: 'The item’s text as sent.', example: 'abc' });

/**
 * The probability of the "no answer" hypothesis, `hypothesis` naming what it denies ("a Caesar cipher of prose"):
 * beside it the answer's confidences keep their meaning (they and this sum to 1), and confidence / (1 − no_answer)
 * is the confidence given that the text is such a cipher.
 */
export function noAnswerField(hypothesis: string) {
  return z.number().meta({
    description:
      `Probability that the text is not ${hypothesis} in the language at all (random letters, another cipher): ` +
      'the confidences of every candidate and this sum to 1, so confidence / (1 − no_answer) is the confidence ' +
      'given that it is one.',
    example: 0.01,
  });
}

/**
 * Why the best answer is not credible: present only when its confidence is below one half. `reasons`: the ones the
 * answer can give (a periodic key's add key_too_long).
 */
export function doubtReason(answer: string, reasons: readonly [KeyDoubt, ...KeyDoubt[]] = DOUBTS) {
  return z
    .enum(reasons)
    .optional()
    .meta({
      description:
        `Present only when the confidence of ${answer} is below 0.5, saying why it is not credible: ` +
        reasons.map((d) => `\`${d}\`: ${DOUBT_INFO[d]}.`).join(' '),
      example: 'no_answer',
    });
}

/** The key length the coincidences show past max_key_length, beside reason key_too_long; `again`: the call to repeat. */
export function evidentKeyLengthField(again: string) {
  return z
    .int()
    .optional()
    .meta({
      description:
        'Present only with reason key_too_long: the key length the coincidences of the letters show, past ' +
        `max_key_length (lengths up to ${LONGER_KEY_FACTOR} times it are looked at); ${again} with a ` +
        'max_key_length of at least this.',
      example: 12,
    });
}
