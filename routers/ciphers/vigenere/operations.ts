// Vigenère operations: encrypt, decrypt and analyse (key length, key and preview).
import { alphabetOf } from '../src/compute/tasks.js';
import { codePointLength, vigenereDecrypt, vigenereEncrypt } from '../src/core/index.js';
import { post } from './operation.js';
import { vigenereAnalyzeInput, vigenereAnalyzeOutput, vigenereInput, vigenereOutput } from './schemas.js';
import { compute, textOptions } from './shared.js';

export const DEFAULT_MAX_KEY_LENGTH = 10;

/** Encrypt and decrypt differ only in direction and wording. */
function keyOperation(method: 'encrypt' | 'decrypt', summary: string, description: string) {
  const apply = method === 'encrypt' ? vigenereEncrypt : vigenereDecrypt;
  return post(
    { path: `/vigenere/${method}`, tag: 'vigenere', summary, description },
    {
      input: vigenereInput,
      output: vigenereOutput,
      run: (input) => ({
        success: true as const,
        result: apply(input.text, input.key, alphabetOf(input), textOptions(input)),
        method,
        key_length: codePointLength(input.key),
        text_length: codePointLength(input.text),
      }),
    },
  );
}

export const vigenereOperations = {
  encrypt: keyOperation('encrypt', 'Encrypt with a Vigenère key', 'The key advances on letters only.'),
  decrypt: keyOperation('decrypt', 'Decrypt with a Vigenère key', 'The inverse of encrypt.'),

  analyze: post(
    {
      path: '/vigenere/analyze',
      tag: 'vigenere',
      summary: 'Break a Vigenère cipher',
      description: 'Estimates the key length, recovers the key and previews the decryption. Needs at least 20 letters.',
    },
    {
      input: vigenereAnalyzeInput,
      output: vigenereAnalyzeOutput,
      run: async (input, ctx) => {
        // Resolved here too, so a bad custom alphabet fails the same way before any work is queued.
        alphabetOf(input);
        const analysis = await compute(ctx, 'vigenereAnalyze', {
          spec: { alphabet: input.alphabet, custom_alphabet: input.custom_alphabet },
          text: input.text,
          language: input.language ?? 'en',
          maxKeyLength: input.max_key_length ?? DEFAULT_MAX_KEY_LENGTH,
        });
        return { success: true as const, analysis, text_length: codePointLength(input.text) };
      },
    },
  ),
};
