// The "no answer" hypothesis: how likely a text is when it is not a cipher of prose in the language, and how much that weighs.
import type { Alphabet } from '../../core/index.js';
import type { LanguageModel } from '../language-model/index.js';
import { candidateSymbols, type Tokens } from '../readings/index.js';
import { logSumExp } from '../scoring/index.js';

/**
 * The prior every solver's "no answer" fit assumes: of the texts sent to a solver, this share are not a cipher of
 * prose of its kind (random letters, another cipher, a longer key, a transposition). Each fit's offset holds its log
 * odds, ln((1 − NO_ANSWER_PRIOR) / NO_ANSWER_PRIOR) = −1.39, beside what the evidence adds; the fits are made on a
 * development mix whose real and null inputs of each length weigh in this proportion, whatever their counts
 * (`fitAnswerOdds`, bench/accuracy), so that no_answer is calibrated on that documented mix. Chosen on the development
 * split as the round value (in steps of 0.05 from 0.5) at which Caesar inputs with no answer are answered at ≥ 0.5
 * at most 5 % of the time and every kind × length at most 10 % with 1.5 points to spare (held-out text took 1.4 back
 * at 0.65): shuffled letters of 4 letters, which often spell a word, are the worst case (spaced: 0.65 11.3 %, 0.7
 * 9.7 %, 0.75 9.0 %, 0.8 8.3 %; docs/solver.md, "No answer").
 */
export const NO_ANSWER_PRIOR = 0.8;

/**
 * The texts a solver's "no answer" is fitted for apart: 'letters' when the text reads as letters run together (no
 * word breaks to go by: letters only, equal groups, one letter at a time), 'words' when it reads as words. Without
 * word lengths the evidence tells a short text from an input with no answer less well (a shuffled word is still a
 * word).
 */
export type NoAnswerClass = 'words' | 'letters';

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
}

/**
 * The probability that a text is a cipher of prose in the language (not "no answer"), from the log evidence
 * ln P(text | cipher of prose) − ln P(text | no answer) the solver measured on its tempered likelihoods, for a
 * text of `letters` letters: logit P = slope · evidence + offset (+ the growth per letter). The prior odds
 * (NO_ANSWER_PRIOR) are in the offset. Each solver fits its own on the development split, with models that never
 * counted it (`npm run bench:accuracy -- --calibrate`), its real ciphertexts (right or wrong: this is whether the text
 * is a cipher at all, not whether the key found is its key) beside the null set of the same lengths.
 */
export function answerProbability(evidence: number, fit: NoAnswerFit, letters = 4): number {
  const growth = (fit.perLetter ?? 0) * (Math.min(letters, fit.upTo ?? letters) - 4);
  const z = fit.slope * evidence + fit.offset + growth;
  return 1 / (1 + Math.exp(-z));
}
