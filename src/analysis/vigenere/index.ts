// Vigenère analysis: the entry point, and the calibration and key diagnostics the accuracy bench reads.
export {
  type AnalyzeOptions,
  analyzeVigenere,
  MIN_ANALYSIS_LETTERS,
  TOO_SHORT_MESSAGE,
  type VigenereAnalysis,
} from './analyze.js';
export { calibrateConfidence, shortCalibrationWeight } from './calibration.js';
export { keyEvidence } from './search.js';
