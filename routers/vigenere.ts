// Vigenère procedures: encrypt, decrypt and analyse (key length, key and preview).
import { codePointLength, vigenereDecrypt, vigenereEncrypt } from '../src/core/index.js';
import { vigenereAnalyzeInput, vigenereAnalyzeOutput, vigenereInput, vigenereOutput } from './schemas.js';
import { alphabetOf, compute, post, textOptions } from './shared.js';
import { publicProcedure, router } from './trpc.js';

export const DEFAULT_MAX_KEY_LENGTH = 10;

/** Encrypt and decrypt differ only in direction and wording. */
function keyProcedure(method: 'encrypt' | 'decrypt', summary: string, description: string) {
  const apply = method === 'encrypt' ? vigenereEncrypt : vigenereDecrypt;
  return publicProcedure
    .meta(post(`/vigenere/${method}`, 'vigenere', summary, description))
    .input(vigenereInput)
    .output(vigenereOutput)
    .mutation(({ input }) => ({
      success: true as const,
      result: apply(input.text, input.key, alphabetOf(input), textOptions(input)),
      method,
      key_length: codePointLength(input.key),
      text_length: codePointLength(input.text),
    }));
}

export const vigenereRouter = router({
  encrypt: keyProcedure('encrypt', 'Encrypt with a Vigenère key', 'The key advances on letters only.'),
  decrypt: keyProcedure('decrypt', 'Decrypt with a Vigenère key', 'The inverse of encrypt.'),

  analyze: publicProcedure
    .meta(
      post(
        '/vigenere/analyze',
        'vigenere',
        'Break a Vigenère cipher',
        'Estimates the key length, recovers the key and previews the decryption. Needs at least 20 letters.',
      ),
    )
    .input(vigenereAnalyzeInput)
    .output(vigenereAnalyzeOutput)
    .mutation(async ({ input, ctx }) => {
      // Resolved here too, so a bad custom alphabet fails the same way before any work is queued.
      alphabetOf(input);
      const analysis = await compute(ctx.compute, 'vigenereAnalyze', {
        spec: { alphabet: input.alphabet, custom_alphabet: input.custom_alphabet },
        text: input.text,
        language: input.language ?? 'en',
        maxKeyLength: input.max_key_length ?? DEFAULT_MAX_KEY_LENGTH,
      });
      return { success: true as const, analysis, text_length: codePointLength(input.text) };
    }),
});
