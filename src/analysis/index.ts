// The analysis layer: language models, Caesar solving and Vigenère analysis, free of any transport.
export {
  type CaesarSolution,
  type CaesarSolveOptions,
  type CaesarSolveResult,
  NO_LETTERS_MESSAGE,
  type NoAnswerClass,
  solveCaesar,
} from './caesar/index.js';
export { CREDIBLE, DOUBT_INFO, DOUBTS, type Doubt, doubtOf } from './doubt.js';
export { AnalysisInputError } from './errors.js';
export {
  type Cipher,
  DEFAULT_IDENTIFY_KEY_LENGTH,
  type Identification,
  type IdentifyOptions,
  type IdentifySolution,
  identify,
  MAX_SOLUTIONS,
} from './identify/index.js';
export { getModel, type LanguageModel } from './language-model/index.js';
export { isLanguage, LANGUAGE_INFO, LANGUAGES, type Language } from './languages.js';
export { scoreText } from './score.js';
export {
  type AnalysisDetails,
  type AnalyzeOptions,
  analyzeVigenere,
  analyzeVigenereDetails,
  MIN_ANALYSIS_LETTERS,
  TOO_SHORT_MESSAGE,
  type VigenereAnalysis,
} from './vigenere/index.js';
