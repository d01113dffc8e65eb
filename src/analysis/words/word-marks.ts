// How a word is written in running text (its case inside a sentence, an apostrophe tying it to a neighbour):
// evidence the cipher leaves, since it keeps every letter's case and every character that is not a letter.
import { charKind, KIND_SPACE } from '../language-model/index.js';

/** Every cased letter lower-case ("word"). */
export const CASE_LOWER = 0;
/** An upper-case first letter and the rest lower-case ("Word", and "I"). */
export const CASE_CAPITAL = 1;
/** Two or more letters, all upper-case ("DNS"). */
export const CASE_UPPER = 2;
/** No evidence: a word that starts a text or may start a sentence, mixed case, or no cased letter. */
export const CASE_NONE = -1;
export const CASE_CLASSES = 3;
/** What a word list counts per word (scripts/build-words.ts): the three case classes, then the two joins. */
export const WORD_MARKS = CASE_CLASSES + 2;

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

/** Word k's join bits: an apostrophe alone ties it to the word before (JOIN_BEFORE) or after (JOIN_AFTER). */
export const JOIN_BEFORE = 1;
export const JOIN_AFTER = 2;

const isApostrophe = (cp: number): boolean => cp === 0x27 || cp === 0x2019;

/** How many states each side of a word has in a join state: unseen, not joined, joined. */
export const JOIN_STATES = 3;

/**
 * A word's joins as the solvers score them: per side 0 when unseen (left of a text's first word, right of
 * its last, which may be cut from longer text), 1 when not joined, 2 when joined; the left side plus
 * JOIN_STATES × the right side.
 */
export function joinState(join: number, first: boolean, last: boolean): number {
  const before = first ? 0 : join & JOIN_BEFORE ? 2 : 1;
  const after = last ? 0 : join & JOIN_AFTER ? 2 : 1;
  return before + JOIN_STATES * after;
}

/**
 * Reads how each word of running text is written, fed one character at a time: its case class, and whether
 * an apostrophe alone joins it to its neighbours ("don't", "l'homme"). Only a word whose separator from the
 * word before is plain (spaces and commas) counts as inside a sentence for its case: after any other
 * punctuation a capital may just start a sentence, a quotation or a list item. Training
 * (scripts/build-words.ts) and the solvers read text through this one reader, so both sides draw the
 * lines in the same places.
 */
export class WordMarkReader {
  /** Per word read, in order: its case class (CASE_NONE where it says nothing). */
  readonly cases: number[] = [];
  /** Per word read, in order: its JOIN_BEFORE and JOIN_AFTER bits. */
  readonly joins: number[] = [];
  private inWord = false;
  private plain = true;
  private separatorLength = 0;
  private apostrophe = false;
  private mid = false;
  private first = 0;
  private upper = 0;
  private lower = 0;

  /** A letter of a word (of the alphabet or not), code point cp; returns its letterCase. */
  letter(cp: number): number {
    const c = letterCase(cp);
    if (!this.inWord) {
      this.inWord = true;
      const k = this.cases.length;
      this.mid = k > 0 && this.plain;
      this.cases.push(CASE_NONE);
      this.joins.push(0);
      if (k > 0 && this.separatorLength === 1 && this.apostrophe) {
        this.joins[k - 1] = (this.joins[k - 1] as number) | JOIN_AFTER;
        this.joins[k] = JOIN_BEFORE;
      }
      this.first = c;
      this.upper = 0;
      this.lower = 0;
    }
    if (c === 1) this.upper++;
    else if (c === 2) this.lower++;
    return c;
  }

  /** A character between words. */
  separator(cp: number): void {
    this.end();
    if (cp !== COMMA && charKind(cp) !== KIND_SPACE) this.plain = false;
    this.apostrophe = ++this.separatorLength === 1 && isApostrophe(cp);
  }

  /** Ends the word being read, if any (and so, at the end of the text, the last one). */
  end(): void {
    if (!this.inWord) return;
    this.inWord = false;
    this.plain = true;
    this.separatorLength = 0;
    this.apostrophe = false;
    this.cases[this.cases.length - 1] = this.classify();
  }

  private classify(): number {
    if (!this.mid) return CASE_NONE;
    const { upper, lower } = this;
    if (upper === 0) return lower > 0 ? CASE_LOWER : CASE_NONE;
    if (lower === 0) return upper >= 2 ? CASE_UPPER : this.first === 1 ? CASE_CAPITAL : CASE_NONE;
    return this.first === 1 && upper === 1 ? CASE_CAPITAL : CASE_NONE;
  }
}
