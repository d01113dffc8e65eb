// The "no answer" weighing: the likelihood of a text under "no answer", worked by hand on a model made for it, and
// the probability of an answer from the evidence and a fit (answerProbability).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerProbability, noAnswerLogLikelihood } from '../../../src/analysis/confidence/no-answer.js';
import type { LanguageModel } from '../../../src/analysis/language-model/index.js';
import type { Tokens } from '../../../src/analysis/readings/index.js';
import { namedAlphabet } from '../../../src/core/index.js';

const σ = (z: number) => 1 / (1 + Math.exp(-z));

describe('answerProbability', () => {
  it.each([
    // [evidence, fit, letters, logit by hand]
    [0, { slope: 1, offset: 0 }, 4, 0],
    [2, { slope: 0.5, offset: -1 }, 4, 0],
    [3, { slope: 1, offset: 1 }, 4, 4],
    [-10, { slope: 0.36, offset: 0.6 }, 30, -3],
    // Growth per letter counts from 4 letters and stops at upTo: 0.1 · (20 − 4) = 1.6; 0.1 · (40 − 4) = 3.6.
    [0, { slope: 1, offset: 0, perLetter: 0.1, upTo: 40 }, 20, 1.6],
    [0, { slope: 1, offset: 0, perLetter: 0.1, upTo: 40 }, 400, 3.6],
  ])('evidence %d under %j at %d letters has logit %d', (evidence, fit, letters, logit) => {
    expect(answerProbability(evidence, fit, letters)).toBeCloseTo(σ(logit), 12);
  });

  it('rises with the evidence and stays within [0, 1]', () => {
    const fit = { slope: 0.9, offset: 1, perLetter: 0.1, upTo: 40 };
    fc.assert(
      fc.property(
        fc.double({ min: -1e3, max: 1e3, noNaN: true }),
        fc.double({ min: 0, max: 10, noNaN: true }),
        (e, d) => {
          const p = answerProbability(e, fit, 10);
          return p >= 0 && p <= 1 && answerProbability(e + d, fit, 10) >= p;
        },
      ),
    );
  });
});

describe('noAnswerLogLikelihood', () => {
  // A model of A–Z whose symbols past the letters are the word break (26) and "other" (27): 28 in all. The function
  // reads the model's alphabet, frequencies and symbol numbers, and the tokens' codes alone.
  const basic = namedAlphabet('basic');
  const modelWith = (frequencies: number[]) =>
    ({
      alphabet: basic,
      letterCount: 26,
      boundary: 26,
      other: 27,
      symbolCount: 28,
      frequencies,
    }) as unknown as LanguageModel;
  const tokensOf = (codes: number[]) => ({ codes: Int32Array.from(codes) }) as unknown as Tokens;
  const BREAK = -1 - 26;
  const OTHER = -1 - 27;
  const uniformModel = modelWith(Array(26).fill(1 / 26));

  it('gives letters of a uniform model ln(1/26) each, whichever half of the mix', () => {
    expect(noAnswerLogLikelihood(tokensOf([0, 5, 9, 9]), basic, uniformModel)).toBeCloseTo(-4 * Math.log(26), 12);
  });

  it('mixes uniform letters and the language’s frequencies under some shift, half and half', () => {
    // Every letter is A in this language (each frequency smoothed by 1e-4, then renormalised). AAAA under shift 0
    // reads 4 · ln f(A); under the 25 others 4 · ln f(other); the shifts weigh 1/26 each.
    const total = 1 + 26e-4;
    const fA = (1 + 1e-4) / total;
    const f0 = 1e-4 / total;
    const byFrequency = Math.log(fA ** 4 + 25 * f0 ** 4) - Math.log(26);
    const uniform = -4 * Math.log(26);
    const expected = Math.log(0.5 * Math.exp(uniform) + 0.5 * Math.exp(byFrequency));
    const aOnly = modelWith([1, ...Array(25).fill(0)]);
    expect(noAnswerLogLikelihood(tokensOf([0, 0, 0, 0]), basic, aOnly)).toBeCloseTo(expected, 12);
  });

  it('prices the word breaks at the rate this text shows, and any other symbol at 1 in 28', () => {
    // "AA A." : after a symbol (A, A, A) a break follows once in three: ln(1/3) + 2 · ln(2/3); the full stop: −ln 28.
    const expected = -3 * Math.log(26) + Math.log(1 / 3) + 2 * Math.log(2 / 3) - Math.log(28);
    expect(noAnswerLogLikelihood(tokensOf([0, 0, BREAK, 0, OTHER]), basic, uniformModel)).toBeCloseTo(expected, 12);
    // No break at all: the layout costs nothing.
    expect(noAnswerLogLikelihood(tokensOf([0, 0, 0]), basic, uniformModel)).toBeCloseTo(-3 * Math.log(26), 12);
  });
});
