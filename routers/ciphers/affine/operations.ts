// Affine operations: encrypt and decrypt with the key (a, b), each with its worked example.
import { affineDecrypt, affineEncrypt, alphabetOf, codePointLength } from '../../../src/core/index.js';
import { textOptions } from '../../fields.js';
import { type OperationGroup, post } from '../../operation.js';
import { affineInput, affineOutput } from './schemas.js';
import { solve } from './solve.js';

/** Encrypt and decrypt differ only in direction, wording and example text. */
function keyOperation(method: 'encrypt' | 'decrypt', summary: string, description: string, exampleText: string) {
  const apply = method === 'encrypt' ? affineEncrypt : affineDecrypt;
  return post(
    { path: `/affine/${method}`, summary, description },
    {
      input: affineInput,
      output: affineOutput,
      run: (input) => ({
        success: true as const,
        result: apply(input.text, { a: input.a, b: input.b }, alphabetOf(input), textOptions(input)),
        method,
        a: input.a,
        b: input.b,
        alphabet: input.alphabet,
        text_length: codePointLength(input.text),
      }),
      example: {
        request: { text: exampleText, a: 5, b: 8 },
      },
    },
  );
}

// Wikipedia, "Affine cipher": a = 5, b = 8.
export const affine = {
  tag: 'affine',
  description: "Letter i becomes letter (a·i + b) mod n, for an a that shares no factor with the alphabet's n letters.",
  operations: {
    encrypt: keyOperation(
      'encrypt',
      'Encrypt with an affine key',
      'Letter i becomes letter (a·i + b) mod n, n the size of the alphabet. In a custom alphabet that mixes ' +
        'letters with case and symbols without, lower-case letters are permuted among the letters that have a ' +
        'lower case, so that case is kept and decrypt undoes encrypt.',
      'AFFINE CIPHER',
    ),
    decrypt: keyOperation(
      'decrypt',
      'Decrypt with an affine key',
      'The inverse of encrypt: letter j becomes letter a⁻¹·(j − b) mod n, a⁻¹ the inverse of a mod n.',
      'IHHWVC SWFRCP',
    ),
    solve,
  },
} satisfies OperationGroup;
