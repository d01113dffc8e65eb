// Caesar solving: the posterior probability of every shift under a language model.
import { Buffer } from 'node:buffer';
import { type Alphabet, caesarDecrypt, codePointLength, codePointPrefix } from '../core/index.js';
import { AnalysisInputError } from './errors.js';
import { getModel, type LanguageModel } from './language-model/index.js';
import { LANGUAGES, type Language } from './languages.js';
import { shiftLogLikelihoods, softmax } from './score.js';
import { ngramsFor, prefixTokens, type Tokens, tokenize } from './tokens.js';
import { getWordStartTable, type WordStartTable } from './word-start.js';

export interface CaesarSolution {
  /** The shift that enciphered the text, 0…n−1: decrypting with it gives `text`. */
  shift: number;
  text: string;
  /** Posterior probability of this shift; the scores of all shifts sum to 1. */
  score: number;
  /** Set when `text` is only the first candidateChars code points of the decryption (see the options). */
  truncated?: true;
}

export interface CaesarSolveResult {
  language: Language;
  /** One entry per shift, most probable first (only the first with bestOnly). */
  solutions: CaesarSolution[];
}

export interface CaesarSolveOptions {
  /** Return only the most probable solution (its score is still its posterior among all shifts). */
  bestOnly?: boolean;
  /**
   * The text of every solution but the most probable is cut to this many code points (and marked truncated),
   * so that an answer holding every shift's decryption of a long text stays within its size budget.
   */
  candidateChars?: number;
}

export const NO_LETTERS_MESSAGE = 'The text must contain at least one letter of the selected alphabet.';

interface Fit {
  language: Language;
  temperature: number;
  logs: Float64Array;
  best: number;
  /** False when only the first FIRST_LETTERS letters of a longer text were scored. */
  whole: boolean;
  /** What scoring the rest of the text needs, kept so that it is not read twice. */
  tokens: Tokens;
  model: LanguageModel;
  start: WordStartTable;
}

/**
 * Only this many letters are scored: a real text's posterior is certain long before (a wrong shift
 * loses hundreds of nats), and the cost of the rest would grow with the text for nothing.
 */
const SCORED_LETTERS = 1000;
/**
 * Every shift is first scored on this many letters. When that already settles the answer (the runner-up
 * holds less than SETTLED of the posterior), the rest is not read: the posterior is then the one those
 * letters give, and reading on would only push the losers further below any printable probability.
 */
const FIRST_LETTERS = 500;
const SETTLED = 1e-12;
/** With 'auto', a language ahead of every other by this many nats on the first letters is the answer. */
const LANGUAGE_SETTLED = 50;

function fitShifts(text: string, a: Alphabet, language: Language): Fit {
  const model = getModel(language);
  const tokens = tokenize(text, a, model, 'auto', SCORED_LETTERS);
  if (tokens.letters === 0) throw new AnalysisInputError('text', NO_LETTERS_MESSAGE);
  const temperature = ngramsFor(model, tokens).temperature;
  const start = getWordStartTable(language, model);
  const fit = { language, temperature, tokens, model, start };
  if (tokens.letters > FIRST_LETTERS) {
    const logs = shiftLogLikelihoods(prefixTokens(tokens, FIRST_LETTERS), a, model, start);
    if (settled(logs, temperature)) return { ...fit, logs, best: Math.max(...logs), whole: false };
  }
  const logs = shiftLogLikelihoods(tokens, a, model, start);
  return { ...fit, logs, best: Math.max(...logs), whole: true };
}

/** The fit on every scored letter, from the tokens it already holds. */
function wholeFit(fit: Fit, a: Alphabet): Fit {
  if (fit.whole) return fit;
  const logs = shiftLogLikelihoods(fit.tokens, a, fit.model, fit.start);
  return { ...fit, logs, best: Math.max(...logs), whole: true };
}

/** True when every shift but the best has a posterior below SETTLED. */
function settled(logs: Float64Array, temperature: number): boolean {
  const posterior = softmax(logs, temperature);
  let runnerUp = 0;
  let best = 0;
  for (const p of posterior) {
    if (p > best) {
      runnerUp = best;
      best = p;
    } else if (p > runnerUp) runnerUp = p;
  }
  return runnerUp < SETTLED;
}

/**
 * With 'auto', the language whose best decryption is most likely wins: every model predicts the same
 * characters of the same text, so totals compare directly, as long as they cover the same letters.
 */
function fitAuto(text: string, a: Alphabet): Fit {
  const fits = LANGUAGES.map((l) => fitShifts(text, a, l));
  const [first, second] = fits.slice().sort((x, y) => y.best - x.best) as [Fit, Fit];
  if (fits.every((f) => f.whole)) return first;
  // All on the same first letters, and one language far ahead: reading on could not change the winner.
  if (fits.every((f) => !f.whole) && first.best - second.best >= LANGUAGE_SETTLED) return first;
  return fits.map((f) => wholeFit(f, a)).reduce((x, y) => (y.best > x.best ? y : x));
}

/** Scores every shift of a Caesar ciphertext, in one language or (with 'auto') the likeliest one. */
export function solveCaesar(
  text: string,
  a: Alphabet,
  language: Language | 'auto',
  options: CaesarSolveOptions = {},
): CaesarSolveResult {
  const fit = language === 'auto' ? fitAuto(text, a) : fitShifts(text, a, language);
  // The raw n-gram likelihood is overconfident on short texts; the fitted temperature calibrates it.
  const posterior = softmax(fit.logs, fit.temperature);
  const order = Array.from(posterior.keys()).sort(
    (x, y) => (posterior[y] as number) - (posterior[x] as number) || x - y,
  );
  // Every shift's text costs a pass over the whole text: bulk solving asks for the best one alone.
  const kept = options.bestOnly ? order.slice(0, 1) : order;
  const decrypt = decrypter(text, a);
  const cut = options.candidateChars;
  const prefix = cut !== undefined && codePointLength(text) > cut ? codePointPrefix(text, cut) : undefined;
  const decryptPrefix = prefix === undefined ? undefined : decrypter(prefix, a);
  const solutions = kept.map((shift, rank): CaesarSolution => {
    const score = posterior[shift] as number;
    if (rank === 0 || !decryptPrefix) return { shift, text: decrypt(shift), score };
    return { shift, text: decryptPrefix(shift), score, truncated: true };
  });
  return { language: fit.language, solutions };
}

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
function decrypter(text: string, a: Alphabet): (shift: number) => string {
  const own = a.ownCodes;
  const partner = a.partnerCodes;
  const size = Math.max(...own, ...partner) + 1;
  if (size > 0x10000) return (shift) => caesarDecrypt(text, shift, a);
  const length = text.length;
  let widest = size - 1;
  for (let i = 0; i < length; i++) widest = Math.max(widest, text.charCodeAt(i));
  // Text and alphabet within Latin-1 (most English) decode from one byte a character: half the work.
  const narrow = widest < 0x100;
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

/** Identity outside the alphabet, each letter moved back by shift inside it. */
function shiftTable(table: Uint16Array | Uint8Array, span: number, shift: number, a: Alphabet): void {
  const n = a.size;
  const own = a.ownCodes;
  const partner = a.partnerCodes;
  const cycle = a.partnerCycle;
  const m = cycle.length;
  for (let i = 0; i < span; i++) table[i] = i;
  // Partner forms move along the partner cycle, as the core kernel moves them (Alphabet.partnerCycle).
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
  const bytes = new Uint8Array(even);
  for (let i = 0; i < length; i++) bytes[i] = text.charCodeAt(i);
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
