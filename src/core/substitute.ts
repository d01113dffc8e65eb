// The one kernel behind Caesar, ROT13 and Vigenère: shift each letter by a periodic key of shifts.
import { type Alphabet, type BmpTables, PARTNER_FLAG } from './alphabet.js';
import { fromCodeUnits, fromLatin1, latin1View } from './text.js';

export interface TextOptions {
  /** Keep upper and lower case (default true); false writes each letter in the alphabet's own form. */
  preserveCase?: boolean;
  /** Keep characters that are not letters of the alphabet (default true); false drops them. */
  preserveNonAlpha?: boolean;
}

const INDEX_MASK = PARTNER_FLAG - 1;
/** Below this length the Latin-1 path's scan and buffers cost more than they save. */
const LATIN1_MIN = 512;

/**
 * Replaces the k-th letter (index i) by letter (i + shifts[k mod period]) mod n; a partner form (lower case in
 * the named alphabets) that keeps its case moves the same number of places along Alphabet.partnerCycle, which is
 * the whole alphabet unless a custom one mixes letters with case and symbols without. Only letters advance k, so
 * a Vigenère key skips spaces and punctuation.
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
  const { partnerCycle, partnerRank } = a;
  const m = partnerCycle.length;
  // The dense tables move partner forms along the whole alphabet: right unless case is kept in a mixed alphabet.
  if (a.bmp && (m === n || m === 0 || !preserveCase)) {
    return shiftBmp(text, a.bmp, norm, preserveCase, preserveNonAlpha);
  }
  const own = a.ownCodes;
  const partner = a.partnerCodes;
  // A partner form's shift along its own cycle comes from the shift as given: (s mod n) mod m is not s mod m.
  const normPartner = new Int32Array(period);
  for (let k = 0; m > 0 && k < period; k++) normPartner[k] = (((shifts[k] as number) % m) + m) % m;
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
      let outCp: number;
      if (hit & PARTNER_FLAG && preserveCase) {
        // A partner form moves along the partner cycle (see Alphabet.partnerCycle).
        let j = (partnerRank[hit & INDEX_MASK] as number) + (normPartner[k] as number);
        if (j >= m) j -= m;
        outCp = partner[partnerCycle[j] as number] as number;
      } else {
        let j = (hit & INDEX_MASK) + (norm[k] as number);
        if (j >= n) j -= n;
        outCp = own[j] as number;
      }
      k = k + 1 === period ? 0 : k + 1;
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

/**
 * shiftLetters for an alphabet wholly in the BMP, one table read per UTF-16 unit. A surrogate is never a
 * letter here, so each half of a pair is kept (or dropped) like any other non-letter, as the general loop does
 * with the pair, and no output is longer than its input.
 */
function shiftBmp(text: string, bmp: BmpTables, norm: Int32Array, preserveCase: boolean, keep: boolean): string {
  const { slot } = bmp;
  const codes = preserveCase ? bmp.cased : bmp.uncased;
  const limit = slot.length;
  const length = text.length;
  // Latin-1 in, Latin-1 out: byte translation tables, converted natively both ways.
  const latin1 = bmp.latin1 && length >= LATIN1_MIN ? latin1View(text) : null;
  if (latin1) return shiftLatin1(latin1.input, latin1.output, slot, codes, norm, keep);
  const out = new Uint16Array(length);
  let o = 0;
  if (norm.length === 1) {
    const shift = norm[0] as number;
    for (let i = 0; i < length; i++) {
      const c = text.charCodeAt(i);
      const at = c < limit ? (slot[c] as number) : -1;
      if (at >= 0) out[o++] = codes[at + shift] as number;
      else if (keep) out[o++] = c;
    }
    return fromCodeUnits(out, o);
  }
  const period = norm.length;
  let k = 0;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    const at = c < limit ? (slot[c] as number) : -1;
    if (at >= 0) {
      out[o++] = codes[at + (norm[k] as number)] as number;
      if (++k === period) k = 0;
    } else if (keep) out[o++] = c;
  }
  return fromCodeUnits(out, o);
}

/**
 * The Latin-1 kernel: one 256-byte table per key position maps every byte (non-letters to themselves), and a
 * letter mask advances the key and, when non-letters are dropped, the output; no branch per character.
 */
function shiftLatin1(
  input: Uint8Array,
  output: Uint8Array,
  slot: Int32Array,
  codes: Uint16Array,
  norm: Int32Array,
  keep: boolean,
): string {
  const period = norm.length;
  const tables = new Uint8Array(period << 8);
  const letter = new Uint8Array(256);
  for (let c = 0; c < 256; c++) {
    const at = c < slot.length ? (slot[c] as number) : -1;
    letter[c] = at >= 0 ? 1 : 0;
    for (let k = 0; k < period; k++) tables[(k << 8) | c] = at >= 0 ? (codes[at + (norm[k] as number)] as number) : c;
  }
  const length = input.length;
  let o = 0;
  if (period === 1) {
    if (keep) {
      for (let i = 0; i < length; i++) output[i] = tables[input[i] as number] as number;
      return fromLatin1(output, length);
    }
    for (let i = 0; i < length; i++) {
      const c = input[i] as number;
      output[o] = tables[c] as number;
      o += letter[c] as number;
    }
    return fromLatin1(output, o);
  }
  // base is the current key position's table offset (k << 8); next[(base >> 7) | isLetter] is the one after
  // the character, so the key advances without a branch.
  const next = new Uint32Array(period * 2);
  for (let k = 0; k < period; k++) {
    next[2 * k] = k << 8;
    next[2 * k + 1] = ((k + 1) % period) << 8;
  }
  let base = 0;
  if (keep) {
    for (let i = 0; i < length; i++) {
      const c = input[i] as number;
      output[i] = tables[base + c] as number;
      base = next[(base >> 7) | (letter[c] as number)] as number;
    }
    return fromLatin1(output, length);
  }
  for (let i = 0; i < length; i++) {
    const c = input[i] as number;
    const isLetter = letter[c] as number;
    output[o] = tables[base + c] as number;
    o += isLetter;
    base = next[(base >> 7) | isLetter] as number;
  }
  return fromLatin1(output, o);
}

/** The text up to and including its `count`-th letter of a (all of it when shorter). */
export function letterPrefix(text: string, a: Alphabet, count: number): string {
  let seen = 0;
  let i = 0;
  for (const ch of text) {
    i += ch.length;
    if (a.lookup(ch.codePointAt(0) as number) >= 0 && ++seen === count) return text.slice(0, i);
  }
  return text;
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
