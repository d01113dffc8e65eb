// Vigenère analysis: the entry point, and the calibration and key diagnostics the accuracy bench reads.
export * from './analyze.js';
export { shortCalibrationWeight, shortRescaledLogit } from './calibration.js';
export { keyEvidence } from './search.js';
export { LONGER_KEY_FACTOR } from './tuning.js';
export { ANALYZED_VARIANTS, type AnalyzedVariant, analyzeVariant, vigenereEquivalents } from './variants.js';
