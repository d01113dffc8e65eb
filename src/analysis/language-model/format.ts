// The model file: its counts as build-models.ts writes them, and their two files (readable .json, .bin tables).
import type { NamedAlphabetName } from '../../core/index.js';
import type { Language } from './languages.js';

/**
 * A language model's counts, as scripts/build-models.ts makes them and as src/analysis/models/<lang>.json
 * (everything but the tables) and <lang>.bin (the tables, see encodeModelFile) store them.
 */
export interface ModelFile {
  format: 3;
  language: Language;
  alphabet: NamedAlphabetName;
  /** The alphabet's letters (own, upper-case forms), in alphabet order. */
  letters: string;
  /** One character per model symbol: the lower-case letters, then BOUNDARY_CHAR, then OTHER_CHAR. */
  symbols: string;
  source: Record<string, unknown>;
  /** Relative frequency of each letter among the letters of the training text (sums to 1). */
  frequencies: number[];
  /** Statistics of running text, spaces and punctuation read as word boundaries. */
  spaced: NgramFile;
  /** The same text with everything but letters removed, as ciphertexts often are. */
  joined: NgramFile;
}

export interface NgramFile {
  /** Length of the longest n-gram counted. */
  order: number;
  /** Divides log-likelihoods before they become posteriors; fitted on a development split. */
  temperature: number;
  /**
   * The orders above the dense ones (see DENSE_ORDER), lowest first; the last is the top order. The top
   * level holds every n-gram seen in training and how often; each lower one the Kneser–Ney continuation
   * counts (how many distinct symbols precede each shorter n-gram). Everything but the top level's counts
   * follows from them (ngramTables) and is stored so that loading is views of the file with no per-entry work.
   */
  levels: NgramLevel[];
  /** dense[k − 1][row·S + x]: continuation count of order k (at most S), k = 1 … the dense orders. */
  dense: Uint8Array[];
  /** countsOfCounts[k − 1]: how many n-grams of order k have count 1, 2, 3 and 4 (what the discounts need). */
  countsOfCounts: number[][];
}

/**
 * The n-grams of one order grouped by context, the predicted symbols ascending within a context. The
 * lowest level lists its contexts (read in base S, ascending). A higher level's contexts are those of the
 * level below extended by one older symbol, its lead, stored grouped by the context they extend (in the
 * order below's order) and then by lead: so a context is found from the one below it, and an n-gram's
 * suffix is an n-gram of the order below in that parent context.
 */
export interface NgramLevel {
  /** Lowest level only (empty above): the contexts, ascending. */
  contexts: Int32Array;
  /** Higher levels only (empty at the lowest): the contexts extending context p below are childStarts[p] … childStarts[p + 1] − 1. */
  childStarts: Int32Array;
  /** Higher levels only: each context's oldest symbol, ascending among its siblings. */
  leads: Uint8Array;
  /** Context j's n-grams are starts[j] … starts[j + 1] − 1. */
  starts: Int32Array;
  /** The last symbol of each n-gram, ascending within its context. */
  symbols: Uint8Array;
  /** How often each n-gram was seen, or COUNT_ESCAPE: then overflow[k] is the count of n-gram overflowAt[k]. */
  counts: Uint8Array;
  overflowAt: Int32Array;
  overflow: Uint32Array;
}

/** The JSON half of a model: the ModelFile without its tables, and where the tables are. */
interface ModelHeader extends Omit<ModelFile, 'spaced' | 'joined'> {
  spaced: NgramHeader;
  joined: NgramHeader;
  tables: { file: string; bytes: number };
}

interface NgramHeader {
  order: number;
  temperature: number;
  countsOfCounts: number[][];
  /** Per level, lowest first: how many contexts, n-grams and overflowing counts its arrays hold. */
  levels: { contexts: number; ngrams: number; overflow: number }[];
}

/** A count too large for a byte: the real count is the level's next overflow entry. */
export const COUNT_ESCAPE = 255;
/** The first four bytes of a .bin table file, "CNGM" read as a little-endian uint32, then the format. */
const TABLES_MAGIC = 0x4d474e43;
const FORMAT = 3;

/** Orders up to this one are dense tables; above it, the n-grams seen, grouped by context. */
const DENSE_ORDER = 3;

/** How many orders of a model of order N are dense tables: 1 … this one. */
export const denseOrder = (N: number): number => Math.min(DENSE_ORDER, N - 1);

/** The count of n-gram i of a level, an escaped one found by binary search in its overflow. */
export function countAt(level: NgramLevel, i: number): number {
  const n = level.counts[i] as number;
  if (n !== COUNT_ESCAPE) return n;
  const at = level.overflowAt;
  let lo = 0;
  let hi = at.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((at[mid] as number) < i) lo = mid + 1;
    else hi = mid;
  }
  if (at[lo] !== i) throw new Error('model tables: an escaped count has no overflow entry');
  return level.overflow[lo] as number;
}

/** Little-endian typed arrays: the tables are read as views of the file's bytes, so the host must be too. */
function checkLittleEndian(): void {
  if (new Uint8Array(Uint32Array.of(1).buffer)[0] !== 1) throw new Error('model tables need a little-endian host');
}

/** A level's arrays in file order. */
const LEVEL_ARRAYS = [
  'contexts',
  'childStarts',
  'starts',
  'overflowAt',
  'overflow',
  'leads',
  'symbols',
  'counts',
] as const;

/**
 * A model file as the two files the models directory holds: <lang>.json, everything but the tables as
 * readable JSON, and <lang>.bin, the tables. The .bin is "CNGM" and the format as two uint32, then per
 * kind (spaced, joined) the dense orders' continuation counts (order 1 first), then per level (lowest
 * first) the arrays of LEVEL_ARRAYS; every array starts at a multiple of 4 bytes, all are little-endian.
 * Equal model files give equal bytes.
 */
export function encodeModelFile(file: ModelFile): { header: string; tables: Uint8Array } {
  checkLittleEndian();
  const parts: Uint8Array[] = [new Uint8Array(Uint32Array.of(TABLES_MAGIC, FORMAT).buffer)];
  let bytes = 8;
  const push = (a: Int32Array | Uint32Array | Uint8Array): void => {
    const padded = new Uint8Array((a.byteLength + 3) & ~3);
    padded.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
    parts.push(padded);
    bytes += padded.length;
  };
  const ngramHeader = (ngrams: NgramFile): NgramHeader => {
    for (const table of ngrams.dense) push(table);
    return {
      order: ngrams.order,
      temperature: ngrams.temperature,
      countsOfCounts: ngrams.countsOfCounts,
      levels: ngrams.levels.map((level) => {
        for (const name of LEVEL_ARRAYS) push(level[name]);
        return { contexts: level.starts.length - 1, ngrams: level.symbols.length, overflow: level.overflow.length };
      }),
    };
  };
  const spaced = ngramHeader(file.spaced);
  const joined = ngramHeader(file.joined);
  const header: ModelHeader = { ...file, spaced, joined, tables: { file: `${file.language}.bin`, bytes } };
  const tables = new Uint8Array(bytes);
  let at = 0;
  for (const p of parts) {
    tables.set(p, at);
    at += p.length;
  }
  // One top-level field a line: small enough to read.
  const body = Object.entries(header).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`);
  return { header: `{\n${body.join(',\n')}\n}\n`, tables };
}

/** The model file of a header and its tables; the arrays are views of the tables' bytes, not copies. */
export function decodeModelFile(headerText: string, bytes: Uint8Array): ModelFile {
  checkLittleEndian();
  const header = JSON.parse(headerText) as ModelHeader;
  const name = header.tables.file;
  const fail = (why: string): never => {
    throw new Error(`model ${header.language}: ${why}`);
  };
  if (header.format !== FORMAT) fail(`format ${header.format} is not ${FORMAT}; run npm run build:models`);
  if (bytes.length !== header.tables.bytes) fail(`${name} holds ${bytes.length} bytes, not ${header.tables.bytes}`);
  // Typed-array views need aligned offsets; a Buffer from a pool may start anywhere.
  const own = bytes.byteOffset % 4 === 0 ? bytes : new Uint8Array(bytes);
  const { buffer, byteOffset } = own;
  const head = new Uint32Array(buffer, byteOffset, 2);
  if (head[0] !== TABLES_MAGIC || head[1] !== FORMAT) fail(`${name} is not format ${FORMAT} tables`);
  let at = 8;
  type View<T> = new (buffer: ArrayBufferLike, byteOffset: number, length: number) => T;
  const take = <T>(View: View<T>, length: number, width: number): T => {
    if (at + length * width > own.length) fail(`${name} is too short`);
    const view = new View(buffer, byteOffset + at, length);
    at += (length * width + 3) & ~3;
    return view;
  };
  const S = [...header.symbols].length;
  const ngrams = (h: NgramHeader): NgramFile => {
    const dense = denseOrder(h.order);
    return {
      order: h.order,
      temperature: h.temperature,
      countsOfCounts: h.countsOfCounts,
      dense: Array.from({ length: dense }, (_, k) => take(Uint8Array, S ** (k + 1), 1)),
      levels: h.levels.map((l, i) => {
        const lowest = i === 0;
        const below = lowest ? 0 : (h.levels[i - 1] as { contexts: number }).contexts;
        return {
          contexts: take(Int32Array, lowest ? l.contexts : 0, 4),
          childStarts: take(Int32Array, lowest ? 0 : below + 1, 4),
          starts: take(Int32Array, l.contexts + 1, 4),
          overflowAt: take(Int32Array, l.overflow, 4),
          overflow: take(Uint32Array, l.overflow, 4),
          leads: take(Uint8Array, lowest ? 0 : l.contexts, 1),
          symbols: take(Uint8Array, l.ngrams, 1),
          counts: take(Uint8Array, l.ngrams, 1),
        };
      }),
    };
  };
  const { tables: _, ...rest } = header;
  const file: ModelFile = { ...rest, spaced: ngrams(header.spaced), joined: ngrams(header.joined) };
  if (at !== own.length) fail(`${name} has bytes past its tables`);
  return file;
}
