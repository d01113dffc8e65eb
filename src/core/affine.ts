// The affine cipher: letter i becomes letter (a·i + b) mod n, for an `a` that shares no factor with n.
import type { Alphabet } from './alphabet.js';
import { inverseOf, type Permutation, permutationOf, permuteLetters } from './permute.js';
import type { TextOptions } from './substitute.js';

export interface AffineKey {
  a: number;
  b: number;
}

const gcd = (x: number, y: number): number => (y === 0 ? Math.abs(x) : gcd(y, x % y));

/** Why `key.a` cannot key an affine cipher over `n` letters, or null when it can (b may be any integer). */
export function affineKeyProblem(key: AffineKey, n: number): string | null {
  if (!Number.isInteger(key.a) || !Number.isInteger(key.b)) return 'The a and b must be integers.';
  if (gcd(key.a, n) !== 1) return `The a must share no factor with the alphabet's ${n} letters.`;
  return null;
}

function affinePermutation(key: AffineKey, a: Alphabet): Permutation {
  const problem = affineKeyProblem(key, a.size);
  if (problem) throw new RangeError(problem);
  const n = a.size;
  const mod = (x: number) => ((x % n) + n) % n;
  return permutationOf(
    a,
    Array.from({ length: n }, (_, i) => mod(mod(key.a) * i + mod(key.b))),
  );
}

export function affineEncrypt(text: string, key: AffineKey, a: Alphabet, opts?: TextOptions): string {
  return permuteLetters(text, a, affinePermutation(key, a), opts);
}

export function affineDecrypt(text: string, key: AffineKey, a: Alphabet, opts?: TextOptions): string {
  return permuteLetters(text, a, inverseOf(affinePermutation(key, a)), opts);
}
