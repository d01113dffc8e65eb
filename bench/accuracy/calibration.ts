// Calibration of a confidence: its expected calibration error, and the Platt scaling the Vigenère confidence is fitted with.
import type { NoAnswerClass } from '../../src/analysis/index.js';

export interface Outcome {
  /** The confidence the solver reported. */
  conf: number;
  /** Whether the answer was exactly right (never, for an input of the null set). */
  right: boolean;
  /** The probability of "no answer" the solver reported beside `conf`, where it reports one. */
  noAnswer?: number;
  /** Letters of the text (for the mix of real and null inputs, weighed per length). */
  letters?: number;
  /** How much this outcome counts in the ECE (1 unless a mix is weighed to a prior: isCipherOutcomes). */
  w?: number;
}

/** A Caesar solve as the calibration of "no answer" reads it (--calibrate). */
export interface EvidenceOutcome {
  /** ln P(text | a Caesar cipher of prose) − ln P(text | no answer), as the solver measured it. */
  evidence: number;
  /** The best shift's posterior among the shifts alone, "no answer" left out. */
  inner: number;
  right: boolean;
  /** An input of the null set. */
  none?: true;
  /** Letters of the text. */
  letters: number;
  /** Which solver answered (the null set holds both). */
  solver?: 'caesar' | 'vigenere';
  /** Caesar: which "no answer" fit weighs this text (NoAnswerClass in the solver). */
  layoutClass?: NoAnswerClass;
  /** The presentation of the ciphertext. */
  format?: string;
  /** The kind of a null input (random, shuffled, key). */
  kind?: string;
}

/**
 * Expected calibration error over 10 equal-width confidence bins, [0, 0.1), [0.1, 0.2) … [0.9, 1]:
 * Σ over bins of |right answers − summed confidence|, divided by the number of outcomes (each bin's gap
 * between accuracy and mean confidence, weighted by its share of the outcomes).
 */
export function ece(outcomes: Outcome[]): number {
  const bins = Array.from({ length: 10 }, () => ({ conf: 0, right: 0 }));
  let total = 0;
  for (const o of outcomes) {
    const w = o.w ?? 1;
    const b = bins[Math.min(9, Math.floor(o.conf * 10))] as (typeof bins)[number];
    b.conf += w * o.conf;
    b.right += o.right ? w : 0;
    total += w;
  }
  const gaps = bins.reduce((sum, b) => sum + Math.abs(b.right - b.conf), 0);
  return total > 0 ? gaps / total : 0;
}

/** Real ciphertexts' outcomes read given that there is an answer: confidence / (1 − no_answer). */
export function givenAnswer(outcomes: Outcome[]): Outcome[] {
  return outcomes.map((o) => ({
    conf: (o.noAnswer ?? 0) < 1 ? Math.min(1, o.conf / (1 - (o.noAnswer ?? 0))) : 0,
    right: o.right,
  }));
}

/**
 * "Is it a cipher at all?" as an outcome: 1 − no_answer against whether the input was a real ciphertext, the real
 * ones and the null set weighed to the prior "no answer" assumes (NO_ANSWER_PRIOR: each group of one length holds
 * real and null inputs in that proportion, whatever their counts).
 */
export function isCipherOutcomes(
  real: { noAnswer: number; letters: number }[],
  nulls: { noAnswer: number; letters: number }[],
  prior: number,
): Outcome[] {
  const inputs = [...real.map((x) => ({ ...x, none: false })), ...nulls.map((x) => ({ ...x, none: true }))];
  const w = priorWeights(inputs, prior);
  return inputs.map((x, i) => ({ conf: 1 - x.noAnswer, right: !x.none, w: w[i] as number })).filter((o) => o.w > 0);
}

/**
 * Each input's weight in a mix of real and null inputs (`none`) where every length holds them as `prior` says: the
 * real ones of a length share 1 − prior, its null ones prior. A length with one kind alone weighs 0: it says nothing
 * of the other's share.
 */
function priorWeights(inputs: { letters: number; none: boolean }[], prior: number): number[] {
  const counts = new Map<number, { real: number; none: number }>();
  for (const x of inputs) {
    const c = counts.get(x.letters) ?? { real: 0, none: 0 };
    if (x.none) c.none++;
    else c.real++;
    counts.set(x.letters, c);
  }
  return inputs.map((x) => {
    const c = counts.get(x.letters) as { real: number; none: number };
    if (c.real === 0 || c.none === 0) return 0;
    return x.none ? prior / c.none : (1 - prior) / c.real;
  });
}

/**
 * Platt scaling on x = logit(raw), each outcome with a weight w ∈ [0, 1]: logit(conf) = x + w·((a − 1)·x + b),
 * so w = 1 everywhere is plain Platt scaling (a·x + b) and w = 0 leaves an outcome as it is. Fitted by log
 * loss over a grid (a in 0.01 steps up to 2, b in 0.1 steps within ±4): raw confidences of 1 − 10⁻¹² put x
 * near 28, where Newton's method overshoots. The targets are Platt's smoothed ones, (N₊ + 1)/(N₊ + 2) and
 * 1/(N₋ + 2), so that misses the raw confidence separates perfectly cannot drive the slope to an edge.
 */
export function fitPlatt(pairs: { raw: number; right: boolean; w: number }[]): { a: number; b: number } {
  const positives = pairs.filter((p) => p.right).length;
  const yRight = (positives + 1) / (positives + 2);
  const yWrong = 1 / (pairs.length - positives + 2);
  const xs = pairs.map((p) => {
    const q = Math.min(1 - 1e-12, Math.max(1e-12, p.raw));
    return Math.log(q / (1 - q));
  });
  const loss = (a: number, b: number): number => {
    let sum = 0;
    pairs.forEach((p, i) => {
      const x = xs[i] as number;
      const z = x + p.w * ((a - 1) * x + b);
      // ln σ(z) and ln(1 − σ(z)), stable for large |z|.
      const logQ = -Math.log1p(Math.exp(-Math.abs(z))) + Math.min(0, z);
      const log1Q = logQ - z;
      const y = p.right ? yRight : yWrong;
      sum -= y * logQ + (1 - y) * log1Q;
    });
    return sum;
  };
  const [a, b] = gridMinimum(loss, steps(0.01, 2, 0.01), steps(-4, 4, 0.1), [1, 0]);
  return { a, b };
}

/** from, from + step, … up to `to`, each computed from its index (no drift from repeated addition). */
export function steps(from: number, to: number, step: number): number[] {
  const n = Math.round((to - from) / step);
  return Array.from({ length: n + 1 }, (_, i) => Math.round((from + i * step) * 1e9) / 1e9);
}

/** The point of the grid xs × ys where loss is least, `start` unless some point is strictly lower. */
function gridMinimum(
  loss: (x: number, y: number) => number,
  xs: number[],
  ys: number[],
  start: [number, number],
): [number, number] {
  let best = { at: start, loss: loss(...start) };
  for (const x of xs)
    for (const y of ys) {
      const l = loss(x, y);
      if (l < best.loss) best = { at: [x, y], loss: l };
    }
  return best.at;
}

/** The slopes and offsets fitNoAnswer tries. */
export interface NoAnswerGrid {
  slopes: number[];
  offsets: number[];
}

/** The Caesar and Vigenère evidence's grid, whose fits sit well inside it. */
export const NO_ANSWER_GRID: NoAnswerGrid = { slopes: steps(0.01, 2, 0.01), offsets: steps(-8, 8, 0.05) };

/**
 * The scaling of the evidence for "an answer" against "no answer": logit P(answer) = slope · evidence + offset,
 * each solve's confidence then P(answer) times its best shift's posterior among the shifts. Fitted by log loss
 * of that confidence against exact answers (the null set never right) over a grid, by default (NO_ANSWER_GRID)
 * slope in 0.01 steps up to 2, offset in 0.05 steps within ±8.
 */
export function fitNoAnswer(outcomes: EvidenceOutcome[], grid = NO_ANSWER_GRID): { slope: number; offset: number } {
  const eps = 1e-12;
  const loss = (slope: number, offset: number): number => {
    let sum = 0;
    for (const o of outcomes) {
      const conf = o.inner / (1 + Math.exp(-(slope * o.evidence + offset)));
      sum -= Math.log(o.right ? Math.max(eps, conf) : Math.max(eps, 1 - conf));
    }
    return sum;
  };
  const [slope, offset] = gridMinimum(loss, grid.slopes, grid.offsets, [1, 0]);
  return { slope, offset };
}

/** A fit of "is it a cipher at all": logit P = slope · evidence + offset + perLetter · (min(letters, upTo) − 4). */
export interface AnswerOddsFit {
  slope: number;
  offset: number;
  perLetter: number;
  upTo: number;
}

/**
 * Fits P(a cipher of prose) to whether each input was a real ciphertext (not whether its key was right: that is the
 * confidence given an answer, calibrated apart), by weighted log loss, the real and null inputs of each length
 * weighed to `prior` (isCipherOutcomes). A coarse grid (slope 0.05, offset 0.1 apart) for every growth per letter,
 * then a fine one (0.01, 0.02) around the best: the evidence of long texts separates them almost perfectly, where
 * Newton's method would run the slope off to infinity.
 */
export function fitAnswerOdds(solves: EvidenceOutcome[], prior: number, upTo: number): AnswerOddsFit {
  const w = priorWeights(
    solves.map((p) => ({ letters: p.letters, none: p.none === true })),
    prior,
  );
  const rows = solves
    .map((p, i) => ({ e: p.evidence, g: Math.min(p.letters, upTo) - 4, y: p.none ? 0 : 1, w: w[i] as number }))
    .filter((r) => r.w > 0);
  const loss = (slope: number, offset: number, perLetter: number): number => {
    let sum = 0;
    for (const r of rows) {
      const z = slope * r.e + offset + perLetter * r.g;
      // −ln σ(z) or −ln(1 − σ(z)), stable for large |z|.
      const logQ = -Math.log1p(Math.exp(-Math.abs(z))) + Math.min(0, z);
      sum -= r.w * (r.y ? logQ : logQ - z);
    }
    return sum;
  };
  let best = { slope: 1, offset: 0, perLetter: 0, loss: Number.POSITIVE_INFINITY };
  for (const perLetter of steps(0, 0.4, 0.05))
    for (const slope of steps(0.05, 2, 0.05))
      for (const offset of steps(-8, 8, 0.1)) {
        const l = loss(slope, offset, perLetter);
        if (l < best.loss) best = { slope, offset, perLetter, loss: l };
      }
  const { perLetter } = best;
  for (const slope of steps(Math.max(0.01, best.slope - 0.05), best.slope + 0.05, 0.01))
    for (const offset of steps(best.offset - 0.1, best.offset + 0.1, 0.02)) {
      const l = loss(slope, offset, perLetter);
      if (l < best.loss) best = { slope, offset, perLetter, loss: l };
    }
  return { slope: best.slope, offset: best.offset, perLetter: best.perLetter, upTo };
}
