// The patterns of repeated letters in every window of a language's running text: what a key cannot change in letters
// run together, which have no words to read patterns from.
import { readFileSync } from 'node:fs';
import { assetUrl, type Language } from '../language-model/index.js';

/** Letters a window holds (dev, 100 letters run together: 5 named 82, 8 95, 10 111, 12 121, 14 94 passages of 150). */
export const WINDOW_LETTERS = 12;
/**
 * Windows are counted by a hash of their pattern into this many cells, each kept in 4 bits: every table of the
 * service fits issue 15's 16 MB so (dev, 450 passages: exact counts named 364, 2^18 cells of a byte 358, these 324).
 */
export const WINDOW_CELLS = 1 << 16;
/** A cell holds round(ln(count + 1)), at most 15 (a count of 3.3 million). */
const MOST_STEPS = 15;
/** The file's first 8 bytes: how many windows were counted (a float64, little-endian); then two cells a byte. */
const HEADER_BYTES = 8;
const FILE_BYTES = HEADER_BYTES + WINDOW_CELLS / 2;

/**
 * The cell of the window of WINDOW_LETTERS codes from `from`: FNV-1a over its pattern, each code read as the rank of
 * its first occurrence in the window, so that a relabelling of the letters (a substitution key) keeps the cell.
 */
export function windowCell(codes: ArrayLike<number | string>, from: number): number {
  const seen: (number | string)[] = [];
  let h = 0x811c9dc5;
  for (let i = from; i < from + WINDOW_LETTERS; i++) {
    const x = codes[i] as number | string;
    let rank = seen.indexOf(x);
    if (rank < 0) rank = seen.push(x) - 1;
    h = Math.imul(h ^ rank, 0x01000193);
  }
  return (h >>> 0) & (WINDOW_CELLS - 1);
}

/** A language's window counts as read back: ln(count + 1) of each cell in whole nats, and the windows counted. */
export interface WindowTable {
  readonly steps: Uint8Array;
  readonly windows: number;
}

/** The file of <lang>.windows for the cells' counts and the windows counted (scripts/build-windows.ts). */
export function encodeWindowTable(counts: Uint32Array, windows: number): Uint8Array {
  const bytes = new Uint8Array(FILE_BYTES);
  new DataView(bytes.buffer).setFloat64(0, windows, true);
  counts.forEach((n, cell) => {
    const steps = Math.min(MOST_STEPS, Math.round(Math.log(n + 1)));
    const at = HEADER_BYTES + (cell >> 1);
    bytes[at] = (bytes[at] as number) | (cell & 1 ? steps << 4 : steps);
  });
  return bytes;
}

export function decodeWindowTable(bytes: Uint8Array): WindowTable {
  if (bytes.length !== FILE_BYTES) throw new Error(`a window table holds ${FILE_BYTES} bytes`);
  const windows = new DataView(bytes.buffer, bytes.byteOffset).getFloat64(0, true);
  const steps = new Uint8Array(WINDOW_CELLS);
  for (let cell = 0; cell < WINDOW_CELLS; cell++) {
    const b = bytes[HEADER_BYTES + (cell >> 1)] as number;
    steps[cell] = cell & 1 ? b >> 4 : b & 15;
  }
  return { steps, windows };
}

const tables = new Map<Language, WindowTable>();

/** The window table of a language's folded A–Z running text (src/analysis/words/<lang>.windows), read once. */
export function getWindowTable(language: Language): WindowTable {
  let t = tables.get(language);
  if (!t) {
    t = decodeWindowTable(readFileSync(assetUrl('words', `${language}.windows`)));
    tables.set(language, t);
  }
  return t;
}

/**
 * ln P(the patterns of the text's windows | the language), each window drawn alone (a count of 0 read as 1):
 * `codes` the text's letters in order, as any labels (only equality is read). 0 for fewer than WINDOW_LETTERS.
 */
export function windowLogLikelihood(codes: ArrayLike<number | string>, table: WindowTable): number {
  let steps = 0;
  let n = 0;
  for (let from = 0; from + WINDOW_LETTERS <= codes.length; from++, n++)
    steps += table.steps[windowCell(codes, from)] as number;
  return steps - n * Math.log(table.windows);
}
