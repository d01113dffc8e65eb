// What the n-grams miss in a short spaced cryptogram: whether its words are words. A key whose decryption reads as
// listed words of the language earns a bonus per letter of them, which settles the rare letters n-grams cannot.
import { foldAccents } from '../../core/index.js';
import { type LanguageModel, symbolChars } from '../language-model/index.js';
import type { Language } from '../languages.js';
import type { Tokens } from '../readings/index.js';
import { getWordCounts } from '../words/index.js';

/** Nats a letter of a listed word is worth: about what the n-grams give a plausible letter over an odd one. */
const WORD_LETTER_BONUS = 1;

const sets = new Map<string, ReadonlySet<string>>();

function wordSet(language: Language, model: LanguageModel): ReadonlySet<string> {
  // A model over A–Z (English's, or a folded one) reads words folded as its text was; the others as listed.
  const fold = model.alphabet.name === 'basic';
  const key = `${language}:${fold}`;
  let set = sets.get(key);
  if (!set) {
    const words = getWordCounts(language).words;
    set = new Set(fold ? words.map((w) => foldAccents(w)) : words);
    sets.set(key, set);
  }
  return set;
}

/**
 * The bonus of a key: per letter of each whole word (a run of cipher letters between word breaks, the last one
 * left out when the text may end inside it) that decrypts to a listed word. Null for a text without word breaks.
 */
export function wordBonusOf(
  tokens: Tokens,
  model: LanguageModel,
  language: Language,
  cand: Int32Array,
): ((plainOf: Int32Array) => number) | null {
  if (tokens.joined) return null;
  const spans: [number, number][] = [];
  const codes = tokens.codes;
  let start = 0;
  for (let i = 0; i <= codes.length; i++) {
    const c = i < codes.length ? (codes[i] as number) : -1 - model.boundary;
    if (c >= 0) continue;
    const whole = c === -1 - model.boundary && (i < codes.length || !tokens.open);
    if (whole && i > start && codes.subarray(start, i).every((x) => x >= 0)) spans.push([start, i]);
    start = i + 1;
  }
  if (spans.length === 0) return null;
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
