// The metric code behind the published accuracy and calibration figures (bench/accuracy/calibration.ts): known answers
// worked by hand, each fit given data whose exact optimum lies on its grid.
import { describe, expect, it } from 'vitest';
import {
  type EvidenceOutcome,
  ece,
  fitAnswerOdds,
  fitNoAnswer,
  fitPlatt,
  givenAnswer,
  isCipherOutcomes,
  type Outcome,
  steps,
} from '../../bench/accuracy/calibration.js';

const σ = (z: number) => 1 / (1 + Math.exp(-z));
const times = <T>(n: number, x: T): T[] => Array.from({ length: n }, () => x);

describe('ece', () => {
  // ECE over ten equal-width bins (Guo et al., "On Calibration of Modern Neural Networks", ICML 2017, eq. 3):
  // Σ over bins of (n_b / N) · |accuracy_b − mean confidence_b| = Σ |right_b − summed confidence_b| / N.
  it.each<[string, Outcome[], number]>([
    ['nothing measured', [], 0],
    ['perfectly calibrated: 0.25 right one time in four', [0, 1, 2, 3].map((i) => ({ conf: 0.25, right: i === 0 })), 0],
    // One bin, [0.9, 1]: 3 right against 4 × 0.95 = 3.8 → 0.8 / 4.
    ['overconfident in one bin', [0, 1, 2, 3].map((i) => ({ conf: 0.95, right: i < 3 })), 0.2],
    // [0.1, 0.2): 1 right against 0.3 → 0.7; [0.8, 0.9): 1 against 0.85 → 0.15; (0.7 + 0.15) / 3.
    [
      'two bins',
      [
        { conf: 0.15, right: true },
        { conf: 0.15, right: false },
        { conf: 0.85, right: true },
      ],
      0.85 / 3,
    ],
    // 0.1 opens the second bin: [0, 0.1) gives |1 − 0.05| = 0.95, [0.1, 0.2) |0 − 0.1| = 0.1, (0.95 + 0.1) / 2;
    // in one bin they would give |1 − 0.15| / 2 = 0.425.
    [
      'a bin edge belongs to the bin above it',
      [
        { conf: 0.05, right: true },
        { conf: 0.1, right: false },
      ],
      0.525,
    ],
    // A confidence of exactly 1 falls in the last bin, [0.9, 1]: |1 − 1| + |0 − 0.9| over 2.
    [
      'a confidence of 1 counts in the last bin',
      [
        { conf: 1, right: true },
        { conf: 0.9, right: false },
      ],
      0.45,
    ],
    // Weighted: 3 right against 0.9 · 4 = 3.6 in the last bin → 0.6 / 4.
    [
      'weights count as that many outcomes',
      [
        { conf: 0.9, right: true, w: 3 },
        { conf: 0.9, right: false, w: 1 },
      ],
      0.15,
    ],
  ])('%s', (_, outcomes, expected) => {
    expect(ece(outcomes)).toBeCloseTo(expected, 12);
  });
});

describe('givenAnswer', () => {
  it('reads each confidence given that there is an answer, capped at 1, 0 where no_answer is certain', () => {
    const read = givenAnswer([
      { conf: 0.3, noAnswer: 0.4, right: true },
      { conf: 0.7, noAnswer: 0.2, right: false },
      { conf: 0.9, noAnswer: 0.5, right: true },
      { conf: 0, noAnswer: 1, right: false },
      { conf: 0.6, right: true },
    ]);
    [0.5, 0.875, 1, 0, 0.6].forEach((conf, i) => {
      expect(read[i]?.conf).toBeCloseTo(conf, 15);
    });
    expect(read.map((o) => o.right)).toEqual([true, false, true, false, true]);
  });
});

describe('isCipherOutcomes', () => {
  it('weighs the real and null inputs of each length to the prior, and drops a length with one kind alone', () => {
    // At 4 letters: 2 real share 1 − 0.8 (0.1 each), 4 null share 0.8 (0.2 each); 6 letters has no null input.
    const real = [
      { noAnswer: 0.1, letters: 4 },
      { noAnswer: 0.3, letters: 4 },
      { noAnswer: 0.5, letters: 6 },
    ];
    const nulls = [0.9, 0.8, 0.6, 0.2].map((noAnswer) => ({ noAnswer, letters: 4 }));
    const outcomes = isCipherOutcomes(real, nulls, 0.8);
    expect(outcomes.map((o) => o.right)).toEqual([true, true, false, false, false, false]);
    expect(outcomes.map((o) => o.conf)).toEqual([0.9, 0.7, 1 - 0.9, 1 - 0.8, 1 - 0.6, 1 - 0.2]);
    const weights = outcomes.map((o) => o.w as number);
    [0.1, 0.1, 0.2, 0.2, 0.2, 0.2].forEach((w, i) => {
      expect(weights[i]).toBeCloseTo(w, 15);
    });
  });
});

describe('steps', () => {
  it('counts each step from its index, ends included, without drift', () => {
    expect(steps(-0.2, 0.2, 0.1)).toEqual([-0.2, -0.1, 0, 0.1, 0.2]);
    expect(steps(0.01, 0.05, 0.01)).toEqual([0.01, 0.02, 0.03, 0.04, 0.05]);
    const long = steps(-8, 8, 0.05);
    expect(long).toHaveLength(321);
    expect(long[169]).toBe(0.45);
  });
});

describe('fitPlatt', () => {
  // Platt's smoothed targets ("Probabilistic Outputs for Support Vector Machines", 1999, §2.2): with 8 right and
  // 8 wrong, right answers aim at (8 + 1) / (8 + 2) = 0.9 and wrong ones at 1 / (8 + 2) = 0.1, logits ±ln 9. A
  // cluster of right answers at x₁ and one of wrong answers at x₂ are fitted exactly when a·x₁ + b = ln 9 and
  // a·x₂ + b = −ln 9; with a = 0.5, b = 0.2 (on the grid) that is x₁ = 2(ln 9 − 0.2), x₂ = −2(ln 9 + 0.2).
  const L = Math.log(9);
  const rightRaw = σ(2 * (L - 0.2));
  const wrongRaw = σ(-2 * (L + 0.2));

  it('finds the slope and offset that reach the smoothed targets (separated data: raw 0/1 targets would run off)', () => {
    const pairs = [
      ...times(8, { raw: rightRaw, right: true, w: 1 }),
      ...times(8, { raw: wrongRaw, right: false, w: 1 }),
    ];
    expect(fitPlatt(pairs)).toEqual({ a: 0.5, b: 0.2 });
  });

  it('leaves outcomes of weight 0 out of the loss (they still count towards the targets)', () => {
    const pairs = [
      ...times(6, { raw: rightRaw, right: true, w: 1 }),
      ...times(6, { raw: wrongRaw, right: false, w: 1 }),
      // 8 right and 8 wrong in all, as above; these would pull the fit anywhere if they weighed.
      ...times(2, { raw: 0.001, right: true, w: 0 }),
      ...times(2, { raw: 0.999, right: false, w: 0 }),
    ];
    expect(fitPlatt(pairs)).toEqual({ a: 0.5, b: 0.2 });
  });

  it('keeps the identity (a = 1, b = 0) when nothing is better', () => {
    // Raw 0.5 everywhere (x = 0) and half right: every a with b = 0 reaches the mean target 1/2 equally.
    const pairs = [...times(3, { raw: 0.5, right: true, w: 1 }), ...times(3, { raw: 0.5, right: false, w: 1 })];
    expect(fitPlatt(pairs)).toEqual({ a: 1, b: 0 });
  });
});

describe('fitNoAnswer', () => {
  // conf = inner · σ(slope · evidence + offset). A cluster of one evidence whose share p of answers is right is
  // fitted exactly where inner · σ(z) = p. Three clusters on the line slope 0.5, offset 1:
  //   inner 1, 3 of 4 right: σ(z) = 0.75, z = ln 3;  inner 1, 1 of 4 right: z = −ln 3;
  //   inner 0.5, 1 of 4 right: σ(z) = 0.5, z = 0.  Each evidence is (z − 1) / 0.5.
  const cluster = (z: number, inner: number, right: number): EvidenceOutcome[] =>
    [0, 1, 2, 3].map((i) => ({ evidence: (z - 1) / 0.5, inner, right: i < right, letters: 6 }));

  it('finds the slope and offset where every cluster’s confidence matches its share of right answers', () => {
    const outcomes = [...cluster(Math.log(3), 1, 3), ...cluster(-Math.log(3), 1, 1), ...cluster(0, 0.5, 1)];
    expect(fitNoAnswer(outcomes)).toEqual({ slope: 0.5, offset: 1 });
  });

  it('searches the grid it is given', () => {
    const outcomes = [...cluster(Math.log(3), 1, 3), ...cluster(-Math.log(3), 1, 1)];
    // Offsets are only −1 or 2 here: the best the slopes can then do is not the unconstrained (0.5, 1).
    const fit = fitNoAnswer(outcomes, { slopes: [0.25, 0.5, 0.75], offsets: [-1, 2] });
    expect(fit).not.toEqual({ slope: 0.5, offset: 1 });
    expect([-1, 2]).toContain(fit.offset);
  });
});

describe('fitAnswerOdds', () => {
  // Prior 0.8: each length's real inputs share 0.2 of its weight, its null ones 0.8 (isCipherOutcomes). The fit
  // is exact where σ(z) at each (evidence, length) equals that cluster's weighted share of real inputs.
  //   4 letters, 4 real and 4 null (0.05 and 0.2 each):
  //     3 real + 1 null at eA: 0.15 / (0.15 + 0.2) = 3/7, z = ln(3/4);  1 real + 3 null at eB: 0.05 / 0.65 = 1/13, z = −ln 12.
  //   40 letters (upTo 10: the growth counts 10 − 4 = 6), 1 real + 1 null at eC: 0.2, z = −ln 4.
  // With slope 0.5, offset −1, perLetter 0.1: e = (z + 1 − 0.1 · growth) / 0.5.
  const at = (z: number, growth: number) => (z + 1 - 0.1 * growth) / 0.5;
  const input = (evidence: number, letters: number, none: boolean): EvidenceOutcome => ({
    evidence,
    inner: 1,
    right: !none,
    letters,
    ...(none && { none: true as const }),
  });
  const eA = at(Math.log(3 / 4), 0);
  const eB = at(-Math.log(12), 0);
  const eC = at(-Math.log(4), 6);
  const solves = [
    ...times(3, input(eA, 4, false)),
    input(eA, 4, true),
    input(eB, 4, false),
    ...times(3, input(eB, 4, true)),
    input(eC, 40, false),
    input(eC, 40, true),
  ];

  it('finds the slope, offset and growth per letter that match every cluster’s weighted share', () => {
    expect(fitAnswerOdds(solves, 0.8, 10)).toEqual({ slope: 0.5, offset: -1, perLetter: 0.1, upTo: 10 });
  });

  it('ignores a length that holds real inputs alone', () => {
    const extra = times(5, input(30, 6, false));
    expect(fitAnswerOdds([...solves, ...extra], 0.8, 10)).toEqual({ slope: 0.5, offset: -1, perLetter: 0.1, upTo: 10 });
  });

  it('reads the prior: weighed 0.5 : 0.5 the same inputs fit higher odds, as worked by hand', () => {
    // The shares become 3/4, 1/4 and 1/2 (z = ln 3, −ln 3, 0): exactly slope 0.5, offset ln 4 − 1 ≈ 0.386 (between
    // grid points 0.02 apart) and perLetter 0.1.
    const fit = fitAnswerOdds(solves, 0.5, 10);
    expect(fit.perLetter).toBe(0.1);
    expect(Math.abs(fit.slope - 0.5)).toBeLessThanOrEqual(0.01);
    expect(Math.abs(fit.offset - (Math.log(4) - 1))).toBeLessThanOrEqual(0.03);
  });
});
