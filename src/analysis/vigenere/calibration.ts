// Calibration of the Vigenère confidence: the Platt scalings fitted on the development split.
import type { NoAnswerClass } from '../confidence/index.js';

/**
 * Platt scaling of the (short-text rescaled) raw confidence, logit(conf) = A·logit(raw′) + B, one per class of
 * layout, fitted by log loss on the development split with development models (CIPHER_MODEL_DIR=.dev-models) on base
 * and narrative text alike (`--sources=base,narrative,bible`, L = 5, 8, 12, 20 at 2, 3, 4 and 6·L, 16 texts a cell):
 * the confidence given an answer. Until narrative text and letters run together were weighed, the identity was
 * shipped (base text only, spaced: dev ECE 0.0153); on the wider mix the raw posterior is too sure of itself in both
 * classes, most at 2 and 3·L letters only.
 *
 * words: fitted with the models of 2026-11-25 on their development lines (index % 10 === 5; dev ECE 0.028 → 0.020).
 * Fitted again on the block split's development part with its development models (2026-12-01, composed with the
 * short-text rescaling as here) it would be A = 0.37, B = 0.3: dev ECE 0.020 → 0.016, but validation base 0.013 →
 * 0.017 and narrative 0.026 → 0.026, so it was kept. letters: fitted there (2026-12-01) the same way, A = 0.74,
 * B = −1.7 (before: A = 0.62, B = −1.3, from the models of 2026-11-25): dev ECE 0.029 → 0.017, validation base 0.023 →
 * 0.021 and narrative 0.024 → 0.020 (docs/solver-results.md, 2026-12-01).
 */
const CALIBRATION: Record<NoAnswerClass, { a: number; b: number }> = {
  words: { a: 0.7, b: -0.7 },
  letters: { a: 0.74, b: -1.7 },
};

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

/** logit(raw′): the raw confidence's logit after the short-text rescaling, which the Platt scaling reads. */
export function shortRescaledLogit(raw: number, lettersPerKeyLetter = Number.POSITIVE_INFINITY): number {
  const x = logit(Math.min(1 - 1e-12, Math.max(1e-12, raw)));
  const w = shortCalibrationWeight(lettersPerKeyLetter);
  return x + w * ((SHORT_CALIBRATION.a - 1) * x + SHORT_CALIBRATION.b);
}

/** The calibrated confidence from the model's own probability that the key is right. */
export function calibrateConfidence(
  raw: number,
  lettersPerKeyLetter = Number.POSITIVE_INFINITY,
  layoutClass: NoAnswerClass = 'words',
): number {
  const { a, b } = CALIBRATION[layoutClass];
  return sigmoid(a * shortRescaledLogit(raw, lettersPerKeyLetter) + b);
}
