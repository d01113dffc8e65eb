// Atbash operations: transform a text (the cipher is its own inverse), with its worked example.
import { alphabetOf, atbash, codePointLength } from '../../../src/core/index.js';
import { textOptions } from '../../fields.js';
import { type OperationGroup, post } from '../../operation.js';
import { atbashInput, atbashOutput } from './schemas.js';

const transform = post(
  {
    path: '/atbash/transform',
    summary: 'Apply Atbash',
    description:
      'Reads the alphabet backwards: its first letter becomes its last, the second the one before the last, and so ' +
      'on (A ↔ Z on basic); its own inverse. In a custom alphabet that mixes letters with case and symbols without, ' +
      'lower-case letters are read backwards among the letters that have a lower case, so that case is kept.',
  },
  {
    input: atbashInput,
    output: atbashOutput,
    run: (input) => ({
      success: true as const,
      result: atbash(input.text, alphabetOf(input), textOptions(input)),
      method: 'atbash' as const,
      alphabet: input.alphabet,
      text_length: codePointLength(input.text),
    }),
    example: {
      request: { text: 'Hello, World!' },
    },
  },
);

export const atbashCipher = {
  tag: 'atbash',
  description: 'The alphabet read backwards (A ↔ Z), its own inverse.',
  operations: { transform },
} satisfies OperationGroup;
