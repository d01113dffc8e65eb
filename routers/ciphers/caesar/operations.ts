// Caesar operations: encrypt, decrypt, solve and bulk, thin wrappers over the core and the solver.
import { TRPCError } from '@trpc/server';
import { alphabetOf, bulkChunks, type TaskResult } from '../src/compute/tasks.js';
import { caesarDecrypt, caesarEncrypt, codePointLength } from '../src/core/index.js';
import { candidateBudget } from './answer-size.js';
import { type FieldErrors, FieldValidationError } from './errors.js';
import { post } from './operation.js';
import {
  caesarBulkInput,
  caesarBulkOutput,
  caesarShiftInput,
  caesarShiftOutput,
  caesarSolveInput,
  caesarSolveOutput,
} from './schemas.js';
import { compute, textOptions } from './shared.js';

/** Encrypt and decrypt differ only in direction and wording. */
function shiftOperation(method: 'encrypt' | 'decrypt', summary: string, description: string) {
  const apply = method === 'encrypt' ? caesarEncrypt : caesarDecrypt;
  return post(
    { path: `/caesar/${method}`, tag: 'caesar', summary, description },
    {
      input: caesarShiftInput,
      output: caesarShiftOutput,
      run: (input) => ({
        success: true as const,
        result: apply(input.text, input.shift, alphabetOf(input), textOptions(input)),
        method,
        shift: input.shift,
        alphabet: input.alphabet ?? 'basic',
        text_length: codePointLength(input.text),
      }),
    },
  );
}

export const caesarOperations = {
  encrypt: shiftOperation(
    'encrypt',
    'Encrypt with a Caesar shift',
    'Moves every letter `shift` places along the alphabet.',
  ),
  decrypt: shiftOperation('decrypt', 'Decrypt a Caesar shift', 'Moves every letter `shift` places back.'),

  solve: post(
    {
      path: '/caesar/solve',
      tag: 'caesar',
      summary: 'Break a Caesar cipher',
      description:
        'Scores every shift with the language model and returns them ranked by the probability that each is the ' +
        'answer, the hypothesis that there is none weighed too (so the scores sum to at most 1; `reason` says why ' +
        'when the best is below 0.5). It reads the text as written, letters only, in groups, with a separator ' +
        'after every letter, and with accents kept or folded to A–Z. No answer is ' +
        'larger than 50 times its request or 8 MiB, whichever is larger, and the candidates but the best take at most ' +
        '2 MiB together: when every candidate in full would not fit, the texts of all candidates but the best are cut ' +
        'to the same number of code points and marked `truncated` ' +
        '(`best_solution.text` and the first candidate are never cut).',
    },
    {
      input: caesarSolveInput,
      output: caesarSolveOutput,
      run: async (input, ctx) => {
        const { language, solutions, reason } = await compute(ctx, 'caesarSolve', {
          spec: { alphabet: input.alphabet, custom_alphabet: input.custom_alphabet },
          text: input.text,
          language: input.language ?? 'en',
          candidateChars: candidateBudget(input.text, alphabetOf(input), input.custom_alphabet),
        });
        const best = solutions[0]!;
        return {
          success: true as const,
          best_solution: { shift: best.shift, text: best.text, confidence: best.score },
          all_solutions: solutions,
          ...(reason && { reason }),
          alphabet: input.alphabet ?? 'basic',
          language,
        };
      },
    },
  ),

  bulk: post(
    {
      path: '/caesar/bulk',
      tag: 'caesar',
      summary: 'Encrypt, decrypt or solve many texts',
      description:
        'Applies one method to up to 1000 items; with method solve each item is broken and its shift ignored.',
    },
    {
      input: caesarBulkInput,
      output: caesarBulkOutput,
      run: async (input, ctx) => {
        const a = alphabetOf(input);
        const alphabet = input.alphabet ?? 'basic';
        const method = input.method ?? 'encrypt';
        if (method === 'solve') {
          // One language for the whole batch: auto decides it from all the texts together. The texts are then
          // solved in chunks, one task at a time, so that one large batch does not hold a worker from other clients.
          const spec = { alphabet: input.alphabet, custom_alphabet: input.custom_alphabet };
          const texts = input.items.map((item) => item.text);
          const requested = input.language ?? 'en';
          const language = requested === 'auto' ? await compute(ctx, 'caesarBulkLanguage', { spec, texts }) : requested;
          const solved: TaskResult<'caesarBulkSolve'>['items'] = [];
          for (const chunk of bulkChunks(texts)) {
            solved.push(...(await compute(ctx, 'caesarBulkSolve', { spec, texts: chunk, language })).items);
          }
          const errors: FieldErrors = {};
          const results = solved.map((r, index) => {
            if ('field' in r) errors[`items.${index}.${r.field}`] = [r.message];
            const best = r as { shift: number; text: string; confidence: number };
            return {
              index,
              original: input.items[index]!.text,
              result: best.text,
              shift: best.shift,
              confidence: best.confidence,
            };
          });
          if (Object.keys(errors).length) {
            throw new TRPCError({
              code: 'BAD_REQUEST',
              message: 'Validation failed',
              cause: new FieldValidationError(errors),
            });
          }
          return { success: true as const, method, alphabet, language, count: results.length, results };
        }
        const opts = textOptions(input);
        const apply = method === 'encrypt' ? caesarEncrypt : caesarDecrypt;
        const results = input.items.map((item, index) => {
          const shift = item.shift as number;
          return { index, original: item.text, result: apply(item.text, shift, a, opts), shift };
        });
        return { success: true as const, method, alphabet, count: results.length, results };
      },
    },
  ),
};
