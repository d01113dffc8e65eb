// Breaking an affine cipher: the request, the answer with every key ranked, and the operation that runs the solver in
// the worker pool.
import { z } from 'zod';
import { affineKeys } from '../../../src/analysis/index.js';
import { alphabetOf } from '../../../src/core/index.js';
import { candidateBudget } from '../../answer-size.js';
import { compute } from '../../compute.js';
import {
  alphabetChoice,
  alphabetName,
  doubtReason,
  languageName,
  languageSchema,
  noAnswerField,
  success,
  textSchema,
  withAlphabetRules,
} from '../../fields.js';
import { post } from '../../operation.js';

const affineSolveInput = withAlphabetRules(
  z.object({
    text: textSchema,
    ...alphabetChoice,
    language: languageSchema,
  }),
);

const solution = z
  .object({
    a: z.int().meta({ description: 'The multiplier of the key that encrypted the text.', example: 5 }),
    b: z.int().meta({ description: 'The shift of that key, 0 to n−1.', example: 8 }),
    text: z.string().meta({ description: 'The text decrypted with that key.', example: 'Affine cipher' }),
    score: z.number().meta({
      description: 'Probability that this key is the answer; every key’s score and no_answer sum to 1.',
      example: 0.9999,
    }),
    truncated: z
      .literal(true)
      .optional()
      .meta({ description: 'Present (true) when `text` is only the start of the decryption, as in Caesar solve.' }),
  })
  .meta({ description: 'One candidate decryption.' });

const affineSolveOutput = z.object({
  success,
  best_solution: z
    .object({
      a: z.int().meta({ description: 'The multiplier of the most probable key.', example: 5 }),
      b: z.int().meta({ description: 'Its shift, 0 to n−1.', example: 8 }),
      text: z.string().meta({ description: 'The text decrypted with that key.', example: 'Affine cipher' }),
      confidence: z.number().meta({
        description: 'Probability that this key is the answer, "no answer" weighed too: all_solutions[0].score.',
        example: 0.9999,
      }),
    })
    .meta({ description: 'The most probable key and its decryption.' }),
  all_solutions: z.array(solution).meta({ description: 'Every key of the alphabet, most probable first.' }),
  no_answer: noAnswerField('an affine cipher of prose'),
  reason: doubtReason('best_solution'),
  alphabet: alphabetName,
  language: languageName,
});

export const solve = post(
  {
    path: '/affine/solve',
    summary: 'Break an affine cipher',
    description:
      'Scores every key (a coprime to the alphabet’s size, b) with the language model and ranks them by the ' +
      'probability that each is the answer, "no answer" weighed too, as Caesar solve ranks shifts (Caesar is the ' +
      'affine cipher with a = 1, Atbash the one with a = b = n − 1).',
  },
  {
    input: affineSolveInput,
    solver: true,
    output: affineSolveOutput,
    run: async (input, ctx) => {
      const a = alphabetOf(input);
      const result = await compute(ctx, 'affineSolve', {
        spec: { alphabet: input.alphabet, custom_alphabet: input.custom_alphabet },
        text: input.text,
        language: input.language,
        candidateChars: candidateBudget(input.text, a, input.custom_alphabet, affineKeys(a.size).length),
      });
      const best = result.solutions[0]!;
      return {
        success: true as const,
        best_solution: { a: best.a, b: best.b, text: best.text, confidence: best.score },
        all_solutions: result.solutions,
        no_answer: result.noAnswer,
        ...(result.reason && { reason: result.reason }),
        alphabet: input.alphabet,
        language: result.language,
      };
    },
    example: {
      request: { text: 'Ihhwvc swfrcpu ipc uwqflc uenuzwzezwavu owzr i lwzzlc ipwzrqczws.', language: 'auto' },
    },
  },
);
