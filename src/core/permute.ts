// The kernel behind the monoalphabetic ciphers (simple substitution, affine, Atbash): every letter replaced by its
// image under one permutation of the alphabet, and the permutation's inverse for decryption.
import { type Alphabet, PARTNER_FLAG } from './alphabet.js';
import type { TextOptions } from './substitute.js';
import { fromCodeUnits } from './text.js';

const INDEX_MASK = PARTNER_FLAG - 1;

/**
 * A permutation of an alphabet's letters, ready to apply: `own[i]` is the letter the own (upper-case) form of letter
 * i becomes; `partner[i]` the letter whose partner (lower-case) form the partner form of letter i becomes, for the
 * letters that have one (Alphabet.partnerCycle), -1 for the others.
 *
 * Where every letter has a partner form (the named alphabets) the two agree: a lower-case letter becomes the lower
 * case of its image. In a custom alphabet that mixes letters with case and symbols without (A–Z and digits), a
 * partner form cannot always take its image's case, so the partner forms are permuted among themselves: the r-th
 * letter of the cycle goes to the r-th letter of the cycle in the order the images list them. That keeps every
 * permutation invertible with case kept, as Caesar's shift along the cycle does.
 */
export interface Permutation {
  readonly own: Int32Array;
  readonly partner: Int32Array;
}

/** The permutation taking letter i to letter image[i]; `image` must hold every index 0…n−1 once. */
export function permutationOf(a: Alphabet, image: ArrayLike<number>): Permutation {
  const n = a.size;
  if (image.length !== n) throw new RangeError(`A permutation of this alphabet has ${n} images.`);
  const own = Int32Array.from(image);
  const seen = new Uint8Array(n);
  for (const j of own) {
    if (!(j >= 0 && j < n) || seen[j]) throw new RangeError('The images must hold every letter exactly once.');
    seen[j] = 1;
  }
  const partner = new Int32Array(n).fill(-1);
  const cycle = a.partnerCycle;
  let r = 0;
  for (const j of own) {
    if ((a.partnerRank[j] as number) < 0) continue;
    partner[cycle[r] as number] = j;
    r++;
  }
  return { own, partner };
}

/** The permutation that undoes `p`. */
export function inverseOf(p: Permutation): Permutation {
  const invert = (map: Int32Array) => {
    const out = new Int32Array(map.length).fill(-1);
    map.forEach((j, i) => {
      if (j >= 0) out[j] = i;
    });
    return out;
  };
  return { own: invert(p.own), partner: invert(p.partner) };
}

/** Replaces every letter of `text` by its image under `p`; options as for shiftLetters. */
export function permuteLetters(text: string, a: Alphabet, p: Permutation, opts: TextOptions = {}): string {
  return permuteEach(text, a, [p], opts);
}

/**
 * Replaces the k-th letter of `text` by its image under perms[k mod period]: only letters advance k, as a Vigenère
 * key does (the Beaufort and Porta tableaux are a permutation per key letter).
 */
export function permuteEach(text: string, a: Alphabet, perms: readonly Permutation[], opts: TextOptions = {}): string {
  if (perms.length === 0) throw new RangeError('At least one permutation is required.');
  const preserveCase = opts.preserveCase ?? true;
  const preserveNonAlpha = opts.preserveNonAlpha ?? true;
  const { ownCodes, partnerCodes } = a;
  // An astral letter can replace a BMP one, so two units per input unit is the worst case.
  const out = new Uint16Array(text.length * 2);
  let o = 0;
  let k = 0;
  for (let i = 0; i < text.length; i++) {
    // A surrogate pair reads as one code point; a lone surrogate as itself (never a letter).
    const cp = text.codePointAt(i) as number;
    const width = cp > 0xffff ? 2 : 1;
    const hit = a.lookup(cp);
    if (hit >= 0) {
      const index = hit & INDEX_MASK;
      const p = perms[k] as Permutation;
      k = k + 1 === perms.length ? 0 : k + 1;
      const outCp =
        hit & PARTNER_FLAG && preserveCase
          ? (partnerCodes[p.partner[index] as number] as number)
          : (ownCodes[p.own[index] as number] as number);
      if (outCp < 0x10000) out[o++] = outCp;
      else {
        const v = outCp - 0x10000;
        out[o++] = 0xd800 + (v >> 10);
        out[o++] = 0xdc00 + (v & 0x3ff);
      }
    } else if (preserveNonAlpha) {
      out[o++] = text.charCodeAt(i);
      if (width === 2) out[o++] = text.charCodeAt(i + 1);
    }
    i += width - 1;
  }
  return fromCodeUnits(out, o);
}
