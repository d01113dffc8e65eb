// The vocabulary of a model: which symbol each character of a text stands for, and the characters naming them.
import { type Alphabet, PARTNER_FLAG } from '../../core/index.js';

const BOUNDARY_CHAR = '_';
const OTHER_CHAR = '#';
/** Marks a character that neither counts as a symbol nor breaks a word (a combining mark). */
export const SKIP = -1;

const LETTER = /^\p{L}$/u;
const MARK = /^\p{M}$/u;
const SPACE = /^[\s\p{Z}]$/u;

const KIND_LETTER = 0;
const KIND_MARK = 1;
export const KIND_SPACE = 2;
const KIND_OTHER = 3;

const kindCache = new Map<number, number>();

/** Rough Unicode class of a character; cached because regex tests per character are slow. */
export function charKind(cp: number): number {
  if (cp < 0x80) {
    if ((cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a)) return KIND_LETTER;
    return cp === 0x20 || (cp >= 0x09 && cp <= 0x0d) ? KIND_SPACE : KIND_OTHER;
  }
  let k = kindCache.get(cp);
  if (k === undefined) {
    const s = String.fromCodePoint(cp);
    k = LETTER.test(s) ? KIND_LETTER : MARK.test(s) ? KIND_MARK : SPACE.test(s) ? KIND_SPACE : KIND_OTHER;
    if (kindCache.size < 65536) kindCache.set(cp, k);
  }
  return k;
}

/**
 * How a character of running text reads to a model over alphabet a: one of its letters (either
 * case, through the alphabet's own partners), some other letter, a word boundary, or nothing.
 */
export function textSymbol(cp: number, a: Alphabet): number {
  const hit = a.lookup(cp);
  if (hit >= 0) return hit & (PARTNER_FLAG - 1);
  const kind = charKind(cp);
  if (kind === KIND_LETTER) return a.size + 1;
  if (kind === KIND_MARK) return SKIP;
  return a.size;
}

/**
 * Symbols of a training passage: letters, other letters and (unless joined) collapsed word
 * boundaries, closed by a boundary that marks the passage's end (the start is the counts' padding).
 */
export function passageSymbols(text: string, a: Alphabet, joined = false): number[] {
  const boundary = a.size;
  const out: number[] = [];
  let last = boundary;
  for (const ch of text) {
    const s = textSymbol(ch.codePointAt(0) as number, a);
    if (s === SKIP || (s === boundary && (joined || last === boundary))) continue;
    out.push(s);
    last = s;
  }
  if (last !== boundary) out.push(boundary);
  return out;
}

/** The characters that name the symbols in a model file. */
export function symbolChars(a: Alphabet): string[] {
  return [...Array.from(a.partnerCodes, (cp) => String.fromCodePoint(cp)), BOUNDARY_CHAR, OTHER_CHAR];
}
