// Character n-gram language models: the languages, the file format, the vocabulary, Kneser–Ney smoothing, the query
// and where the tables are read from (the build is in build/).
export { assetDir, assetUrl } from './assets.js';
export { decodeModelFile, encodeModelFile, type ModelFile, type NgramFile } from './format.js';
export { isLanguage, LANGUAGE_INFO, LANGUAGES, type Language } from './languages.js';
export { compileModel, getFoldedModel, getModel, type LanguageModel, readModelFile } from './load.js';
export type { NgramModel } from './ngram-model.js';
export {
  charKind,
  KIND_SPACE,
  passageSymbols,
  SKIP,
  symbolChars,
  textSymbol,
} from './symbols.js';
