// The two "no answer" fits of the Caesar solver, one per class of layout, and which class a fit's readings are in.
import type { NoAnswerFit } from '../no-answer.js';
import type { Fit } from './fit.js';

/**
 * The texts "no answer" is fitted for apart: 'letters' when the layout is one a stripped text can have (the
 * readings hold a 'joined' one: letters only, equal groups, one letter at a time; strippedLayout in readings.ts),
 * 'words' when it is read as words alone. Without word lengths to go by, the evidence tells a short text from an
 * input with no answer less well (a shuffled word is still a word), and the two targets, at most 5 % of those
 * inputs answered at ≥ 0.5 and ECE ≤ 0.03 with them, do not meet on one fit there; they do on words.
 */
export type NoAnswerClass = 'words' | 'letters';

/**
 * logit P(a Caesar cipher of prose) = slope · evidence + offset + perLetter · (min(letters, upTo) − 4)
 * (answerProbability in no-answer.ts), one fit per NoAnswerClass, on the development split with development models:
 * `CIPHER_MODEL_DIR=.dev-models npm run bench:accuracy -- --calibrate --format=all --skip=vigenere,identify,long,speed
 * --null-vigenere=0` (300 a cell, 60 null inputs a kind, length and language) prints the log-loss fit of each class,
 * the shipped fits' figures per format, and candidates for 'letters' ranked by the room they leave below both
 * targets; `--split=dev` runs of the chosen constants confirmed the figures below.
 *
 * words: unchanged from the one fit before (the spaced texts read as words alone fit by log loss at the same slope
 * 0.9, offset 1.0: ECE 0.006, 3.4 % of their null inputs answered at ≥ 0.5); +0.1 a letter up to 40 keeps a real
 * 40-letter text with a few foreign names from reading as "no answer".
 *
 * letters: by log loss alone slope 1.0, offset 2.05 (ECE 0.006), but then 7.4–7.7 % of the letters-only formats'
 * null inputs get ≥ 0.5, and lowering the offset trades one target for the other (offset 1.55: 5.6–5.8 % at ECE
 * 0.020–0.024; 1.05: 4.1–4.4 % at 0.042–0.047); on a grid of slope, offset and growth none met both. A band
 * (creditBand) draws the fitted confidences from 0.4 up to 0.75 under 1/2 instead: with the fit below, about half of
 * the null inputs it puts at ≥ 0.5 (7.6–7.8 % of them) lie below 0.75.
 * Slope 1.2, offset 2.4, +0.05 a letter, band 0.4–0.75 answers 3.9–4.1 % of the letters-only formats' null inputs
 * with ECE 0.022–0.024 (spaced: 3.67 %, ECE 0.0080; the one fit before: 3.75 %, 0.0084, and 4.7–5.0 % at
 * 0.033–0.038 letters-only). Neighbours (letters-only formats): band to 0.7 4.7–4.9 % (ECE 0.018–0.020), to 0.8
 * 3.4–3.6 % (0.028–0.031); offset 2.3 3.8–3.9 % (0.024–0.027), 2.5 4.2–4.4 % (0.020–0.021); slope 1.1 4.3–4.4 %
 * (0.020–0.023, spaced ECE 0.0097), 1.3 3.8–3.9 % (0.024–0.028); no growth 3.8–3.9 % (0.023–0.026), +0.1 4.2–4.3 %
 * (0.021–0.023). The bench ranks five with the band to 0.8 a little higher (room 18.3–19.4 % against 17.8 %, within
 * a null input or two a format): three raise spaced ECE to 0.009–0.011; slope 1.3, offset 2.8 (3.8–4.0 %, ECE
 * 0.023–0.024, spaced 0.0082) and 1.3, 2.9 keep it, with a wider band and a slope further from the log-loss fit.
 */
export const NO_ANSWER_FITS: Record<NoAnswerClass, NoAnswerFit> = {
  words: { slope: 0.9, offset: 1.0, perLetter: 0.1, upTo: 40 },
  letters: { slope: 1.2, offset: 2.4, perLetter: 0.05, upTo: 40, band: { from: 0.4, to: 0.75 } },
};

export function noAnswerClass(fit: Fit): NoAnswerClass {
  return fit.scored.some(({ reading }) => reading.layout === 'joined') ? 'letters' : 'words';
}
