// Calibration of the Vigenère confidence: the identity from 3 letters per key letter up, the short-text rescaling below.
import { describe, expect, it } from 'vitest';
import { calibrateConfidence, shortCalibrationWeight } from '../../../src/analysis/vigenere/calibration.js';

describe('calibrateConfidence', () => {
  it('leaves the raw confidence as it is from 3 letters per key letter up', () => {
    for (const raw of [0.01, 0.3, 0.9, 0.999])
      for (const r of [3, 4, 10, Number.POSITIVE_INFINITY]) expect(calibrateConfidence(raw, r)).toBeCloseTo(raw, 12);
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
