// Simple substitution: the cipher alphabet (a permutation of the alphabet's letters, given whole or built from a
// keyword) says what each letter becomes.
import type { Alphabet } from './alphabet.js';
import { inverseOf, permutationOf, permuteLetters } from './permute.js';
import { letterIndices, type TextOptions } from './substitute.js';
import { codePointLength } from './text.js';

/**
 * Why `key` is not a cipher alphabet of `a` (each of its letters once, in either case), or null when it is. The
 * message names the first problem: a character that is not a letter, a letter given twice, or one left out.
 */
export function cipherAlphabetProblem(key: string, a: Alphabet): string | null {
  return problemOf(key, letterIndices(key, a), a);
}

/** cipherAlphabetProblem for a key already read as letter indices. */
function problemOf(key: string, indices: Uint16Array, a: Alphabet): string | null {
  if (indices.length !== codePointLength(key)) return 'The key must contain only letters of the selected alphabet.';
  const seen = new Uint8Array(a.size);
  for (const i of indices) {
    if (seen[i]) return `The key must hold each letter once: ${a.letters[i]} is given twice.`;
    seen[i] = 1;
  }
  const missing = seen.indexOf(0);
  if (missing >= 0) return `The key must hold every letter of the selected alphabet: ${a.letters[missing]} is missing.`;
  return null;
}

/** The cipher alphabet a keyword builds: its letters, each at its first occurrence, then the others in order. */
export function keywordAlphabet(keyword: string, a: Alphabet): string {
  const order: number[] = [];
  const seen = new Uint8Array(a.size);
  for (const i of [...letterIndices(keyword, a), ...Array.from({ length: a.size }, (_, j) => j)]) {
    if (seen[i]) continue;
    seen[i] = 1;
    order.push(i);
  }
  return order.map((i) => a.letters[i]).join('');
}

function keyPermutation(key: string, a: Alphabet) {
  const indices = letterIndices(key, a);
  const problem = problemOf(key, indices, a);
  if (problem) throw new RangeError(problem);
  return permutationOf(a, indices);
}

/** Plain letter i becomes the i-th letter of `key`, a cipher alphabet of `a` (cipherAlphabetProblem is null). */
export function substitutionEncrypt(text: string, key: string, a: Alphabet, opts?: TextOptions): string {
  return permuteLetters(text, a, keyPermutation(key, a), opts);
}

export function substitutionDecrypt(text: string, key: string, a: Alphabet, opts?: TextOptions): string {
  return permuteLetters(text, a, inverseOf(keyPermutation(key, a)), opts);
}
