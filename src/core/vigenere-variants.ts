// The Vigenère family: Vigenère, Beaufort, variant Beaufort, Gronsfeld, autokey and Porta, each a key of letters (or
// digits) read along the text, only letters advancing it, case and other characters kept (issue 28).
import type { Alphabet } from './alphabet.js';
import { inverseOf, type Permutation, permutationOf, permuteEach } from './permute.js';
import { letterIndices, shiftLetters, type TextOptions } from './substitute.js';
import { codePointLength } from './text.js';
import { keyProblem } from './vigenere.js';

export const VIGENERE_VARIANTS = ['vigenere', 'beaufort', 'variant_beaufort', 'gronsfeld', 'autokey', 'porta'] as const;
export type VigenereVariant = (typeof VIGENERE_VARIANTS)[number];

/** What each variant does, in a line (the API's field description and the docs say it so). */
export const VARIANT_INFO: Record<VigenereVariant, string> = {
  vigenere: 'C = P + K, the key repeated',
  beaufort: 'C = K − P, the key repeated (its own inverse)',
  variant_beaufort: 'C = P − K, the key repeated (Vigenère decryption as encryption)',
  gronsfeld: 'C = P + K with a key of digits 0–9, each a shift',
  autokey: 'C = P + K, the key a primer followed by the plaintext itself',
  porta: 'the 13 reciprocal alphabets of the Porta table, one per pair of key letters (alphabets of even length)',
};

const DIGITS = /^[0-9]+$/u;

/** Why `key` cannot key this variant under alphabet a (null when it can). */
export function variantKeyProblem(key: string, variant: VigenereVariant, a: Alphabet): string | null {
  if (variant === 'gronsfeld') {
    if (codePointLength(key) === 0) return 'The key field is required.';
    return DIGITS.test(key) ? null : 'A Gronsfeld key must contain only the digits 0–9.';
  }
  if (variant === 'porta' && a.size % 2 !== 0)
    return `Porta needs an alphabet of even length; the selected one has ${a.size} letters.`;
  return keyProblem(key, a);
}

/** The key's shifts: its letters' indices, or for Gronsfeld its digits. */
function shiftsOf(key: string, variant: VigenereVariant, a: Alphabet): number[] {
  if (variant === 'gronsfeld') return Array.from(key, (d) => Number(d));
  return Array.from(letterIndices(key, a));
}

/** Plain letter i ↦ (k − i) mod n: Beaufort's alphabet for key letter k, its own inverse. */
function beaufortAlphabet(k: number, a: Alphabet): Permutation {
  const n = a.size;
  return permutationOf(
    a,
    Array.from({ length: n }, (_, i) => (((k - i) % n) + n) % n),
  );
}

/**
 * The Porta alphabet for key letter k (on n = 2h letters): letters of the first half go to the second, shifted by
 * ⌊k / 2⌋, and back; so each is its own inverse, and A and B (C and D, …) key the same one.
 */
function portaAlphabet(k: number, a: Alphabet): Permutation {
  const h = a.size / 2;
  const j = Math.floor(k / 2) % h;
  return permutationOf(
    a,
    Array.from({ length: a.size }, (_, i) => (i < h ? h + ((i + j) % h) : (((i - h - j) % h) + h) % h)),
  );
}

/**
 * Autokey: the shifts are the primer, then the plaintext's own letters. Decrypting, each plain letter is found by
 * decrypting its cipher letter as the kernel does (a partner form moves along its own cycle, Alphabet.partnerCycle,
 * so index arithmetic mod n would be wrong for it in a custom alphabet), before it can key a later one.
 */
function autokeyShifts(text: string, primer: number[], a: Alphabet, decrypt: boolean): number[] {
  const shifts: number[] = [];
  const plain: number[] = [];
  for (const ch of text) {
    if (a.lookup(ch.codePointAt(0) as number) < 0) continue;
    const i = shifts.length;
    const k = i < primer.length ? (primer[i] as number) : (plain[i - primer.length] as number);
    shifts.push(decrypt ? -k : k);
    plain.push(letterIndices(decrypt ? shiftLetters(ch, a, [-k]) : ch, a)[0] as number);
  }
  return shifts.length > 0 ? shifts : [0];
}

function transform(
  text: string,
  key: string,
  variant: VigenereVariant,
  a: Alphabet,
  decrypt: boolean,
  opts?: TextOptions,
): string {
  const shifts = shiftsOf(key, variant, a);
  const sign = decrypt ? -1 : 1;
  // Beaufort and Porta are their own inverses on the alphabet's letters, but a custom alphabet's partner forms are
  // permuted along their own cycle (permutationOf), where the inverse must be taken as such.
  const tableau = (alphabet: (k: number, a: Alphabet) => Permutation) =>
    shifts.map((k) => (decrypt ? inverseOf(alphabet(k, a)) : alphabet(k, a)));
  switch (variant) {
    case 'vigenere':
    case 'gronsfeld':
      return shiftLetters(
        text,
        a,
        shifts.map((s) => sign * s),
        opts,
      );
    case 'variant_beaufort':
      return shiftLetters(
        text,
        a,
        shifts.map((s) => -sign * s),
        opts,
      );
    case 'beaufort':
      return permuteEach(text, a, tableau(beaufortAlphabet), opts);
    case 'porta':
      return permuteEach(text, a, tableau(portaAlphabet), opts);
    case 'autokey':
      return shiftLetters(text, a, autokeyShifts(text, shifts, a, decrypt), opts);
  }
}

/** Encrypts with a variant of the family; the key must pass variantKeyProblem. */
export function variantEncrypt(
  text: string,
  key: string,
  variant: VigenereVariant,
  a: Alphabet,
  opts?: TextOptions,
): string {
  return transform(text, key, variant, a, false, opts);
}

/** Decrypts with a variant of the family; the key must pass variantKeyProblem. */
export function variantDecrypt(
  text: string,
  key: string,
  variant: VigenereVariant,
  a: Alphabet,
  opts?: TextOptions,
): string {
  return transform(text, key, variant, a, true, opts);
}
