// Vigenère cipher: the k-th letter is shifted by the k-th key letter, the key advancing on letters only.
import type { Alphabet } from './alphabet.js';
import { letterIndices, shiftLetters, type TextOptions } from './substitute.js';
import { codePointLength } from './text.js';

/**
 * Why key is unusable under alphabet a, or null when every character of it is a letter of a. `field` names it in the
 * message: a substitution keyword obeys the same rule.
 */
export function keyProblem(key: string, a: Alphabet, field = 'key'): string | null {
  const length = codePointLength(key);
  if (length === 0) return `The ${field} field is required.`;
  if (letterIndices(key, a).length !== length)
    return `The ${field} must contain only letters of the selected alphabet.`;
  return null;
}

export function vigenereEncrypt(text: string, key: string, a: Alphabet, opts?: TextOptions): string {
  // The key's letters as alphabet indices (case-insensitive through each letter's partner) are its shifts.
  return shiftLetters(text, a, letterIndices(key, a), opts);
}

export function vigenereDecrypt(text: string, key: string, a: Alphabet, opts?: TextOptions): string {
  const shifts = Array.from(letterIndices(key, a), (s) => -s);
  return shiftLetters(text, a, shifts, opts);
}

/** Decrypts with a key given as alphabet indices (the analyser's form). */
export function vigenereDecryptShifts(
  text: string,
  shifts: ArrayLike<number>,
  a: Alphabet,
  opts?: TextOptions,
): string {
  return shiftLetters(
    text,
    a,
    Array.from(shifts as ArrayLike<number>, (s) => -s),
    opts,
  );
}
