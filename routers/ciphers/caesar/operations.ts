// Caesar operations: encrypt, decrypt, solve and bulk, thin wrappers over the core and the solver, each with its
// worked example.
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { alphabetOf, caesarDecrypt, caesarEncrypt, codePointLength } from '../../../src/core/index.js';
import { ANSWER_SIZE_RULE, candidateBudget } from '../../answer-size.js';
import { compute } from '../../compute.js';
import { type FieldErrors, FieldValidationError } from '../../errors.js';
import { MAX_BULK_ITEMS, textOptions } from '../../fields.js';
import { type OperationGroup, post } from '../../operation.js';
import type { Context } from '../../trpc.js';
import {
  caesarBulkInput,
  caesarBulkOutput,
  caesarShiftInput,
  caesarShiftOutput,
  caesarSolveInput,
  caesarSolveOutput,
} from './schemas.js';

/** Encrypt and decrypt differ only in direction, wording and example text. */
function shiftOperation(method: 'encrypt' | 'decrypt', summary: string, description: string, exampleText: string) {
  const apply = method === 'encrypt' ? caesarEncrypt : caesarDecrypt;
  return post(
    { path: `/caesar/${method}`, summary, description },
    {
      input: caesarShiftInput,
      output: caesarShiftOutput,
      run: (input) => ({
        success: true as const,
        result: apply(input.text, input.shift, alphabetOf(input), textOptions(input)),
        method,
        shift: input.shift,
        alphabet: input.alphabet,
        text_length: codePointLength(input.text),
      }),
      example: {
        request: { text: exampleText, shift: 3 },
      },
    },
  );
}

const solve = post(
  {
    path: '/caesar/solve',
    summary: 'Break a Caesar cipher',
    description:
      'Scores every shift with the language model and returns them ranked by the probability that each is the ' +
      'answer, the hypothesis that there is none weighed too (so the scores sum to at most 1; `reason` says why ' +
      'when the best is below 0.5). It reads the text as written, letters only, in groups, with a separator ' +
      `after every letter, and with accents kept or folded to A–Z. No answer is ${ANSWER_SIZE_RULE}: when every ` +
      'candidate in full would not fit, the texts of all candidates but the best are cut to the same number of code ' +
      'points and marked `truncated` (`best_solution.text` and the first candidate are never cut).',
  },
  {
    input: caesarSolveInput,
    solver: true,
    output: caesarSolveOutput,
    run: async (input, ctx) => {
      const { language, solutions, noAnswer, reason } = await compute(ctx, 'caesarSolve', {
        spec: { alphabet: input.alphabet, custom_alphabet: input.custom_alphabet },
        text: input.text,
        language: input.language,
        candidateChars: candidateBudget(input.text, alphabetOf(input), input.custom_alphabet),
      });
      const best = solutions[0]!;
      return {
        success: true as const,
        best_solution: { shift: best.shift, text: best.text, confidence: best.score },
        all_solutions: solutions,
        no_answer: noAnswer,
        ...(reason && { reason }),
        alphabet: input.alphabet,
        language,
      };
    },
    example: {
      request: { text: 'Wkh txlfn eurzq ira mxpsv ryhu wkh odcb grj', language: 'auto' },
    },
  },
);

type BulkInput = z.output<typeof caesarBulkInput>;

/**
 * Bulk solve: one language for the whole batch (auto decides it from all the texts together), then every item's
 * best shift (compute runs the batch in pieces); an item the solver cannot read is a 422 on its field.
 */
async function bulkSolve(input: BulkInput, ctx: Context) {
  const spec = { alphabet: input.alphabet, custom_alphabet: input.custom_alphabet };
  const texts = input.items.map((item) => item.text);
  const language =
    input.language === 'auto' ? await compute(ctx, 'caesarBulkLanguage', { spec, texts }) : input.language;
  const solved = (await compute(ctx, 'caesarBulkSolve', { spec, texts, language })).items;
  const errors: FieldErrors = {};
  const results = solved.map((r, index) => {
    if ('field' in r) errors[`items.${index}.${r.field}`] = [r.message];
    const best = r as { shift: number; text: string; confidence: number };
    return { index, original: texts[index]!, result: best.text, shift: best.shift, confidence: best.confidence };
  });
  // The contract fixes a bulk item's fields (shared/CONTRACT.md): each item's "no answer" rides beside them, by index.
  const noAnswer = solved.map((r) => ('noAnswer' in r ? r.noAnswer : 0));
  if (Object.keys(errors).length) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Validation failed', cause: new FieldValidationError(errors) });
  }
  return {
    success: true as const,
    method: input.method,
    alphabet: input.alphabet,
    language,
    count: results.length,
    results,
    no_answer: noAnswer,
  };
}

const bulk = post(
  {
    path: '/caesar/bulk',
    summary: 'Encrypt, decrypt or solve many texts',
    description: `Applies one method to up to ${MAX_BULK_ITEMS} items; with method solve each item is broken and its shift ignored.`,
  },
  {
    input: caesarBulkInput,
    solver: true,
    output: caesarBulkOutput,
    run: async (input, ctx) => {
      const { method } = input;
      if (method === 'solve') return bulkSolve(input, ctx);
      const a = alphabetOf(input);
      const opts = textOptions(input);
      const apply = method === 'encrypt' ? caesarEncrypt : caesarDecrypt;
      const results = input.items.map((item, index) => {
        const shift = item.shift as number;
        return { index, original: item.text, result: apply(item.text, shift, a, opts), shift };
      });
      return { success: true as const, method, alphabet: input.alphabet, count: results.length, results };
    },
    example: {
      request: {
        method: 'encrypt',
        items: [
          { text: 'abc', shift: 1 },
          { text: 'Grüße', shift: 5 },
        ],
        alphabet: 'german',
      },
    },
  },
);

export const caesar = {
  tag: 'caesar',
  description: 'Shift every letter a fixed number of places; break it by scoring every shift.',
  operations: {
    encrypt: shiftOperation(
      'encrypt',
      'Encrypt with a Caesar shift',
      'Moves every letter `shift` places along the alphabet.',
      'Hello, World!',
    ),
    decrypt: shiftOperation(
      'decrypt',
      'Decrypt a Caesar shift',
      'Moves every letter `shift` places back.',
      'Khoor, Zruog!',
    ),
    solve,
    bulk,
  },
} satisfies OperationGroup;
