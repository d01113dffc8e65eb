// The text as one language model reads it for the key search: tokens, candidate symbols, word scoring.
import type { Alphabet } from '../../core/index.js';
import { getModel, type LanguageModel, type NgramModel } from '../language-model/index.js';
import type { Language } from '../languages.js';
import { candidateSymbols, ngramsFor, type Tokens, tokenize } from '../tokens.js';
import { WordBonus } from '../word-bonus.js';
import { WORD_LAMBDA, WORD_LETTERS } from './tuning.js';

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
  const model = getModel(language);
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
      !tokens.joined && tokens.letters <= WORD_LETTERS ? new WordBonus(model, ngrams, WORD_LAMBDA, true) : undefined,
  };
}
