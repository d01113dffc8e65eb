// The analysis internals the bench reads beyond src/analysis/index.ts, in one place, so that moving them moves one file.
// (The solvers themselves are called through index.ts; these are the seeded random numbers the samples are drawn
// with, the model loader the speed section times, and the Vigenère calibration and key evidence the calibration
// fit and --diag read.)
export { compileModel, readModelFile } from '../../src/analysis/language-model/index.js';
export { mulberry32 } from '../../src/analysis/random.js';
export { calibrateConfidence, keyEvidence, shortCalibrationWeight } from '../../src/analysis/vigenere/index.js';
