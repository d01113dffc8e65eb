// The rare letters of a spaced cryptogram settled by its words: a cipher letter the text shows once or twice is read
// as each listed word its word could be (the other letters kept), and the key that reading makes is judged whole.

import { type Language, type LanguageModel, symbolChars } from '../language-model/index.js';
import type { Tokens } from '../readings/index.js';
import type { Found } from './anneal.js';
import type { FullScore } from './refine.js';
import { wordSpans, wordsByLength } from './words.js';

/** A cipher letter seen this often or less is rare: the n-grams alone seldom settle it. */
const RARE = 2;

export interface WordsView {
  /** The text's codes (cipher letters ≥ 0) and its whole words, as [from, to) offsets. */
  codes: Int32Array;
  spans: readonly [number, number][];
  /** How often each cipher letter occurs. */
  letterCounts: Float64Array;
  pinned: Int32Array;
  /** Plain letter → the character the word list spells it with, and back (−1: no plain letter). */
  charOf: readonly string[];
  plainOfChar: ReadonlyMap<string, number>;
  byLength: ReadonlyMap<number, readonly string[]>;
}

/** The view of a text's words that completion reads, or undefined for a text without word breaks. */
export function wordsViewOf(
  t: { tokens: Tokens; model: LanguageModel; cand: Int32Array; letterCounts: Float64Array; pinned: Int32Array },
  language: Language,
): WordsView | undefined {
  const spans = wordSpans(t.tokens, t.model);
  if (spans.length === 0) return undefined;
  const chars = symbolChars(t.model.alphabet);
  const charOf = Array.from(t.cand, (s) => chars[s] as string);
  const plainOfChar = new Map<string, number>();
  charOf.forEach((ch, p) => {
    if (!plainOfChar.has(ch)) plainOfChar.set(ch, p);
  });
  return {
    codes: t.tokens.codes,
    spans,
    letterCounts: t.letterCounts,
    pinned: t.pinned,
    charOf,
    plainOfChar,
    byLength: wordsByLength(language, t.model),
  };
}

/** The rare cipher letters of one word and the plain letters a listed word gives them, or undefined if it does not fit. */
function wordFit(v: WordsView, plainOf: Int32Array, from: number, word: string): Map<number, number> | undefined {
  const give = new Map<number, number>();
  const taken = new Set<number>();
  for (let i = from, k = 0; k < word.length; i++, k++) {
    const x = v.codes[i] as number;
    const ch = word[k] as string;
    const rare = (v.letterCounts[x] as number) <= RARE && (v.pinned[x] as number) < 0;
    if (!rare) {
      if (v.charOf[plainOf[x] as number] !== ch) return undefined;
      continue;
    }
    const p = v.plainOfChar.get(ch);
    if (p === undefined) return undefined;
    const had = give.get(x);
    if (had !== undefined) {
      if (had !== p) return undefined;
      continue;
    }
    if (taken.has(p)) return undefined;
    give.set(x, p);
    taken.add(p);
  }
  return give;
}

/** The key with each rare letter given its plain letter, swapped with the letter that held it; undefined if that one is not free to move. */
function moved(v: WordsView, plainOf: Int32Array, give: Map<number, number>): Int32Array | undefined {
  const key = Int32Array.from(plainOf);
  const cipherOf = new Int32Array(key.length);
  key.forEach((p, x) => {
    cipherOf[p] = x;
  });
  for (const [x, p] of give) {
    const y = cipherOf[p] as number;
    if (y === x) continue;
    // The letter that holds p gives it up only if it is itself rare (or absent) and not pinned.
    if ((v.letterCounts[y] as number) > RARE || (v.pinned[y] as number) >= 0) return undefined;
    const px = key[x] as number;
    key[x] = p;
    key[y] = px;
    cipherOf[p] = x;
    cipherOf[px] = y;
  }
  return key;
}

/** The best key found, its rare letters read as the listed words that fit, while that raises the full score. */
export function completeByWords(v: WordsView, best: Found, full: FullScore): Found {
  let current = best;
  for (let pass = 0, improved = true; improved && pass < 3; pass++) {
    improved = false;
    for (const [from, to] of v.spans) {
      let hasRare = false;
      for (let i = from; i < to && !hasRare; i++) hasRare = (v.letterCounts[v.codes[i] as number] as number) <= RARE;
      if (!hasRare) continue;
      for (const word of v.byLength.get(to - from) ?? []) {
        const give = wordFit(v, current.plainOf, from, word);
        if (!give || [...give].every(([x, p]) => current.plainOf[x] === p)) continue;
        const key = moved(v, current.plainOf, give);
        if (!key) continue;
        const score = full(key);
        if (score > current.score + 1e-9) {
          current = { plainOf: key, score };
          improved = true;
        }
      }
    }
  }
  return current;
}
