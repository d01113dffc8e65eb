// The text as one language model reads it for the key search: tokens, candidate symbols, word scoring.
import type { Alphabet } from '../../core/index.js';
import { LANGUAGE_INFO, type Language, type LanguageModel, type NgramModel } from '../language-model/index.js';
import { candidateSymbols, ngramsFor, searchModel, type Tokens, tokenize } from '../readings/index.js';
import { WORD_LAMBDA, WORD_LETTERS } from './tuning.js';
import { WordBonus } from './word-bonus.js';

/** The text as one language model reads it, cut after the letters the key search needs. */
export interface Reading {
  model: LanguageModel;
  ngrams: NgramModel;
  tokens: Tokens;
  cand: Int32Array;
  /** The inverse of cand: the letter a model symbol stands for (−1 for none, −2 for several). */
  plainOf: Int32Array;
  n: number;
  /** Whole-word scoring, for short spaced texts (undefined otherwise). */
  words: WordBonus | undefined;
}

/** How the model of `language` reads text, up to its `sample`-th letter. */
export function readingOf(text: string, a: Alphabet, language: Language, sample: number): Reading {
  // With A–Z and a language with accents, the folded model (readings.ts), which reads both kinds of plaintext.
  const model = searchModel(text, a, language, sample);
  // The word lists are of words as written, accents kept: a folded model's words would all read as unlisted.
  const folded = model.alphabet.name !== LANGUAGE_INFO[language].alphabet;
  const tokens = tokenize(text, a, model, 'auto', sample);
  const ngrams = ngramsFor(model, tokens);
  const cand = candidateSymbols(a, model);
  const plainOf = new Int32Array(model.symbolCount).fill(-1);
  cand.forEach((sym, i) => {
    plainOf[sym] = plainOf[sym] === -1 ? i : -2;
  });
  return {
    model,
    ngrams,
    tokens,
    cand,
    plainOf,
    n: a.size,
    // Each word is scored as the follower of the word before it (word pairs), not alone.
    words:
      !tokens.joined && !folded && tokens.letters <= WORD_LETTERS
        ? new WordBonus(model, ngrams, WORD_LAMBDA, true)
        : undefined,
  };
}
