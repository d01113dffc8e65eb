// The two "no answer" fits of the Caesar solver, one per class of layout, and which class a fit's readings are in.
import type { NoAnswerClass, NoAnswerFit } from '../confidence/index.js';
import type { Fit } from './fit.js';

/**
 * logit P(a Caesar cipher of prose) = slope · evidence + offset + perLetter · (min(letters, upTo) − 4)
 * (answerProbability in confidence/no-answer.ts), one fit per NoAnswerClass, by log loss of whether the text is a
 * Caesar cipher at all, its real ciphertexts (4, 6, 8 and 10 letters, base and narrative text) and the null set of the
 * same lengths weighed 0.2 : 0.8 (NO_ANSWER_PRIOR), on the development split with development models:
 * `CIPHER_MODEL_DIR=.dev-models npm run bench:accuracy -- --calibrate --format=spaced` and `--format=letters`, each
 * with `--sources=base,narrative,bible` (300 a cell, 60 null inputs a kind, length and language). The growth runs up to
 * 10 letters, the longest measured. Nothing reshapes the product: the best shift's confidence given an answer is its
 * posterior among the shifts, calibrated by the models' temperatures.
 *
 * On that split, spaced: null inputs answered at ≥ 0.5 1.8 % (worst kind × length, shuffled letters of 4: 8.3 %),
 * ECE of "is a cipher" 0.0074; letters only 2.2 % (5.7 %), 0.0065. Before, a band (creditBand) reported
 * letters-only confidences the fit put at 0.4–0.75 below one half, which drew right answers' credit below what
 * their evidence earned; it is gone.
 */
export const NO_ANSWER_FITS: Record<NoAnswerClass, NoAnswerFit> = {
  words: { slope: 0.81, offset: -0.72, perLetter: 0.3, upTo: 10 },
  letters: { slope: 0.89, offset: -0.2, perLetter: 0.15, upTo: 10 },
};

export function noAnswerClass(fit: Fit): NoAnswerClass {
  return fit.scored.some(({ reading }) => reading.layout === 'joined') ? 'letters' : 'words';
}
