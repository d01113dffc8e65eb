// The readings of a ciphertext a solver weighs: its layout read as words or as letters run together, its plaintext as written or folded to A–Z.
import type { Alphabet } from '../../core/index.js';
import { getFoldedModel, getModel, LANGUAGE_INFO, type Language, type LanguageModel } from '../language-model/index.js';
import { getWordStartTable, type WordStartTable } from '../words/index.js';
import { LETTERS_PER_WORD_BREAK, type Tokens, tokenize } from './tokens.js';

/**
 * One way to read a ciphertext: which model reads it and how its separators are read. A solver scores every
 * reading and weighs them by `logPrior` plus what each makes of the text, so an ambiguous layout (a short run of
 * capitals may be one word or a stripped text) is never decided by a rule alone.
 */
export interface Reading {
  readonly model: LanguageModel;
  readonly tokens: Tokens;
  /** The word-start table of the spaced model, for spaced readings (the folded models have none). */
  readonly start: WordStartTable | undefined;
  /** ln of this reading's prior probability; the priors of a text's readings sum to 1. */
  readonly logPrior: number;
  /** How the separators are read: as word breaks, as nothing, or (letter-spaced text) only the wider ones. */
  readonly layout: 'words' | 'joined' | 'gaps' | 'one word';
  readonly folded: boolean;
}

/** The runs of a text's letters and the separators between them, as far as a solver reads it. */
interface Layout {
  /** The runs of letters (any character a model reads as a letter, marks included). */
  readonly runs: string[];
  /** The separators between consecutive runs: gaps[i] lies between runs[i] and runs[i + 1]. */
  readonly gaps: string[];
  /** Letters of the candidate alphabet in the runs read. */
  readonly letters: number;
  /** True when the alphabet's letters occur in both cases. */
  readonly mixedCase: boolean;
  /** True when every letter of the alphabet read is in lower case (and there is one). */
  readonly lowerCase: boolean;
}

const WHITE = /^\s+$/u;
/** The shortest group a layout of few groups has (puzzles print groups of four, five or six letters). */
const MIN_GROUP = 4;
/** Groups of two or three letters count as a layout from this many groups on. */
const MIN_SHORT_GROUPS = 4;
/** Prior probability that a layout a stripped text can have (see strippedLayout) is one. */
const STRIPPED_PRIOR = 0.5;
/** The same when the text mixes upper and lower case, which printed stripped texts rarely do. */
const STRIPPED_PRIOR_MIXED_CASE = 0.1;
/**
 * The same when every letter is in lower case: stripped texts are printed in capitals far more often, and a run
 * of small letters is most often words as written (on the development split, 1,000 spaced texts a cell, 0.2
 * still lost 1–3 texts of 4 letters a language to the joined reading; at 0.05 the cells are within ±2 of the
 * code before readings). The joined reading still wins where no word reading is plausible.
 */
const STRIPPED_PRIOR_LOWER_CASE = 0.05;
/** The same for one letter at a time ("K H O O R"): prose of one-letter words alone hardly exists. */
const LETTER_SPACED_PRIOR = 0.95;
/** A run of more letters than this without a separator is not a word (the old rule said 12; German has longer). */
const LONGEST_WORD = 24;
/** A stripped text of at most this many letters may be one word. */
const ONE_WORD_LETTERS = 12;
/** The prior share of that reading among the stripped ones, as for a run of letters without separators. */
const ONE_WORD_PRIOR = 0.5;
/** Prior probability that a text in A–Z of a language with accents folded them (ł → l, é → e) before enciphering. */
const FOLDED_PRIOR = 0.5;

/** Reads the layout of up to maxLetters letters of the candidate alphabet (and what lies between them). */
function readLayout(text: string, a: Alphabet, model: LanguageModel, maxLetters: number): Layout {
  const runs: string[] = [];
  const gaps: string[] = [];
  let run = '';
  let gap = '';
  let letters = 0;
  let cases = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    const hit = a.lookup(cp);
    // Letters of the alphabet, other letters and combining marks (SKIP) belong to a run; the rest separates runs.
    if (hit >= 0 || model.symbolOf(cp) !== model.boundary) {
      if (hit >= 0) {
        if (letters === maxLetters) break;
        letters++;
        cases |= ch === ch.toLowerCase() ? 1 : ch === ch.toUpperCase() ? 2 : 0;
      }
      if (gap !== '' && run !== '') {
        runs.push(run);
        gaps.push(gap);
        run = '';
      }
      gap = '';
      run += ch;
    } else gap += ch;
  }
  if (run !== '') runs.push(run);
  return { runs, gaps, letters, mixedCase: cases === 3, lowerCase: cases === 1 };
}

const length = (s: string): number => [...s].length;

/**
 * True when a stripped text (letters run together, then printed) can have this layout: no separators; equal
 * groups, the last possibly shorter ("KHOOR ZRUOG KH", lines of equal width too); one letter at a time
 * ("K H O O R"); or so few separators that they are line breaks.
 */
function strippedLayout(layout: Layout): boolean {
  const runs = layout.runs.map(length);
  if (runs.length <= 1) return true;
  // One letter at a time may be set apart by anything ("K-H-O", "K.H.O"); groups and lines only by white space.
  if (letterSpaced(layout)) return true;
  if (!layout.gaps.every((g) => WHITE.test(g))) return false;
  const first = runs[0] as number;
  // Groups of two or three letters are words far more often than a layout, unless there are many of them.
  const grouped = first >= MIN_GROUP || runs.length >= MIN_SHORT_GROUPS;
  if (grouped && runs.every((r, i) => r === first || (i === runs.length - 1 && r < first))) return true;
  // Fewer separators than one per LETTERS_PER_WORD_BREAK letters: line breaks in a stripped text, not word breaks.
  return (runs.length - 1) * LETTERS_PER_WORD_BREAK < layout.letters;
}

/** One letter at a time, three times or more: "K H O O R". */
function letterSpaced(layout: Layout): boolean {
  return layout.runs.length >= 3 && layout.runs.every((r) => length(r) === 1);
}

/**
 * A letter-spaced text whose words stand apart by a wider separator ("K H O O R   Z R U O G", "K-H-O / Z-R"):
 * the text with the narrow separators removed and the wide ones as spaces, or undefined for any other layout.
 */
function wordGapText(layout: Layout): string | undefined {
  const { runs, gaps } = layout;
  if (!letterSpaced(layout)) return undefined;
  const tally = new Map<string, number>();
  for (const g of gaps) tally.set(g, (tally.get(g) ?? 0) + 1);
  if (tally.size < 2) return undefined;
  const narrow = [...tally].reduce((x, y) => (y[1] > x[1] ? y : x))[0];
  // Between words, a separator longer than the one between letters (the commonest); no third kind.
  const wide = (g: string): boolean => g !== narrow && length(g) > length(narrow);
  if (!gaps.some(wide) || gaps.some((g) => g !== narrow && !wide(g))) return undefined;
  return runs.map((r, i) => r + (i < gaps.length ? (wide(gaps[i] as string) ? ' ' : '') : '')).join('');
}

/** True when the alphabet's letters are all within A–Z, so that a plaintext of accented letters had to fold them. */
function withinAZ(a: Alphabet): boolean {
  return [...a.ownCodes, ...a.partnerCodes].every((c) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a));
}

/** True when the text holds a letter of the language that the candidate alphabet lacks (an accent kept). */
function keepsAccents(text: string, a: Alphabet, model: LanguageModel, maxLetters: number): boolean {
  // As far as a solver reads: a kept accent past that cannot change what the letters read say.
  let seen = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    if (a.lookup(cp) >= 0 && ++seen > maxLetters) return false;
    if (cp >= 0x80 && a.lookup(cp) < 0 && model.alphabet.lookup(cp) >= 0) return true;
  }
  return false;
}

/** The models that may read a text: the language's, and its folded one when the plaintext may have folded accents. */
function modelsFor(
  text: string,
  a: Alphabet,
  language: Language,
  maxLetters: number,
): { model: LanguageModel; folded: boolean; p: number }[] {
  const model = getModel(language);
  if (LANGUAGE_INFO[language].alphabet === 'basic' || !withinAZ(a) || keepsAccents(text, a, model, maxLetters))
    return [{ model, folded: false, p: 1 }];
  return [
    { model, folded: false, p: 1 - FOLDED_PRIOR },
    { model: getFoldedModel(language), folded: true, p: FOLDED_PRIOR },
  ];
}

/**
 * The one model a search that cannot weigh readings (the Vigenère key search) reads a text with: the folded one
 * when the plaintext may have folded its accents (A–Z alphabet, a language with accents, none kept in the text),
 * since a folded model still reads a text that never had accents, and the language's own otherwise.
 */
export function searchModel(text: string, a: Alphabet, language: Language, maxLetters: number): LanguageModel {
  const models = modelsFor(text, a, language, maxLetters);
  return (models.find((m) => m.folded) ?? (models[0] as (typeof models)[number])).model;
}

/** Every reading of up to maxLetters letters of a text in a language, with its prior. */
export function readingsOf(text: string, a: Alphabet, language: Language, maxLetters: number): Reading[] {
  const out: Reading[] = [];
  for (const { model, folded, p } of modelsFor(text, a, language, maxLetters)) {
    const layout = readLayout(text, a, model, maxLetters);
    const start = folded ? undefined : getWordStartTable(language, model);
    const stripped = !strippedLayout(layout)
      ? 0
      : // One word of 25 letters or prose of a dozen one-letter words: no such reading to weigh.
        (layout.runs.length <= 1 && layout.letters > LONGEST_WORD) ||
          (letterSpaced(layout) && layout.letters > ONE_WORD_LETTERS)
        ? 1
        : layout.mixedCase
          ? STRIPPED_PRIOR_MIXED_CASE
          : letterSpaced(layout)
            ? LETTER_SPACED_PRIOR
            : layout.lowerCase
              ? STRIPPED_PRIOR_LOWER_CASE
              : STRIPPED_PRIOR;
    const gapped = wordGapText(layout);
    // A reading of prior 0 is not read at all.
    const add = (t: string, spacing: 'spaced' | 'joined', prior: number, kind: Reading['layout']): void => {
      if (prior <= 0) return;
      const tokens = tokenize(t, a, model, spacing, maxLetters);
      out.push({ model, tokens, start, logPrior: Math.log(p * prior), layout: kind, folded });
    };
    if (gapped === undefined) {
      add(text, 'spaced', 1 - stripped, 'words');
      // A few letters in groups or one at a time may be a single word, as a short unbroken run may: the spaced
      // model, which knows where words end, reads them too (a run of letters alone is that reading already).
      const oneWord = layout.runs.length > 1 && layout.letters <= ONE_WORD_LETTERS ? ONE_WORD_PRIOR : 0;
      add(layout.runs.join(''), 'spaced', stripped * oneWord, 'one word');
      add(text, 'joined', stripped * (1 - oneWord), 'joined');
    } else {
      // Letter-spaced with word gaps: the gaps are most likely the words, but the text may be stripped letters.
      add(text, 'spaced', 0.1, 'words');
      add(gapped, 'spaced', 0.45, 'gaps');
      add(text, 'joined', 0.45, 'joined');
    }
  }
  return out;
}
