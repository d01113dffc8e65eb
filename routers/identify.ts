// "What is this?": one call that says whether a text is plain, a Caesar shift, a Vigenère key or none of these, in
// which language, with calibrated probabilities and the decryption (issue 18).
import { DEFAULT_IDENTIFY_KEY_LENGTH } from '../src/analysis/identify/index.js';
import { alphabetOf } from '../src/compute/tasks.js';
import { codePointLength } from '../src/core/index.js';
import { post } from './operation.js';
import { identifyInput, identifyOutput } from './schemas.js';
import { compute } from './shared.js';

export const identifyOperations = {
  identify: post(
    {
      path: '/identify',
      tag: 'identify',
      summary: 'What is this? Identify and break a text',
      description:
        'Weighs every explanation of the text together: plain text, a Caesar shift (ROT13 is shift 13 on basic), a ' +
        'Vigenère key of two or more different letters, each in every language asked for, and unknown (none of these ' +
        'explains it: random letters, another cipher, another language). Reads every presentation: as the cipher ' +
        'left it, letters only, in groups, letter-spaced. Confidences are calibrated posteriors and sum to at most 1. ' +
        'At most 10 explanations, each with its full text, so an answer stays within 11 times the text.',
    },
    {
      input: identifyInput,
      output: identifyOutput,
      run: async (input, ctx) => {
        // Resolved here too, so a bad custom alphabet fails the same way before any work is queued.
        alphabetOf(input);
        const { solutions } = await compute(ctx, 'identify', {
          spec: { alphabet: input.alphabet, custom_alphabet: input.custom_alphabet },
          text: input.text,
          language: input.language ?? 'auto',
          maxKeyLength: input.max_key_length ?? DEFAULT_IDENTIFY_KEY_LENGTH,
        });
        return {
          success: true as const,
          text_length: codePointLength(input.text),
          best_solution: solutions[0]!,
          all_solutions: solutions,
        };
      },
    },
  ),
};
