// Character n-gram language models: the file format, the vocabulary, Kneser–Ney smoothing and the query (the build is in build/).
export { decodeModelFile, encodeModelFile, type ModelFile, type NgramFile, type NgramLevel } from './format.js';
export { compileModel, getFoldedModel, getModel, type LanguageModel, readModelFile } from './load.js';
export type { NgramModel } from './ngram-model.js';
export {
  BOUNDARY_CHAR,
  charKind,
  KIND_LETTER,
  KIND_MARK,
  KIND_OTHER,
  KIND_SPACE,
  OTHER_CHAR,
  passageSymbols,
  SKIP,
  symbolChars,
  textSymbol,
} from './symbols.js';
