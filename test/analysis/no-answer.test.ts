// The "no answer" weighing: the band that reports some fitted confidences below one half (creditBand).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditBand } from '../../src/analysis/no-answer.js';

const band = { from: 0.4, to: 0.75 };
const unit = fc.double({ min: 0, max: 1, noNaN: true });

describe('creditBand', () => {
  it('keeps a confidence below the band, reports its lower end as is, its upper end as 1/2 and certainty as 1', () => {
    expect(creditBand(0.2, band)).toBe(0.2);
    expect(creditBand(0.4, band)).toBeCloseTo(0.4, 12);
    expect(creditBand(0.75, band)).toBeCloseTo(0.5, 12);
    expect(creditBand(1, band)).toBeCloseTo(1, 12);
    // Within the band a fitted confidence above 1/2 is reported below it.
    expect(creditBand(0.7, band)).toBeLessThan(0.5);
  });

  it('leaves every confidence as it is without a band', () => {
    fc.assert(fc.property(unit, (x) => creditBand(x, undefined) === x));
  });

  it('keeps confidences in order, within [0, 1] and never above the fitted one', () => {
    fc.assert(
      fc.property(unit, unit, (x, y) => {
        const [lo, hi] = x <= y ? [x, y] : [y, x];
        const a = creditBand(lo, band);
        const b = creditBand(hi, band);
        return a <= b + 1e-15 && a >= 0 && b <= 1 + 1e-15 && a <= lo + 1e-15 && b <= hi + 1e-15;
      }),
    );
  });

  it('is continuous: a small change in the fitted confidence moves the reported one by at most twice as much', () => {
    // The steepest part is above the band: (1 − 1/2) / (1 − 0.75) = 2.
    fc.assert(
      fc.property(unit, fc.double({ min: 0, max: 1e-3, noNaN: true }), (x, d) => {
        const y = Math.min(1, x + d);
        return Math.abs(creditBand(y, band) - creditBand(x, band)) <= 2 * (y - x) + 1e-12;
      }),
    );
  });
});
