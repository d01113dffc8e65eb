// Atbash: the alphabet read backwards (A ↔ Z, B ↔ Y …), its own inverse.
import type { Alphabet } from './alphabet.js';
import { type Permutation, permutationOf, permuteLetters } from './permute.js';
import type { TextOptions } from './substitute.js';

const reversed = new WeakMap<Alphabet, Permutation>();

/** Letter i becomes letter n−1−i; a partner form, the partner form of the letter as far from the cycle's end. */
export function atbash(text: string, a: Alphabet, opts?: TextOptions): string {
  let p = reversed.get(a);
  if (!p) {
    p = permutationOf(
      a,
      Array.from({ length: a.size }, (_, i) => a.size - 1 - i),
    );
    reversed.set(a, p);
  }
  return permuteLetters(text, a, p, opts);
}
