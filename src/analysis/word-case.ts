// How a word is capitalised inside a sentence: evidence the cipher leaves, since it keeps every letter's case.
import { charKind, KIND_SPACE } from './model.js';

/** Every cased letter lower-case ("word"). */
export const CASE_LOWER = 0;
/** An upper-case first letter and the rest lower-case ("Word", and "I"). */
export const CASE_CAPITAL = 1;
/** Two or more letters, all upper-case ("DNS"). */
export const CASE_UPPER = 2;
/** No evidence: a word that starts a text or may start a sentence, mixed case, or no cased letter. */
export const CASE_NONE = -1;
export const CASE_CLASSES = 3;

const COMMA = 0x2c;
const caseCache = new Map<number, number>();

/** 1 for an upper-case letter, 2 for a lower-case one, 0 for a character without case. */
export function letterCase(cp: number): number {
  if (cp < 0x80) return cp >= 0x41 && cp <= 0x5a ? 1 : cp >= 0x61 && cp <= 0x7a ? 2 : 0;
  let c = caseCache.get(cp);
  if (c === undefined) {
    const s = String.fromCodePoint(cp);
    c = s !== s.toLowerCase() ? 1 : s !== s.toUpperCase() ? 2 : 0;
    if (caseCache.size < 65536) caseCache.set(cp, c);
  }
  return c;
}

/**
 * Reads the case class of each word of running text, fed one character at a time. Only a word whose
 * separator from the word before is plain (spaces and commas) counts as inside a sentence: after any other
 * punctuation a capital may just start a sentence, a quotation or a list item. Training (scripts/build-words.ts)
 * and the solvers read text through this one reader, so both sides draw the line in the same place.
 */
export class CaseReader {
  private inWord = false;
  private seenWord = false;
  private plain = true;
  private mid = false;
  private first = 0;
  private upper = 0;
  private lower = 0;

  /** A letter of a word (of the alphabet or not), code point cp. */
  letter(cp: number): void {
    const c = letterCase(cp);
    if (!this.inWord) {
      this.inWord = true;
      this.mid = this.seenWord && this.plain;
      this.first = c;
      this.upper = 0;
      this.lower = 0;
    }
    if (c === 1) this.upper++;
    else if (c === 2) this.lower++;
  }

  /** A character between words; returns the class of the word it ends, or CASE_NONE when it ends none. */
  separator(cp: number): number {
    const cls = this.end();
    if (cp !== COMMA && charKind(cp) !== KIND_SPACE) this.plain = false;
    return cls;
  }

  /** Ends the word being read (at the end of the text); its class, or CASE_NONE when there is none. */
  end(): number {
    if (!this.inWord) return CASE_NONE;
    this.inWord = false;
    this.seenWord = true;
    this.plain = true;
    if (!this.mid) return CASE_NONE;
    const { upper, lower } = this;
    if (upper === 0) return lower > 0 ? CASE_LOWER : CASE_NONE;
    if (lower === 0) return upper >= 2 ? CASE_UPPER : this.first === 1 ? CASE_CAPITAL : CASE_NONE;
    return this.first === 1 && upper === 1 ? CASE_CAPITAL : CASE_NONE;
  }
}
