// The analysis layer's public face: language models, Caesar solving, Vigenère analysis and identification, free of
// any transport. Code outside src/analysis imports from here or from a room's index.ts (caesar/, vigenere/,
// identify/, language-model/, language-model/build/, readings/, words/), never a room's inner files.
export { type AffineSolution, type AffineSolveResult, affineKeys, solveAffine } from './affine/index.js';
export {
  type CaesarSolution,
  type CaesarSolveOptions,
  type CaesarSolveResult,
  NO_ANSWER_FITS,
  solveCaesar,
} from './caesar/index.js';
export {
  answerProbability,
  CREDIBLE,
  DOUBT_INFO,
  DOUBTS,
  type Doubt,
  doubtOf,
  KEY_DOUBTS,
  type KeyDoubt,
  NO_ANSWER_PRIOR,
  type NoAnswerClass,
  type NoAnswerFit,
} from './confidence/index.js';
export { AnalysisInputError, NO_LETTERS_MESSAGE } from './errors.js';
export {
  type Cipher,
  DEFAULT_IDENTIFY_KEY_LENGTH,
  type Identification,
  type IdentifyOptions,
  type IdentifySolution,
  identify,
  MAX_SOLUTIONS,
} from './identify/index.js';
export {
  assetDir,
  assetUrl,
  getModel,
  isLanguage,
  LANGUAGE_INFO,
  LANGUAGES,
  type Language,
  type LanguageModel,
} from './language-model/index.js';
export { logSumExp, scoreText, shiftLogLikelihoods, symbolsLogLikelihood } from './scoring/index.js';
export {
  type SubstitutionSolution,
  type SubstitutionSolveResult,
  solveSubstitution,
  UNKNOWN_KEY_LETTER,
} from './substitution/index.js';
export {
  ANALYZED_VARIANTS,
  type AnalysisDetails,
  type AnalyzedVariant,
  type AnalyzeOptions,
  analyzeVariant,
  analyzeVigenere,
  analyzeVigenereDetails,
  LONGER_KEY_FACTOR,
  MAX_PROBABLE_LENGTHS,
  MIN_ANALYSIS_LETTERS,
  PREVIEW_CODE_POINTS,
  TOO_SHORT_MESSAGE,
  type VigenereAnalysis,
} from './vigenere/index.js';
