// The "no answer" hypothesis: how likely a text is when it is not a cipher of prose in the language, and how much that weighs.
import type { Alphabet } from '../core/index.js';
import type { LanguageModel } from './language-model/index.js';
import { candidateSymbols, type Tokens } from './readings/index.js';
import { logSumExp } from './score.js';

/** Under "no answer", the share of texts whose letters are uniformly random (the rest follow the language's frequencies). */
const UNIFORM_SHARE = 0.5;

/**
 * ln P(tokens | no answer): the text is not a cipher of prose, yet laid out like this one. Its letters are
 * independent, drawn either uniformly (random letters, a long-key Vigenère) or by the language's letter
 * frequencies under some shift (its own letters shuffled, another cipher that keeps them); its word breaks fall
 * after a letter with one fixed probability, the one this text shows (so the layout alone is no evidence
 * either way); any other fixed symbol is one of the model's symbols at random.
 */
export function noAnswerLogLikelihood(tokens: Tokens, a: Alphabet, model: LanguageModel): number {
  const n = a.size;
  const counts = new Float64Array(n);
  const B = model.boundary;
  const fixedB = -1 - B;
  let letters = 0;
  let fixed = 0;
  let afterSymbol = 0;
  let breaks = 0;
  const codes = tokens.codes;
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i] as number;
    if (i > 0 && codes[i - 1] !== fixedB) {
      afterSymbol++;
      if (c === fixedB) breaks++;
    }
    if (c >= 0) {
      counts[c]!++;
      letters++;
    } else if (c !== fixedB) fixed++;
  }
  // The letter frequencies of the language over the candidate alphabet, renormalised.
  const cand = candidateSymbols(a, model);
  const freq = Array.from(cand, (s) => (s < model.letterCount ? (model.frequencies[s] as number) : 0) + 1e-4);
  const total = freq.reduce((x, y) => x + y, 0);
  const logF = freq.map((f) => Math.log(f / total));
  const shifted = new Float64Array(n);
  for (let s = 0; s < n; s++) {
    let sum = 0;
    for (let j = 0; j < n; j++) if (counts[j]) sum += (counts[j] as number) * (logF[(j - s + n) % n] as number);
    shifted[s] = sum;
  }
  const byFrequency = logSumExp(shifted) - Math.log(n);
  const uniform = -letters * Math.log(n);
  const lettersLog = logSumExp([Math.log(UNIFORM_SHARE) + uniform, Math.log(1 - UNIFORM_SHARE) + byFrequency]);
  const p = afterSymbol ? breaks / afterSymbol : 0;
  const layout =
    (breaks ? breaks * Math.log(p) : 0) + (afterSymbol - breaks ? (afterSymbol - breaks) * Math.log(1 - p) : 0);
  return lettersLog + layout - fixed * Math.log(model.symbolCount);
}

/** logit P(a cipher of prose) = slope · evidence + offset + perLetter · (min(letters, upTo) − 4). */
export interface NoAnswerFit {
  slope: number;
  offset: number;
  /**
   * How much the offset grows per letter, up to `upTo` letters: fitted per length the offset rises with the text
   * (the evidence of a long text is tempered more than it needs), and past a few dozen letters it no longer matters.
   */
  perLetter?: number;
  upTo?: number;
  /** Best-shift confidences this fit gives within the band are reported below one half (see creditBand). */
  band?: ConfidenceBand;
}

/** Confidences from `from` up to `to`: the ones reported below one half. */
export interface ConfidenceBand {
  from: number;
  to: number;
}

/**
 * The probability that a text is a cipher of prose in the language (not "no answer"), from the log evidence
 * ln P(text | cipher of prose) − ln P(text | no answer) the solver measured on its tempered likelihoods, for a
 * text of `letters` letters: logit P = slope · evidence + offset (+ the growth per letter). The prior odds are in
 * the offset. Each solver fits its own on the development split, with models that never counted it
 * (`npm run bench:accuracy -- --calibrate`), its cells beside the null set of the same lengths.
 */
export function answerProbability(evidence: number, fit: NoAnswerFit, letters = 4): number {
  const growth = (fit.perLetter ?? 0) * (Math.min(letters, fit.upTo ?? letters) - 4);
  const z = fit.slope * evidence + fit.offset + growth;
  return 1 / (1 + Math.exp(-z));
}

/**
 * The confidence reported for a fitted one, `confidence`: within the band [from, to) it is drawn down linearly onto
 * [from, 1/2), above it stretched onto [1/2, 1], elsewhere kept; so it stays continuous, in order, and never above
 * the fitted one. A text is called answered (1/2 or more) only from `to` on, where the fit alone would from 1/2:
 * the inputs with no answer found in that stretch are kept out at less cost in calibration than by a lower offset,
 * which lowers every confidence, the low ones too.
 */
export function creditBand(confidence: number, band: ConfidenceBand | undefined): number {
  if (!band || confidence < band.from) return confidence;
  if (confidence < band.to) return band.from + ((confidence - band.from) * (0.5 - band.from)) / (band.to - band.from);
  return 0.5 + ((confidence - band.to) * 0.5) / (1 - band.to);
}
