// A language model compiled from its model file, and the cached loader of the shipped ones.
import { readFileSync } from 'node:fs';
import { type Alphabet, namedAlphabet } from '../../core/index.js';
import { assetUrl } from './assets.js';
import { decodeModelFile, type ModelFile } from './format.js';
import type { Language } from './languages.js';
import { compileNgrams, type NgramModel } from './ngram-model.js';
import { symbolChars, textSymbol } from './symbols.js';

export interface LanguageModel {
  readonly language: Language;
  readonly alphabet: Alphabet;
  /** Number of letters; symbols 0…letterCount−1 are the alphabet's letters. */
  readonly letterCount: number;
  /** letterCount + 2: the letters, the word boundary and "some other letter". */
  readonly symbolCount: number;
  readonly boundary: number;
  readonly other: number;
  readonly frequencies: Float64Array;
  readonly spaced: NgramModel;
  readonly joined: NgramModel;
  /** The symbol a character of a candidate plaintext stands for, or SKIP. */
  symbolOf(codePoint: number): number;
}

/** Smooths the counts of a model file into log-probability tables. */
export function compileModel(file: ModelFile): LanguageModel {
  const alphabet = namedAlphabet(file.alphabet);
  const m = alphabet.size;
  const S = m + 2;
  if (file.symbols !== symbolChars(alphabet).join('')) {
    throw new Error(`model ${file.language}: symbols do not fit alphabet ${file.alphabet}`);
  }
  return {
    language: file.language,
    alphabet,
    letterCount: m,
    symbolCount: S,
    boundary: m,
    other: m + 1,
    frequencies: Float64Array.from(file.frequencies),
    spaced: compileNgrams(file.spaced, S, file.language),
    joined: compileNgrams(file.joined, S, file.language),
    symbolOf: (cp) => textSymbol(cp, alphabet),
  };
}

const cache = new Map<string, LanguageModel>();

/**
 * Reads the model files next to this module (`<language>.json` and `.bin`, or with `folded` the A–Z model of
 * `<language>-folded`); works from source under tsx, vitest and Bun alike.
 */
export function readModelFile(language: Language, folded = false): ModelFile {
  const name = folded ? `${language}-folded` : language;
  const header = readFileSync(assetUrl('models', `${name}.json`), 'utf8');
  return decodeModelFile(header, readFileSync(assetUrl('models', `${name}.bin`)));
}

function cached(language: Language, folded: boolean): LanguageModel {
  const key = folded ? `${language}-folded` : language;
  let model = cache.get(key);
  if (!model) {
    model = compileModel(readModelFile(language, folded));
    cache.set(key, model);
  }
  return model;
}

/** The model of a language, read and compiled on first use. */
export function getModel(language: Language): LanguageModel {
  return cached(language, false);
}

/**
 * The model of a language's text with its accents folded to A–Z (ł → l, ß → ss, é → e), over the basic
 * alphabet, read and compiled on first use; only languages whose alphabet is not A–Z have one.
 */
export function getFoldedModel(language: Language): LanguageModel {
  return cached(language, true);
}
