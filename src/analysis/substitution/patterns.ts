// Keys read off a spaced cryptogram's word patterns: its most telling cipher words (long, few listed words share their
// pattern of repeated letters) given their likeliest listed readings, the rest of its words filled in as they fit.
import type { WordsView } from './complete.js';

/** How many readings of the most telling word, and of the next, start a key each. */
const FIRST_READINGS = 6;
const SECOND_READINGS = 3;
/** Shorter cipher words tell too little alone to start from (they still fill in). */
const ANCHOR_LETTERS = 4;
/**
 * The readings of a cipher word kept, likeliest first: a word with more tells little, and a short word's pattern
 * can have thousands (a long text's hundred words would each read them all).
 */
const MOST_READINGS = 400;

/** A word's pattern: each letter as the rank of its first occurrence among the word's letters ("letter" → abccbd). */
function patternOf(xs: ArrayLike<number | string>): string {
  const seen: (number | string)[] = [];
  let out = '';
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i] as number | string;
    let rank = seen.indexOf(x);
    if (rank < 0) rank = seen.push(x) - 1;
    out += String.fromCharCode(97 + rank);
  }
  return out;
}

/** Words by their pattern (which holds their length), in the order given. */
export type PatternIndex = ReadonlyMap<string, readonly string[]>;

const indexes = new WeakMap<readonly string[], PatternIndex>();

/** The words (likeliest first) by pattern, built once per list. */
export function patternIndex(words: readonly string[]): PatternIndex {
  let index = indexes.get(words);
  if (!index) {
    const m = new Map<string, string[]>();
    for (const w of words) {
      const p = patternOf(w);
      const list = m.get(p);
      if (list) list.push(w);
      else m.set(p, [w]);
    }
    index = m;
    indexes.set(words, index);
  }
  return index;
}

/** How often the corpus holds each pattern: the listed words' counts summed by pattern, and their total. */
interface PatternCounts {
  byPattern: ReadonlyMap<string, number>;
  total: number;
}

const patternCountsCache = new WeakMap<ReadonlyMap<string, number>, PatternCounts>();

function patternCountsOf(counts: ReadonlyMap<string, number>): PatternCounts {
  let out = patternCountsCache.get(counts);
  if (!out) {
    const byPattern = new Map<string, number>();
    let total = 0;
    for (const [word, c] of counts) {
      const p = patternOf(word);
      byPattern.set(p, (byPattern.get(p) ?? 0) + c);
      total += c;
    }
    out = { byPattern, total };
    patternCountsCache.set(counts, out);
  }
  return out;
}

/**
 * Every pattern counts half a word more than the list holds (so one it never holds is not impossible), the total
 * growing as if there were this many patterns: a rough allowance, untuned, as the lab that measured the statistic had
 * it (docs/solver-results.md, 2026-12-07).
 */
const UNSEEN_PATTERNS = 1000;

/**
 * ln P(the text's whole words' patterns of repeated letters | a language's words), each word drawn alone: what the key
 * cannot change. `counts`: the language's listed words and how often each occurs (words.ts, wordCountsOf). On dev
 * spaced passages it names the language first in 184 / 187 / 197 of 200 at 64 / 100 / 200 letters, with no search.
 */
export function patternLogLikelihood(
  codes: Int32Array,
  spans: readonly [number, number][],
  counts: ReadonlyMap<string, number>,
): number {
  const { byPattern, total } = patternCountsOf(counts);
  const denominator = Math.log(total + UNSEEN_PATTERNS / 2);
  let sum = 0;
  for (const [from, to] of spans)
    sum += Math.log((byPattern.get(patternOf(codes.subarray(from, to))) ?? 0) + 0.5) - denominator;
  return sum;
}

/** One distinct cipher word of the text and the listed words (likeliest first) its pattern and the pins allow. */
interface CipherWord {
  letters: Int32Array;
  readings: string[];
}

function cipherWords(v: WordsView, byPattern: PatternIndex): CipherWord[] {
  const seen = new Set<string>();
  const out: CipherWord[] = [];
  for (const [from, to] of v.spans) {
    const letters = v.codes.slice(from, to);
    const id = letters.join(',');
    if (seen.has(id)) continue;
    seen.add(id);
    const readings: string[] = [];
    for (const w of byPattern.get(patternOf(letters)) ?? []) {
      if (readings.length === MOST_READINGS) break;
      if (fits(v, v.pinned, letters, w)) readings.push(w);
    }
    if (readings.length > 0) out.push({ letters, readings });
  }
  // The most telling first: the fewest readings, then the longest.
  return out.sort((p, q) => p.readings.length - q.readings.length || q.letters.length - p.letters.length);
}

/**
 * Whether reading the cipher letters as `word` agrees with the partial key (cipher letter → plain letter, −1 where
 * not yet read; the pins are read from the start): a letter read keeps its reading, and no two share one.
 */
function fits(v: WordsView, partial: Int32Array, letters: Int32Array, word: string): boolean {
  for (let k = 0; k < letters.length; k++) {
    const x = letters[k] as number;
    const p = v.plainOfChar.get(word[k] as string);
    if (p === undefined) return false;
    const had = partial[x] as number;
    if (had >= 0 ? had !== p : partial.includes(p)) return false;
  }
  return true;
}

function read(v: WordsView, partial: Int32Array, letters: Int32Array, word: string): void {
  for (let k = 0; k < letters.length; k++)
    partial[letters[k] as number] = v.plainOfChar.get(word[k] as string) as number;
}

/** The partial key made whole: the text's letters not read given the plain letters left, by frequency rank. */
function whole(partial: Int32Array, present: Int32Array, byFrequency: Int32Array): Int32Array {
  const key = Int32Array.from(partial);
  const free = Array.from(byFrequency).filter((p) => !key.includes(p));
  const order = [...present, ...Array.from(key.keys())];
  for (const x of order) if ((key[x] as number) < 0) key[x] = free.shift() as number;
  return key;
}

/**
 * Keys to climb from, read off the text's words: each of the likeliest readings of its most telling word (and of
 * the next), the other words then read, most telling first, as the likeliest listed word that agrees with what is
 * read so far. `byPattern`: the listed words by pattern, likeliest first (patternIndex); `present`: the text's
 * letters, most frequent first; `byFrequency`: the plain letters likewise.
 */
export function patternStarts(
  v: WordsView,
  byPattern: PatternIndex,
  present: Int32Array,
  byFrequency: Int32Array,
): Int32Array[] {
  const words = cipherWords(v, byPattern);
  const anchors = words.filter((w) => w.letters.length >= ANCHOR_LETTERS);
  const seeds: [CipherWord, string][] = [
    ...(anchors[0]?.readings.slice(0, FIRST_READINGS) ?? []).map((r): [CipherWord, string] => [
      anchors[0] as CipherWord,
      r,
    ]),
    ...(anchors[1]?.readings.slice(0, SECOND_READINGS) ?? []).map((r): [CipherWord, string] => [
      anchors[1] as CipherWord,
      r,
    ]),
  ];
  return seeds.map(([anchor, reading]) => {
    const partial = Int32Array.from(v.pinned);
    read(v, partial, anchor.letters, reading);
    for (const w of words) {
      if (w === anchor) continue;
      const r = w.readings.find((word) => fits(v, partial, w.letters, word));
      if (r !== undefined) read(v, partial, w.letters, r);
    }
    return whole(partial, present, byFrequency);
  });
}
