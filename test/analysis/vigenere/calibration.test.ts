// Calibration of the Vigenère confidence: a Platt scaling per class of layout from 3 letters per key letter up, the
// short-text rescaling below.
import { describe, expect, it } from 'vitest';
import { calibrateConfidence, shortCalibrationWeight } from '../../../src/analysis/vigenere/calibration.js';

describe('calibrateConfidence', () => {
  const logit = (p: number) => Math.log(p / (1 - p));
  const σ = (x: number) => 1 / (1 + Math.exp(-x));

  it.each([
    // The Platt scalings shipped (calibration.ts), by hand: words A = 0.7, B = −0.7; letters A = 0.74, B = −1.7.
    ['words', 0.7, -0.7],
    ['letters', 0.74, -1.7],
  ] as const)('scales logit(raw) by the %s class’s A and B from 3 letters per key letter up', (layout, A, B) => {
    for (const raw of [0.01, 0.3, 0.9, 0.999])
      for (const r of [3, 4, 10, Number.POSITIVE_INFINITY])
        expect(calibrateConfidence(raw, r, layout)).toBeCloseTo(σ(A * logit(raw) + B), 12);
  });

  it('tempers letters run together more than words: the same raw posterior is worth less without word breaks', () => {
    for (const raw of [0.5, 0.9, 0.99])
      expect(calibrateConfidence(raw, 5, 'letters')).toBeLessThan(calibrateConfidence(raw, 5, 'words'));
  });

  it('tempers it fully at 2 letters per key letter and partly between, keeping the order', () => {
    expect(shortCalibrationWeight(2)).toBe(1);
    expect(shortCalibrationWeight(1.5)).toBe(1);
    expect(shortCalibrationWeight(2.5)).toBeCloseTo(0.5, 12);
    expect(shortCalibrationWeight(3)).toBe(0);
    const raws = [0.5, 0.9, 0.99, 0.999999];
    const at = (r: number): number[] => raws.map((raw) => calibrateConfidence(raw, r));
    for (const [i, c] of at(2).entries()) {
      expect(c).toBeLessThan(raws[i] as number);
      expect(c).toBeLessThan(at(2.5)[i] as number);
      if (i > 0) expect(c).toBeGreaterThan(at(2)[i - 1] as number);
    }
  });
});
