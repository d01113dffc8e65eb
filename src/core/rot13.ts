// ROT13: the Caesar shift by 13 on the basic alphabet, its own inverse.
import { namedAlphabet } from './alphabet.js';
import { shiftLetters, type TextOptions } from './substitute.js';

const SHIFT_13 = [13];

export function rot13(text: string, opts?: TextOptions): string {
  return shiftLetters(text, namedAlphabet('basic'), SHIFT_13, opts);
}
