// Caesar solving: the posterior probability of every shift under a language model.
import { type Alphabet, codePointLength, codePointPrefix, shiftEach } from '../../core/index.js';
import {
  answerProbability,
  type Doubt,
  doubtOf,
  type NoAnswerClass,
  type NoAnswerFit,
  noAnswerLogLikelihood,
} from '../confidence/index.js';
import type { Language } from '../language-model/index.js';
import { ngramsFor, prefixTokens } from '../readings/index.js';
import { logSumExp, softmax } from '../scoring/index.js';
import { FIRST_LETTERS, type Fit, fitAuto, fitShifts, mix } from './fit.js';
import { NO_ANSWER_FITS, noAnswerClass } from './no-answer-fits.js';

export interface CaesarSolution {
  /** The shift that enciphered the text, 0…n−1: decrypting with it gives `text`. */
  shift: number;
  text: string;
  /**
   * Probability that this shift is the answer, every hypothesis weighed, "no answer" (the text is not a Caesar
   * cipher of prose in the language) among them: the scores of all shifts sum to 1 − noAnswer.
   */
  score: number;
  /** Set when `text` is only the first candidateChars code points of the decryption (see the options). */
  truncated?: true;
}

export interface CaesarSolveResult {
  language: Language;
  /** One entry per shift, most probable first (only the first with bestOnly). */
  solutions: CaesarSolution[];
  /** Probability that the text is not a Caesar cipher of prose in the language: 1 − the sum of all scores. */
  noAnswer: number;
  /** ln P(text | a Caesar cipher of prose) − ln P(text | no answer), on tempered likelihoods (for calibration). */
  evidence: number;
  /** Why the best shift is not credible, when its score is below one half (confidence/doubt.ts). */
  reason?: Doubt;
  /** Which "no answer" fit weighed the text (see NoAnswerClass; for calibration). */
  noAnswerClass: NoAnswerClass;
}

export interface CaesarSolveOptions {
  /** Return only the most probable solution (its score is still its posterior among all shifts). */
  bestOnly?: boolean;
  /**
   * The text of every solution but the most probable is cut to this many code points (and marked truncated),
   * so that an answer holding every shift's decryption of a long text stays within its size budget.
   */
  candidateChars?: number;
  /**
   * Weighs "no answer" with this fit instead of the shipped ones, in every class of layout (the calibration reads
   * the evidence with { slope: 0, offset: 50 }).
   */
  noAnswerFit?: NoAnswerFit;
}

/**
 * The posterior of every shift and of "no answer". Within "a Caesar cipher of prose" the shifts are weighed by
 * their tempered likelihoods (the temperatures fitted per model make that posterior, the confidence given an
 * answer, calibrated); that hypothesis is weighed against "no answer" by the evidence, scaled as fitted on the
 * development split, and nothing reshapes the product.
 */
function posteriorOf(
  fit: Fit,
  a: Alphabet,
  scaling: NoAnswerFit,
): { posterior: Float64Array; noAnswer: number; evidence: number } {
  const tempered = mix(fit.scored, a.size, true);
  const nulls = fit.scored.map(({ reading }) => {
    const tokens = fit.whole ? reading.tokens : prefixTokens(reading.tokens, FIRST_LETTERS);
    const T = ngramsFor(reading.model, tokens).temperature;
    return reading.logPrior + noAnswerLogLikelihood(tokens, a, reading.model) / T;
  });
  const evidence = logSumExp(tempered) - Math.log(a.size) - logSumExp(nulls);
  const letters = fit.scored[0]?.reading.tokens.letters ?? 0;
  const answer = answerProbability(evidence, scaling, fit.whole ? letters : Math.min(letters, FIRST_LETTERS));
  const posterior = softmax(tempered);
  for (let s = 0; s < posterior.length; s++) posterior[s] = (posterior[s] as number) * answer;
  return { posterior, noAnswer: 1 - answer, evidence };
}

/** Scores every shift of a Caesar ciphertext, in one language or (with 'auto') the likeliest one. */
export function solveCaesar(
  text: string,
  a: Alphabet,
  language: Language | 'auto',
  options: CaesarSolveOptions = {},
): CaesarSolveResult {
  const fit = language === 'auto' ? fitAuto(text, a) : fitShifts(text, a, language);
  const layoutClass = noAnswerClass(fit);
  const scaling = options.noAnswerFit ?? NO_ANSWER_FITS[layoutClass];
  const { posterior, noAnswer, evidence } = posteriorOf(fit, a, scaling);
  const order = Array.from(posterior.keys()).sort(
    (x, y) => (posterior[y] as number) - (posterior[x] as number) || x - y,
  );
  // Every shift's text costs a pass over the whole text: bulk solving asks for the best one alone.
  const kept = options.bestOnly ? order.slice(0, 1) : order;
  const decrypt = shiftEach(text, a);
  const cut = options.candidateChars;
  const prefix = cut !== undefined && codePointLength(text) > cut ? codePointPrefix(text, cut) : undefined;
  const decryptPrefix = prefix === undefined ? undefined : shiftEach(prefix, a);
  const solutions = kept.map((shift, rank): CaesarSolution => {
    const score = posterior[shift] as number;
    if (rank === 0 || !decryptPrefix) return { shift, text: decrypt(shift), score };
    return { shift, text: decryptPrefix(shift), score, truncated: true };
  });
  const reason = doubtOf(solutions[0]?.score ?? 0, noAnswer);
  return {
    language: fit.language,
    solutions,
    noAnswer,
    evidence,
    ...(reason && { reason }),
    noAnswerClass: layoutClass,
  };
}
