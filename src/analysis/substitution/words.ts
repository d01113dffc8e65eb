// What the n-grams miss in a short spaced cryptogram: whether its words are words. A key whose decryption reads as
// listed words of the language earns a bonus per letter of them, which settles the rare letters n-grams cannot.
import { foldAccents } from '../../core/index.js';
import { type Language, type LanguageModel, symbolChars } from '../language-model/index.js';
import type { Tokens } from '../readings/index.js';
import { getWordCounts } from '../words/index.js';

/** Nats a letter of a listed word is worth: about what the n-grams give a plausible letter over an odd one. */
const WORD_LETTER_BONUS = 1;

const sets = new Map<string, ReadonlySet<string>>();

/** How a model reads listed words: one over A–Z (English's, or a folded one) folded as its text was, the others as listed. */
function listing(language: Language, model: LanguageModel): { key: string; form: (word: string) => string } {
  const fold = model.alphabet.name === 'basic';
  return { key: `${language}:${fold}`, form: fold ? (word) => foldAccents(word) : (word) => word };
}

function wordSet(language: Language, model: LanguageModel): ReadonlySet<string> {
  const { key, form } = listing(language, model);
  let set = sets.get(key);
  if (!set) {
    set = new Set(getWordCounts(language).words.map(form));
    sets.set(key, set);
  }
  return set;
}

/**
 * The whole words of a spaced text: runs of cipher letters between word breaks, as [from, to) code offsets, the last
 * one left out when the text may end inside it, and so is a word holding a symbol the key does not move (an accent
 * the alphabet lacks): the list cannot judge its letters alone. Empty for a text without word breaks.
 */
export function wordSpans(tokens: Tokens, model: LanguageModel): [number, number][] {
  const spans: [number, number][] = [];
  if (tokens.joined) return spans;
  const codes = tokens.codes;
  const breakCode = -1 - model.boundary;
  let start = 0;
  let clean = true;
  for (let i = 0; i <= codes.length; i++) {
    const c = i < codes.length ? (codes[i] as number) : breakCode;
    if (c >= 0) continue;
    if (c !== breakCode) {
      clean = false;
      continue;
    }
    if (clean && i > start && (i < codes.length || !tokens.open)) spans.push([start, i]);
    start = i + 1;
    clean = true;
  }
  return spans;
}

/**
 * The bonus of a key: per letter of each whole word (wordSpans) that decrypts to a listed word. Null for a text
 * without word breaks.
 */
export function wordBonusOf(
  tokens: Tokens,
  model: LanguageModel,
  language: Language,
  cand: Int32Array,
): ((plainOf: Int32Array) => number) | null {
  const spans = wordSpans(tokens, model);
  if (spans.length === 0) return null;
  const codes = tokens.codes;
  const set = wordSet(language, model);
  const chars = symbolChars(model.alphabet);
  return (plainOf) => {
    let bonus = 0;
    for (const [from, to] of spans) {
      let w = '';
      for (let i = from; i < to; i++) w += chars[cand[plainOf[codes[i] as number] as number] as number];
      if (set.has(w)) bonus += to - from;
    }
    return bonus * WORD_LETTER_BONUS;
  };
}

const byLengths = new Map<ReadonlySet<string>, ReadonlyMap<number, readonly string[]>>();

/** The listed words of wordSet, by their length in code units. */
export function wordsByLength(language: Language, model: LanguageModel): ReadonlyMap<number, readonly string[]> {
  const set = wordSet(language, model);
  let out = byLengths.get(set);
  if (!out) {
    const m = new Map<number, string[]>();
    for (const w of set) {
      const list = m.get(w.length);
      if (list) list.push(w);
      else m.set(w.length, [w]);
    }
    out = m;
    byLengths.set(set, out);
  }
  return out;
}

const countsCache = new Map<string, ReadonlyMap<string, number>>();

/** The listed words of wordSet and how often the corpus holds each (the counts of words that fold alike summed). */
export function wordCountsOf(language: Language, model: LanguageModel): ReadonlyMap<string, number> {
  const { key, form } = listing(language, model);
  let out = countsCache.get(key);
  if (!out) {
    const w = getWordCounts(language);
    const counts = new Map<string, number>();
    w.words.forEach((word, i) => {
      const f = form(word);
      counts.set(f, (counts.get(f) ?? 0) + (w.cum[i + 1] as number) - (w.cum[i] as number));
    });
    out = counts;
    countsCache.set(key, out);
  }
  return out;
}

const frequentCache = new Map<ReadonlyMap<string, number>, readonly string[]>();

/** The listed words of wordSet, likeliest first. */
export function frequentWords(language: Language, model: LanguageModel): readonly string[] {
  const counts = wordCountsOf(language, model);
  let out = frequentCache.get(counts);
  if (!out) {
    out = [...counts].sort((x, y) => y[1] - x[1]).map(([word]) => word);
    frequentCache.set(counts, out);
  }
  return out;
}
