// Typed view of the acceptance harness's reference implementation (its copy in reference-lib.mjs, plain ESM).
// @ts-expect-error reference-lib.mjs is plain JavaScript and ships no type declarations.
import * as lib from './reference-lib.mjs';

/** Options as the reference (and the HTTP API) spells them. */
export interface RefOptions {
  alphabet?: 'basic' | 'polish' | 'german' | 'spanish' | 'french' | 'custom';
  custom_alphabet?: string;
  preserve_case?: boolean;
  preserve_non_alpha?: boolean;
}

export const refCaesar: (text: string, shift: number, opts?: RefOptions) => string = lib.caesar;
export const refCaesarDecrypt: (text: string, shift: number, opts?: RefOptions) => string = lib.caesarDecrypt;
export const refRot13: (text: string, opts?: RefOptions) => string = lib.rot13;
export const refVigenere: (text: string, key: string, opts?: RefOptions) => string = lib.vigenere;
export const refVigenereDecrypt: (text: string, key: string, opts?: RefOptions) => string = lib.vigenereDecrypt;
export const refAlphabetSizes: Record<string, number> = lib.ALPHABET_SIZES;
