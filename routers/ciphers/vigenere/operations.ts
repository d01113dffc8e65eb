// Vigenère operations: encrypt, decrypt and analyse (key length, key and preview), each with its worked example.
import { MIN_ANALYSIS_LETTERS } from '../../../src/analysis/index.js';
import { alphabetOf, codePointLength, variantDecrypt, variantEncrypt } from '../../../src/core/index.js';
import { compute } from '../../compute.js';
import { textOptions } from '../../fields.js';
import { type OperationGroup, post } from '../../operation.js';
import { vigenereAnalyzeInput, vigenereAnalyzeOutput, vigenereInput, vigenereOutput } from './schemas.js';

/** Encrypt and decrypt differ only in direction, wording and example text. */
function keyOperation(method: 'encrypt' | 'decrypt', summary: string, description: string, exampleText: string) {
  const apply = method === 'encrypt' ? variantEncrypt : variantDecrypt;
  return post(
    { path: `/vigenere/${method}`, summary, description },
    {
      input: vigenereInput,
      output: vigenereOutput,
      run: (input) => ({
        success: true as const,
        result: apply(input.text, input.key, input.variant, alphabetOf(input), textOptions(input)),
        method,
        key_length: codePointLength(input.key),
        alphabet: input.alphabet,
        text_length: codePointLength(input.text),
      }),
      example: {
        request: { text: exampleText, key: 'LEMON' },
      },
    },
  );
}

const SAMPLE =
  'Tx iof elq prdx at gtqqg, ve amg gsi icedx at gtqqg, ve amg gsi mur zj iwfosy, wg hee hup ess bq jacytwtbrdw, ' +
  'uh jlw fvr ptaqu zj nsytir, wg hee hup ibcps sr wanvqrhwmfm, ve amg gs';

const analyze = post(
  {
    path: '/vigenere/analyze',
    summary: 'Break a Vigenère cipher',
    description:
      `Estimates the key length, recovers the key and previews the decryption. Needs at least ${MIN_ANALYSIS_LETTERS} letters. ` +
      '`variant` breaks Beaufort, variant Beaufort, Gronsfeld, autokey or Porta instead, or (auto) weighs them all.',
  },
  {
    input: vigenereAnalyzeInput,
    solver: true,
    output: vigenereAnalyzeOutput,
    run: async (input, ctx) => {
      const analysis = await compute(ctx, 'vigenereAnalyze', {
        spec: { alphabet: input.alphabet, custom_alphabet: input.custom_alphabet },
        text: input.text,
        language: input.language,
        maxKeyLength: input.max_key_length,
        variant: input.variant,
      });
      return { success: true as const, analysis, text_length: codePointLength(input.text) };
    },
    example: {
      request: { text: SAMPLE, max_key_length: 8 },
    },
  },
);

export const vigenere = {
  tag: 'vigenere',
  description: 'A repeating key of shifts; broken by the index of coincidence per key length.',
  operations: {
    encrypt: keyOperation(
      'encrypt',
      'Encrypt with a Vigenère key',
      'The key advances on letters only. `variant` picks another cipher of the family (Beaufort, variant Beaufort, ' +
        'Gronsfeld, autokey, Porta).',
      'Attack at dawn!',
    ),
    decrypt: keyOperation(
      'decrypt',
      'Decrypt with a Vigenère key',
      'The inverse of encrypt, for every variant.',
      'Lxfopv ef rnhr!',
    ),
    analyze,
  },
} satisfies OperationGroup;
