// Character n-gram language models: the file format, the vocabulary, Kneser–Ney smoothing and the query (the build is in build/).
export { decodeModelFile, encodeModelFile, type ModelFile, type NgramFile } from './format.js';
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
