// Caesar cipher: every letter moves the same number of places along the alphabet.
import type { Alphabet } from './alphabet.js';
import { shiftLetters, type TextOptions } from './substitute.js';

export function caesarEncrypt(text: string, shift: number, a: Alphabet, opts?: TextOptions): string {
  return shiftLetters(text, a, [shift], opts);
}

export function caesarDecrypt(text: string, shift: number, a: Alphabet, opts?: TextOptions): string {
  return shiftLetters(text, a, [-shift], opts);
}
