// The bench's plaintexts: passages of one part of the split (validation by default) cut from a word start to a number of letters, keys, and null-set texts.
//
// A draw (where a snippet starts, the shift, the key's letters) takes the same random numbers in every format,
// so with the same seed each format sees the same passages under the same keys: only the cut (letters counted
// in the format's alphabet) and the alphabet the random numbers pick letters from differ. The spaced format
// draws exactly what the bench drew before formats existed.

import type { ReadablePart } from '../../scripts/corpus/split.js';
import { corpusDir, corpusLines, corpusPart, sourceFilter } from '../../scripts/corpus.js';
import { LANGUAGE_INFO, type Language } from '../../src/analysis/index.js';
import { type Alphabet, namedAlphabet, PARTNER_FLAG } from '../../src/core/index.js';
import {
  type FoldOptions,
  type Format,
  foldAccents,
  isFolded,
  lettersOnly,
  type PresentOptions,
  present,
} from './presentations.js';

/** The part of the split the bench reads (scripts/corpus/split.ts): never training. */
export type Split = ReadablePart;

interface Source {
  /** The split's passages run together. */
  text: string;
  /** Offsets where words start. */
  starts: number[];
}

const sources = new Map<string, Source>();

/** The split's lines of the named corpus sources or genres (sourceFilter in scripts/corpus.ts), run together. */
function source(language: Language, split: Split, names: string): Source {
  // The folder is part of the key: under Bun every test file shares this module, each with a corpus of its own.
  const key = `${corpusDir()}:${language}:${split}:${names}`;
  let s = sources.get(key);
  if (!s) {
    const part = corpusPart(language);
    const inSources = sourceFilter(language, names);
    const text = corpusLines(language)
      .filter((l, i) => part(i) === split && inSources(i) && l.trim() !== '')
      .join(' ');
    const starts: number[] = [];
    for (let i = 0; i < text.length; i++)
      if (/\p{L}/u.test(text[i] as string) && (i === 0 || /\s/u.test(text[i - 1] as string))) starts.push(i);
    s = { text, starts };
    sources.set(key, s);
  }
  return s;
}

/** The end of the piece from `start` holding exactly `letters` letters of a, or -1 when the text runs out. */
function endAfter(text: string, start: number, letters: number, a: Alphabet): number {
  let seen = 0;
  for (let i = start; i < text.length; ) {
    const cp = text.codePointAt(i) as number;
    i += cp > 0xffff ? 2 : 1;
    if (a.lookup(cp) >= 0 && ++seen === letters) return i;
  }
  return -1;
}

/** The first `letters` folded letters from `start` (a ß at the cut may give only its first S). */
function foldedFrom(text: string, start: number, letters: number, fold: FoldOptions): string | undefined {
  let seen = 0;
  for (let i = start; i < text.length; ) {
    const cp = text.codePointAt(i) as number;
    i += cp > 0xffff ? 2 : 1;
    seen += lettersOnly(String.fromCodePoint(cp), fold).length;
    // Folding the whole piece again decides decomposed sequences ("a" + U+0308) as one letter.
    if (seen >= letters) return lettersOnly(text.slice(start, i), fold).slice(0, letters);
  }
  return undefined;
}

/** A uniformly random cipher alphabet of a's letters (Fisher–Yates). */
export function cipherAlphabet(a: Alphabet, rng: () => number): string {
  const letters = [...a.letters];
  for (let i = letters.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [letters[i], letters[j]] = [letters[j] as string, letters[i] as string];
  }
  return letters.join('');
}

/** The shortest key that repeats to this one (the key itself when it repeats none). */
export function reduceKey<T>(key: T[]): T[] {
  for (let p = 1; p < key.length; p++)
    if (key.length % p === 0 && key.every((c, i) => c === key[i % p])) return key.slice(0, p);
  return key;
}

const periodic = (key: number[]): boolean => reduceKey(key).length < key.length;

/** A Porta key as the analysis answers it: each letter the first of its pair (A for B), a repeat reduced. */
export function portaKey(key: string, a: Alphabet): string {
  return reduceKey([...key].map((c) => a.letters[a.letters.indexOf(c) & ~1] as string)).join('');
}

/** Plaintexts, keys and ciphertexts of one language in one presentation. */
export class Sampler {
  /** The cipher's alphabet: the language's for spaced text, A–Z for the folded formats. */
  readonly alphabet: Alphabet;
  /** The language's alphabet, whose letters decide where every format's draws may start. */
  private readonly own: Alphabet;
  private readonly basic = namedAlphabet('basic');
  private readonly source: Source;

  constructor(
    readonly format: Format,
    readonly language: Language,
    split: Split,
    private readonly options: PresentOptions,
    sourceNames = 'base',
  ) {
    this.own = namedAlphabet(LANGUAGE_INFO[language].alphabet);
    this.alphabet = isFolded(format) ? this.basic : this.own;
    this.source = source(language, split, sourceNames);
  }

  /**
   * A piece of the split from a word start holding exactly `letters` letters of the cipher's alphabet (cut
   * after the last), folded for the folded formats. The start is redrawn while the language's letters run
   * out before `letters`; folding never yields fewer letters than the language's alphabet counts, so that
   * condition is the same in every format.
   */
  plaintext(letters: number, rng: () => number): string {
    const { text, starts } = this.source;
    for (;;) {
      const start = starts[Math.floor(rng() * starts.length)] as number;
      const end = endAfter(text, start, letters, this.own);
      if (end < 0) continue;
      if (!isFolded(this.format)) return text.slice(start, end);
      const folded = foldedFrom(text, start, letters, this.options);
      if (folded !== undefined) return folded;
    }
  }

  /** A shift drawn from one random number. */
  shift(rng: () => number): number {
    return Math.floor(rng() * this.alphabet.size);
  }

  /** A key of `length` letters that repeats no shorter key in the language's alphabet or in A–Z. */
  key(length: number, rng: () => number): string {
    for (;;) {
      const u = Array.from({ length }, () => rng());
      const pick = (a: Alphabet): number[] => u.map((x) => Math.floor(x * a.size));
      if (periodic(pick(this.own)) || periodic(pick(this.basic))) continue;
      return pick(this.alphabet)
        .map((s) => this.alphabet.letters[s])
        .join('');
    }
  }

  /** A ciphertext as the format prints it. */
  show(cipher: string): string {
    return present(cipher, this.format, this.options);
  }

  /** The text with every letter of the alphabet replaced by a uniformly random one, case and layout kept. */
  randomLetters(text: string, rng: () => number): string {
    const a = this.alphabet;
    return this.mapLetters(text, () => Math.floor(rng() * a.size));
  }

  /** The text with its letters shuffled among their places (each place keeps its case), layout kept. */
  shuffledLetters(text: string, rng: () => number): string {
    const letters: number[] = [];
    this.mapLetters(text, (index) => {
      letters.push(index);
      return index;
    });
    for (let i = letters.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [letters[i], letters[j]] = [letters[j] as number, letters[i] as number];
    }
    let next = 0;
    return this.mapLetters(text, () => letters[next++] as number);
  }

  /**
   * A passage of another language in this alphabet: each letter this alphabet lacks folded to A–Z (Polish ł → l
   * for German, ß → ss for English), so that the solver reads its letters as letters; others are kept.
   */
  adopt(text: string): string {
    let out = '';
    for (const c of text)
      out +=
        /\p{L}/u.test(c) && this.alphabet.lookup(c.codePointAt(0) as number) < 0 ? foldAccents(c, this.options) : c;
    return out;
  }

  /** Rewrites each letter of the alphabet, in order, as the letter `to` gives (in the same case). */
  private mapLetters(text: string, to: (index: number) => number): string {
    const a = this.alphabet;
    let out = '';
    for (const c of text) {
      const hit = a.lookup(c.codePointAt(0) as number);
      if (hit < 0) {
        out += c;
        continue;
      }
      const index = to(hit & (PARTNER_FLAG - 1));
      out += String.fromCodePoint((hit & PARTNER_FLAG ? a.partnerCodes : a.ownCodes)[index] as number);
    }
    return out;
  }
}
