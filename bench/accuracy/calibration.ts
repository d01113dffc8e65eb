// Calibration of a confidence: its expected calibration error, and the Platt scaling the Vigenère confidence is fitted with.
import type { NoAnswerClass } from '../../src/analysis/index.js';

export interface Outcome {
  /** The confidence the solver reported. */
  conf: number;
  /** Whether the answer was exactly right (never, for an input of the null set). */
  right: boolean;
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
}

/**
 * Expected calibration error over 10 equal-width confidence bins, [0, 0.1), [0.1, 0.2) … [0.9, 1]:
 * Σ over bins of |right answers − summed confidence|, divided by the number of outcomes (each bin's gap
 * between accuracy and mean confidence, weighted by its share of the outcomes).
 */
export function ece(outcomes: Outcome[]): number {
  const bins = Array.from({ length: 10 }, () => ({ conf: 0, right: 0 }));
  for (const o of outcomes) {
    const b = bins[Math.min(9, Math.floor(o.conf * 10))] as (typeof bins)[number];
    b.conf += o.conf;
    b.right += o.right ? 1 : 0;
  }
  return bins.reduce((sum, b) => sum + Math.abs(b.right - b.conf), 0) / Math.max(1, outcomes.length);
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
