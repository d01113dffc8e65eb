// The one kernel behind Caesar, ROT13 and Vigenère: shift each letter by a periodic key of shifts.
import { type Alphabet, PARTNER_FLAG } from './alphabet.js';
import { fromCodeUnits } from './text.js';

export interface TextOptions {
  /** Keep upper and lower case (default true); false writes each letter in the alphabet's own form. */
  preserveCase?: boolean;
  /** Keep characters that are not letters of the alphabet (default true); false drops them. */
  preserveNonAlpha?: boolean;
}

const INDEX_MASK = PARTNER_FLAG - 1;

/**
 * Replaces the k-th letter (index i) by letter (i + shifts[k mod period]) mod n.
 * Only letters advance k, so a Vigenère key skips spaces and punctuation.
 */
export function shiftLetters(text: string, a: Alphabet, shifts: ArrayLike<number>, opts: TextOptions = {}): string {
  const preserveCase = opts.preserveCase ?? true;
  const preserveNonAlpha = opts.preserveNonAlpha ?? true;
  const n = a.size;
  const period = shifts.length;
  // An empty key has no shift to apply; without this every letter became U+10000 (NaN index).
  if (period === 0) throw new RangeError('At least one shift is required.');
  const norm = new Int32Array(period);
  for (let k = 0; k < period; k++) norm[k] = (((shifts[k] as number) % n) + n) % n;
  const own = a.ownCodes;
  const partner = preserveCase ? a.partnerCodes : a.ownCodes;
  // An astral letter can replace a BMP one, so two units per input unit is the worst case.
  const out = new Uint16Array(text.length * 2);
  let o = 0;
  let k = 0;
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    let width = 1;
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < text.length) {
      const lo = text.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        cp = ((cp - 0xd800) << 10) + (lo - 0xdc00) + 0x10000;
        width = 2;
      }
    }
    const hit = a.lookup(cp);
    if (hit >= 0) {
      let j = (hit & INDEX_MASK) + (norm[k] as number);
      if (j >= n) j -= n;
      k = k + 1 === period ? 0 : k + 1;
      const outCp = (hit & PARTNER_FLAG ? partner[j] : own[j]) as number;
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

/** Alphabet indices of the letters of text, in order (non-letters skipped). */
export function letterIndices(text: string, a: Alphabet): Uint16Array {
  const out = new Uint16Array(text.length);
  let o = 0;
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < text.length) {
      const lo = text.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        cp = ((cp - 0xd800) << 10) + (lo - 0xdc00) + 0x10000;
        i++;
      }
    }
    const hit = a.lookup(cp);
    if (hit >= 0) out[o++] = hit & INDEX_MASK;
  }
  return out.slice(0, o);
}
