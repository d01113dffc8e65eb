// A text as the solvers read it: letters the key moves, fixed symbols, word breaks and marks; and what it deciphers to.
import { type Alphabet, PARTNER_FLAG } from '../../core/index.js';
import { charKind, KIND_SPACE, type LanguageModel, type NgramModel, SKIP } from '../language-model/index.js';
import { joinState, WordMarkReader } from '../words/index.js';

/**
 * A text as the solvers see it. A code ≥ 0 is a letter of the candidate alphabet (its index), which a
 * key moves; a code < 0 is a fixed model symbol s, stored as −1 − s: the characters the cipher kept
 * as they were, read as letters the model knows, other letters, or (collapsed) word boundaries.
 */
export interface Tokens {
  readonly codes: Int32Array;
  /** How many codes are letters of the candidate alphabet. */
  readonly letters: number;
  /**
   * True when the text's spaces do not mark words (none at all, as when a cipher drops them, letters in
   * equal groups, or a space after every letter): the boundaries are then dropped and the joined statistics apply.
   */
  readonly joined: boolean;
  /**
   * True when the text ends in a letter: the last word may be whole or cut short, so the closing
   * boundary is not in codes and scorers weigh both readings (END_AT_WORD in scoring/score.ts).
   */
  readonly open: boolean;
  /**
   * Spaced texts written in both cases only: at the code that begins a word, the word's case class inside
   * its sentence (word-marks.ts; CASE_NONE elsewhere). A text in one case says nothing by its case.
   */
  readonly caseAt?: Int8Array;
  /**
   * Spaced texts where an apostrophe ties two words: at the code that begins a word, its joins to the words
   * before and after (joinState in word-marks.ts).
   */
  readonly joinAt?: Int8Array;
}

const INDEX_MASK = PARTNER_FLAG - 1;

/** Prior probability that a text ending in a letter ends at the end of a word rather than inside one. */
export const END_AT_WORD = 0.5;

/**
 * Fewer word breaks than one per this many letters means the letters run together and the spaces are something
 * else (line breaks, stray gaps): tokenize, the layouts of readings.ts and identify's presentations all read it.
 */
export const LETTERS_PER_WORD_BREAK = 15;
/** A text without any break up to this many letters is more likely one word than letters run together. */
const LONGEST_WORD = 12;
/** Equal letter groups (five at a time, say) this many times over are a cipher's layout, not words. */
const MIN_GROUPS = 4;

/** How tokenize reads spaces: decided from the text, or forced (the model build calibrates each kind). */
export type Spacing = 'auto' | 'spaced' | 'joined';

/**
 * Reads a text for a model, up to its maxLetters-th letter (and the boundary after it): the solvers
 * need no more of a long text, and reading all of it would cost more than solving.
 */
export function tokenize(
  text: string,
  a: Alphabet,
  model: LanguageModel,
  spacing: Spacing = 'auto',
  maxLetters = Number.POSITIVE_INFINITY,
): Tokens {
  const B = model.boundary;
  const fixedB = -1 - B;
  const codes = new Int32Array(Math.min(text.length, 2 * maxLetters + 2) + 1);
  let o = 0;
  let letters = 0;
  let lastFixedBoundary = true;
  const reader = new WordMarkReader();
  /** The code each word read begins at. */
  const wordAt: number[] = [];
  let cased = 0;
  // The last slot is kept for the closing boundary; a cut text is simply read as open.
  for (let i = 0; i < text.length && o < codes.length - 1; i++) {
    let cp = text.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < text.length) {
      const lo = text.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        cp = ((cp - 0xd800) << 10) + (lo - 0xdc00) + 0x10000;
        i++;
      }
    }
    const hit = a.lookup(cp);
    if (hit >= 0) {
      if (letters === maxLetters) break;
      if (lastFixedBoundary) wordAt.push(o);
      cased |= reader.letter(cp);
      codes[o++] = hit & INDEX_MASK;
      letters++;
      lastFixedBoundary = false;
      continue;
    }
    const s = model.symbolOf(cp);
    if (s === SKIP) continue;
    if (s === B) {
      reader.separator(cp);
      // Spaces and punctuation stay in place under the cipher, so a run of them is one boundary.
      if (lastFixedBoundary) continue;
      lastFixedBoundary = true;
    } else {
      if (lastFixedBoundary) wordAt.push(o);
      reader.letter(cp);
      lastFixedBoundary = false;
    }
    codes[o++] = -1 - s;
  }
  reader.end();
  const open = !lastFixedBoundary && o > 0;
  if (!lastFixedBoundary || o === 0) codes[o++] = fixedB;

  // Lengths of the runs between boundaries; the last code is always the closing boundary.
  const runs: number[] = [];
  let run = 0;
  for (let i = 0; i < o; i++) {
    if (codes[i] === fixedB) {
      runs.push(run);
      run = 0;
    } else run++;
  }
  const first = runs[0] as number;
  // Equal groups ("KHOOR ZRUOG"), or one letter at a time ("K H O O R"): a layout, not words.
  const grouped =
    runs.length >= MIN_GROUPS &&
    (first >= 3 || runs.every((r) => r === 1)) &&
    runs.every((r, i) => r === first || (i === runs.length - 1 && r < first));
  const breaks = runs.length - 1;
  const joined =
    spacing === 'auto'
      ? grouped || (breaks === 0 ? letters > LONGEST_WORD : breaks * LETTERS_PER_WORD_BREAK < letters)
      : spacing === 'joined';
  // The closing boundary added above only served the run lengths when the text ends in a letter.
  const end = open ? o - 1 : o;
  if (!joined) {
    const tokens: Tokens = { codes: codes.slice(0, end), letters, joined, open };
    // Both bits set: upper- and lower-case letters of the alphabet both occur.
    const caseAt = cased === 3 ? new Int8Array(end).fill(-1) : undefined;
    const joinAt = reader.joins.some((j) => j !== 0) ? new Int8Array(end) : undefined;
    const last = wordAt.length - 1;
    wordAt.forEach((at, k) => {
      if (caseAt) caseAt[at] = reader.cases[k] as number;
      if (joinAt) joinAt[at] = joinState(reader.joins[k] as number, k === 0, k === last);
    });
    return { ...tokens, ...(caseAt && { caseAt }), ...(joinAt && { joinAt }) };
  }
  const kept = codes.slice(0, end).filter((c, i) => c !== fixedB || i === o - 1);
  return { codes: kept, letters, joined, open };
}

/** The tokens up to the `letters`-th letter of the candidate alphabet (all of them if there are fewer). */
export function prefixTokens(tokens: Tokens, letters: number): Tokens {
  if (tokens.letters <= letters) return tokens;
  let seen = 0;
  let end = 0;
  while (seen < letters) if ((tokens.codes[end++] as number) >= 0) seen++;
  const cut: Tokens = { codes: tokens.codes.slice(0, end), letters, joined: tokens.joined, open: true };
  return {
    ...cut,
    ...(tokens.caseAt && { caseAt: tokens.caseAt.slice(0, end) }),
    ...(tokens.joinAt && { joinAt: tokens.joinAt.slice(0, end) }),
  };
}

/** The statistics that fit how a text is laid out. */
export function ngramsFor(model: LanguageModel, tokens: Tokens): NgramModel {
  return tokens.joined ? model.joined : model.spaced;
}

/** The model symbol each letter of the candidate alphabet stands for when it is plaintext. */
export function candidateSymbols(a: Alphabet, model: LanguageModel): Int32Array {
  const out = new Int32Array(a.size);
  for (let i = 0; i < a.size; i++) {
    const cp = a.ownCodes[i] as number;
    const hit = model.alphabet.lookup(cp);
    // A symbol the model does not know (a digit in a custom alphabet, say) gets the rare "other" floor.
    out[i] = hit >= 0 ? hit & INDEX_MASK : charKind(cp) === KIND_SPACE ? model.boundary : model.other;
  }
  return out;
}

/** Symbols of the plaintext when the k-th letter was enciphered by adding shifts[k mod period] (each 0…n−1). */
export function decodeSymbols(
  tokens: Tokens,
  shifts: ArrayLike<number>,
  cand: Int32Array,
  out = new Int32Array(tokens.codes.length),
): Int32Array {
  const n = cand.length;
  const period = shifts.length;
  const codes = tokens.codes;
  let k = 0;
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i] as number;
    if (c < 0) out[i] = -1 - c;
    else {
      let j = c - (shifts[k] as number);
      if (j < 0) j += n;
      out[i] = cand[j] as number;
      k = k + 1 === period ? 0 : k + 1;
    }
  }
  return out;
}
