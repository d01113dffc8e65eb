// Calibration of the Vigenère confidence: the Platt scalings fitted on the development split.

/**
 * Platt scaling of the raw confidence, logit(conf) = A·logit(raw) + B, fitted by log loss on the
 * development split (corpus lines with index % 10 === 5) by `npm run bench:accuracy -- --calibrate`, with
 * development models (CIPHER_MODEL_DIR=.dev-models). The identity is shipped: over all cells the raw
 * confidence is calibrated as it is (dev ECE 0.0153 with the word marks, 16 texts a cell), and what a global
 * fit would change (it gives A = 0.47, B = −0.6) comes from the 2·L cells, which calibrateConfidence rescales
 * on their own (the same run refits them at 0.52 / −1.0, beside the shipped 0.48 / −0.8).
 */
const CALIBRATION = { a: 1, b: 0 };

const logit = (p: number): number => Math.log(p / (1 - p));
const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/**
 * Where the returned key has under three letters of text per key letter the raw confidence is too sure of
 * itself (held-out, 2·L: right 84 % of the time at a mean raw confidence of 0.945): the misses there are the
 * model's, which prefers another reading, and it cannot see that. Those analyses are rescaled,
 * logit(conf) = logit(raw) + w·((A − 1)·logit(raw) + B), w falling from 1 at `full` letters per key letter to
 * 0 at `none`; A and B are fitted on the development split, with models that never counted it, by
 * `CIPHER_MODEL_DIR=.dev-models npm run bench:accuracy -- --calibrate`.
 */
const SHORT_CALIBRATION = { a: 0.48, b: -0.8, full: 2, none: 3 };

/** How much of the short-text rescaling applies at this many letters per key letter (0…1). */
export function shortCalibrationWeight(lettersPerKeyLetter: number): number {
  const { full, none } = SHORT_CALIBRATION;
  return Math.min(1, Math.max(0, (none - lettersPerKeyLetter) / (none - full)));
}

/** The calibrated confidence from the model's own probability that the key is right. */
export function calibrateConfidence(raw: number, lettersPerKeyLetter = Number.POSITIVE_INFINITY): number {
  const x = logit(Math.min(1 - 1e-12, Math.max(1e-12, raw)));
  const w = shortCalibrationWeight(lettersPerKeyLetter);
  const y = x + w * ((SHORT_CALIBRATION.a - 1) * x + SHORT_CALIBRATION.b);
  return sigmoid(CALIBRATION.a * y + CALIBRATION.b);
}
