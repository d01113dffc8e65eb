// Caesar's request and response schemas, built from the field kit.
import { z } from 'zod';
import { ANSWER_SIZE_RULE } from '../../answer-size.js';
import {
  alphabetChoice,
  alphabetFields,
  alphabetName,
  boundedInt,
  bulkItems,
  count,
  crossField,
  doubtReason,
  index,
  languageName,
  languageSchema,
  MAX_BULK_ITEMS,
  noAnswerField,
  oneOf,
  original,
  rejectUnknownFields,
  shiftMethod,
  success,
  textLength,
  textSchema,
  withAlphabetRules,
} from '../../fields.js';

/** The largest shift either way: a shift of the basic alphabet's size or more says nothing a smaller one does not. */
export const MAX_SHIFT = 25;

const shiftSchema = boundedInt('shift', -MAX_SHIFT, MAX_SHIFT).meta({
  description: `Caesar shift, an integer from ${-MAX_SHIFT} to ${MAX_SHIFT}; negative shifts move letters backwards.`,
  type: 'integer',
  example: 3,
});

export const caesarShiftInput = withAlphabetRules(
  z.object({ text: textSchema, shift: shiftSchema, ...alphabetFields }),
);

export const caesarSolveInput = withAlphabetRules(
  z.object({ text: textSchema, ...alphabetChoice, language: languageSchema }),
);

const BULK_METHODS = ['encrypt', 'decrypt', 'solve'] as const;
const DEFAULT_BULK_METHOD = 'encrypt';

const bulkMethodSchema = oneOf('method', BULK_METHODS)
  .default(DEFAULT_BULK_METHOD)
  .meta({
    description: `What to do with every item: ${BULK_METHODS.join(', ')} (default ${DEFAULT_BULK_METHOD}).`,
    example: 'encrypt',
  });

const caesarBulkItem = z
  .object(
    {
      text: textSchema,
      // Validated against the method below: ignored for solve, required otherwise.
      shift: z
        .unknown()
        .optional()
        .meta({
          type: 'integer',
          description: `Shift, ${-MAX_SHIFT} to ${MAX_SHIFT} (required for encrypt and decrypt, ignored for solve).`,
          example: 1,
        }),
    },
    { error: 'Each item must be an object with text and shift.' },
  )
  .meta({ description: 'One text and its shift.', example: { text: 'abc', shift: 1 } });

export const caesarBulkInput = withAlphabetRules(
  z.object({
    // An item's own fields are text and shift alone: a typo inside an item is refused as at the top.
    items: bulkItems(rejectUnknownFields(caesarBulkItem, [])),
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

// ------------------------------------------------------------------------------------------- outputs

export const caesarShiftOutput = z.object({
  success,
  result: z.string().meta({ description: 'The transformed text.', example: 'Khoor, Zruog!' }),
  method: shiftMethod,
  shift: z.int().meta({ description: 'The shift applied, as sent.', example: 3 }),
  alphabet: alphabetName,
  text_length: textLength,
});

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
          `would break the rule that no answer is ${ANSWER_SIZE_RULE}.`,
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
  no_answer: noAnswerField('a Caesar cipher of prose'),
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
  method: z.enum(BULK_METHODS).meta({ description: 'The method applied.', example: 'encrypt' }),
  alphabet: alphabetName,
  language: languageName.optional().meta({ description: 'The language solved in; method solve only.', example: 'en' }),
  count,
  results: z.array(caesarBulkResult).meta({ description: 'One result per item, in request order.' }),
  no_answer: z
    .array(noAnswerField('a Caesar cipher of prose'))
    .optional()
    .meta({
      description:
        'Method solve only: for each item, by its index, the probability that its text is not a Caesar cipher of ' +
        'prose in the language at all (random letters, another cipher); its confidence and every other shift’s ' +
        'score sum with it to 1. Beside the results, whose fields the contract fixes.',
      example: [0.01, 0.97],
    }),
});
