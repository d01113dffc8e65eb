// The "no answer" weighing: the probability of an answer from the evidence and a fit (answerProbability).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerProbability } from '../../src/analysis/no-answer.js';

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
