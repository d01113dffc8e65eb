// One text decrypted under every shift, for the Caesar solver, which writes out every shift's text: the same text as
// shiftLetters(text, a, [-shift]) (test/core/kernel.test.ts), read into code units once and translated per shift.
import { Buffer } from 'node:buffer';
import type { Alphabet } from './alphabet.js';
import { shiftLetters } from './substitute.js';

function translateBytes(units: Uint8Array, target: Uint8Array, table: Uint16Array): void {
  for (let i = 0; i < units.length; i++) target[i] = table[units[i] as number] as number;
}

function translate(
  units: Uint8Array | Uint16Array,
  target: Uint8Array | Uint16Array,
  table: Uint16Array,
  size: number,
): void {
  for (let i = 0; i < units.length; i++) {
    const u = units[i] as number;
    target[i] = u < size ? (table[u] as number) : u;
  }
}

/**
 * Decrypts one text under many shifts. The text is read into code units once; each shift is then a
 * single pass through a code-unit translation table, several times faster than a fresh decryption.
 * Alphabets with astral letters can change a text's length in code units, so they take the plain path.
 */
export function shiftEach(text: string, a: Alphabet): (shift: number) => string {
  const own = a.ownCodes;
  const partner = a.partnerCodes;
  const size = Math.max(...own, ...partner) + 1;
  if (size > 0x10000) return (shift) => shiftLetters(text, a, [-shift]);
  const length = text.length;
  // Text and alphabet within Latin-1 (most English) decode from one byte a character: half the work. (V8 answers the
  // test at once for a text it stores a byte a character; a loop over 100,000 characters took 250 µs.)
  const narrow = size <= 0x100 && !BEYOND_LATIN1.test(text);
  if (narrow && length >= PAIRED_FROM) return pairedDecrypter(text, a);
  const units = narrow ? new Uint8Array(length) : new Uint16Array(length);
  for (let i = 0; i < length; i++) units[i] = text.charCodeAt(i);
  const out = narrow ? Buffer.alloc(length) : Buffer.alloc(length * 2);
  const wide = narrow ? null : new Uint16Array(out.buffer, out.byteOffset, length);
  // Narrow text gets a table over every byte, so the inner loop needs no range check.
  const span = narrow ? 0x100 : size;
  const table = new Uint16Array(span);
  return (shift) => {
    shiftTable(table, span, shift, a);
    // One loop per element type keeps each monomorphic: a union-typed target is several times slower.
    if (wide) translate(units, wide, table, size);
    else translateBytes(units as Uint8Array, out, table);
    // Node's and Bun's UTF-16 decoding keep lone surrogates as they are, as the cipher must.
    return out.toString(narrow ? 'latin1' : 'utf16le');
  };
}

const BEYOND_LATIN1 = /[^\0-\xff]/;

/** Identity outside the alphabet, each letter moved back by shift inside it. */
function shiftTable(table: Uint16Array | Uint8Array, span: number, shift: number, a: Alphabet): void {
  const n = a.size;
  const own = a.ownCodes;
  const partner = a.partnerCodes;
  const cycle = a.partnerCycle;
  const m = cycle.length;
  for (let i = 0; i < span; i++) table[i] = i;
  // Partner forms move along the partner cycle, as shiftLetters moves them (Alphabet.partnerCycle).
  for (let r = 0; r < m; r++) {
    const d = (((r - shift) % m) + m) % m;
    table[partner[cycle[r] as number] as number] = partner[cycle[d] as number] as number;
  }
  for (let j = 0; j < n; j++) {
    const d = j >= shift ? j - shift : j - shift + n;
    table[own[j] as number] = own[d] as number;
  }
}

/** Below this many characters a 64 Ki-entry pair table costs more than it saves. */
const PAIRED_FROM = 8192;

/**
 * Long Latin-1 text, two characters a step: a table over the byte pairs the text actually holds (a few
 * thousand of the 65,536) is refilled per shift, and each step translates a pair with one lookup.
 */
function pairedDecrypter(text: string, a: Alphabet): (shift: number) => string {
  const length = text.length;
  const even = length + (length & 1);
  // Every character is below 0x100 here (shiftEach checked), so its Latin-1 encoding is the text's code units:
  // written natively in 3 µs where a loop over 127,000 characters took 215.
  const bytes = new Uint8Array(even);
  Buffer.from(bytes.buffer, 0, length).write(text, 'latin1');
  const pairs = new Uint16Array(bytes.buffer, 0, even / 2);
  const seen = new Uint8Array(0x10000);
  const distinct: number[] = [];
  for (let i = 0; i < pairs.length; i++) {
    const p = pairs[i] as number;
    if (seen[p] === 0) {
      seen[p] = 1;
      distinct.push(p);
    }
  }
  const present = Int32Array.from(distinct);
  const outBytes = new Uint8Array(even);
  const out = new Uint16Array(outBytes.buffer, 0, even / 2);
  const decoded = Buffer.from(outBytes.buffer, 0, length);
  const table = new Uint8Array(0x100);
  const pairTable = new Uint16Array(0x10000);
  return (shift) => {
    shiftTable(table, 0x100, shift, a);
    fillPairs(present, pairTable, table);
    translatePairs(pairs, out, pairTable);
    return decoded.toString('latin1');
  };
}

function fillPairs(present: Int32Array, pairTable: Uint16Array, table: Uint8Array): void {
  // Typed arrays are little-endian on every platform Node and Bun run on: the first character is the low byte.
  for (let i = 0; i < present.length; i++) {
    const p = present[i] as number;
    pairTable[p] = (table[p & 0xff] as number) | ((table[p >>> 8] as number) << 8);
  }
}

function translatePairs(pairs: Uint16Array, out: Uint16Array, pairTable: Uint16Array): void {
  for (let i = 0; i < pairs.length; i++) out[i] = pairTable[pairs[i] as number] as number;
}
