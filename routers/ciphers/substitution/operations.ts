// Simple substitution operations: encrypt and decrypt under a cipher alphabet given whole or built from a keyword,
// each with its worked example.
import {
  alphabetOf,
  codePointLength,
  keywordAlphabet,
  substitutionDecrypt,
  substitutionEncrypt,
} from '../../../src/core/index.js';
import { textOptions } from '../../fields.js';
import { type OperationGroup, post } from '../../operation.js';
import { KEYWORD, KEYWORD_ALPHABET, substitutionInput, substitutionOutput } from './schemas.js';
import { solve } from './solve.js';

/** Encrypt and decrypt differ only in direction, wording and example request. */
function keyOperation(
  method: 'encrypt' | 'decrypt',
  summary: string,
  description: string,
  exampleRequest: { text: string; key?: string; keyword?: string },
) {
  const apply = method === 'encrypt' ? substitutionEncrypt : substitutionDecrypt;
  return post(
    { path: `/substitution/${method}`, summary, description },
    {
      input: substitutionInput,
      output: substitutionOutput,
      run: (input) => {
        const a = alphabetOf(input);
        // The schema let exactly one through. A cipher alphabet read as a keyword is itself: either way this is the
        // cipher alphabet, in the alphabet's own forms, as the answer reports it.
        const key = keywordAlphabet((input.key ?? input.keyword) as string, a);
        return {
          success: true as const,
          result: apply(input.text, key, a, textOptions(input)),
          method,
          key,
          alphabet: input.alphabet,
          text_length: codePointLength(input.text),
        };
      },
      example: { request: exampleRequest },
    },
  );
}

// Wikipedia, "Substitution cipher": the keyword ZEBRAS and its example message.
const PLAIN = 'Flee at once. We are discovered!';
const CIPHER = 'Siaa zq lkba. Va zoa rfpbluaoar!';

export const substitution = {
  tag: 'substitution',
  description:
    'Every letter replaced by its partner in a cipher alphabet (a permutation of the alphabet), given whole or ' +
    'built from a keyword.',
  operations: {
    encrypt: keyOperation(
      'encrypt',
      'Encrypt with a substitution alphabet',
      'Replaces plain letter i by the i-th letter of the cipher alphabet: `key` itself, or the one `keyword` ' +
        'builds. In a custom alphabet that mixes letters with case and symbols without, a lower-case letter cannot ' +
        'always take its image’s case, so lower-case letters are permuted among the letters that have a lower case, ' +
        'in the order the cipher alphabet lists them: case is kept and decrypt undoes encrypt.',
      { text: PLAIN, keyword: KEYWORD },
    ),
    decrypt: keyOperation(
      'decrypt',
      'Decrypt with a substitution alphabet',
      'The inverse of encrypt: the i-th letter of the cipher alphabet becomes plain letter i.',
      { text: CIPHER, key: KEYWORD_ALPHABET },
    ),
    solve,
  },
} satisfies OperationGroup;
