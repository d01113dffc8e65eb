// The analysis internals the bench reads beyond src/analysis/index.ts, in one place, so that moving them moves one file.
// (The solvers themselves are called through index.ts; these are the seeded random numbers the samples are drawn
// with, the model loader the speed section times, the Vigenère calibration and key evidence the calibration
// fit and --diag read, and the Caesar "no answer" fits the calibration weighs candidates beside.)

export { mulberry32 } from '../../scripts/lib/random.js';
export { NO_ANSWER_FITS } from '../../src/analysis/caesar/index.js';
export { answerProbability, NO_ANSWER_PRIOR, type NoAnswerFit } from '../../src/analysis/index.js';
export { compileModel, readModelFile } from '../../src/analysis/language-model/index.js';
export { keyEvidence, shortCalibrationWeight, shortRescaledLogit } from '../../src/analysis/vigenere/index.js';
