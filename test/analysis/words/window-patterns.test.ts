// The window tables: patterns of repeated letters in 12-letter windows, what a key cannot change in letters run together.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/analysis/index.js';
import {
  decodeWindowTable,
  encodeWindowTable,
  getWindowTable,
  WINDOW_CELLS,
  WINDOW_LETTERS,
  windowCell,
  windowLogLikelihood,
} from '../../../src/analysis/words/window-patterns.js';
import { foldAccents } from '../../../src/core/fold.js';

describe('windowCell', () => {
  // FNV-1a (offset basis 0x811c9dc5, prime 0x01000193) over the ranks, low 16 bits, worked in Python apart from this code.
  it.each([
    ['twelve letters all different', [3, 7, 1, 9, 0, 4, 12, 2, 25, 5, 6, 8], 39257],
    ['one letter twelve times', Array(12).fill(17), 25269],
    ['ranks 0 1 2 3 3 2 4 … 9', [5, 0, 9, 1, 1, 9, 2, 3, 4, 6, 7, 8], 48511],
  ])('%s: cell %#', (_, codes, cell) => {
    expect(windowCell(codes as number[], 0)).toBe(cell);
  });

  it('reads the window from `from` on, and nothing after it', () => {
    const codes = [9, 9, 3, 7, 1, 9, 0, 4, 12, 2, 25, 5, 6, 8, 8, 8];
    expect(windowCell(codes, 2)).toBe(39257);
  });

  it('is the same under any relabelling of the letters (a substitution key)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 25 }), { minLength: WINDOW_LETTERS, maxLength: WINDOW_LETTERS }),
        fc.shuffledSubarray([...Array(26).keys()], { minLength: 26, maxLength: 26 }),
        (codes, key) => {
          expect(
            windowCell(
              codes.map((c) => key[c] as number),
              0,
            ),
          ).toBe(windowCell(codes, 0));
        },
      ),
    );
  });
});

describe('the table file', () => {
  it('keeps ln(count + 1) to the nearest nat, at most 15, two cells a byte, after the windows counted', () => {
    const counts = new Uint32Array(WINDOW_CELLS);
    counts[0] = 1;
    counts[1] = 2;
    counts[2] = 100;
    counts[WINDOW_CELLS - 1] = 10_000_000;
    const bytes = encodeWindowTable(counts, 12_345_678);
    expect(bytes.length).toBe(8 + WINDOW_CELLS / 2);
    // round(ln(n + 1)): 1 (0.69), 1 (1.10), 5 (4.62) and (16.1) the cap; the even cell in the low half of its byte.
    expect([...bytes.subarray(8, 10)]).toEqual([1 + (1 << 4), 5]);
    expect(bytes[bytes.length - 1]).toBe(15 << 4);
    const t = decodeWindowTable(bytes);
    expect(t.windows).toBe(12_345_678);
    expect([...t.steps.subarray(0, 4)]).toEqual([1, 1, 5, 0]);
    expect(t.steps[WINDOW_CELLS - 1]).toBe(15);
    expect(t.steps.length).toBe(WINDOW_CELLS);
    expect(() => decodeWindowTable(bytes.subarray(1))).toThrow(/32776 bytes/);
  });

  it('is read from a byte offset inside a larger buffer', () => {
    const bytes = encodeWindowTable(new Uint32Array(WINDOW_CELLS).fill(20), 40);
    const inside = new Uint8Array(bytes.length + 5);
    inside.set(bytes, 5);
    const t = decodeWindowTable(inside.subarray(5));
    expect(t.windows).toBe(40);
    expect([t.steps[6], t.steps[7]]).toEqual([3, 3]); // round(ln 21)
  });

  it('is committed for every language, counted over millions of windows', () => {
    for (const l of LANGUAGES) expect(getWindowTable(l).windows).toBeGreaterThan(1_000_000);
  });

  it('counted the windows of the English training lines sampled in fixtures/ (54,644), and often', () => {
    const table = getWindowTable('en');
    const lines = readFileSync(new URL('./fixtures/en-training-sample.tsv', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean)
      .slice(1);
    let windows = 0;
    let steps = 0;
    for (const row of lines) {
      const letters = [
        ...foldAccents(row.slice(row.indexOf('\t') + 1))
          .toUpperCase()
          .replace(/[^A-Z]/g, ''),
      ];
      for (let from = 0; from + WINDOW_LETTERS <= letters.length; from++, windows++) {
        const s = table.steps[windowCell(letters, from)] as number;
        expect(s).toBeGreaterThan(0);
        steps += s;
      }
    }
    expect(windows).toBe(54_644);
    // Nearly every cell is counted at 2^16, so the above tells little alone: the sample's windows fall in cells
    // counted far more often than the average cell (measured: 5.17 nats against 3.43).
    const cellMean = table.steps.reduce((sum, s) => sum + s, 0) / WINDOW_CELLS;
    expect(steps / windows).toBeGreaterThan(cellMean + 1);
  });
});

describe('windowLogLikelihood', () => {
  const counts = new Uint32Array(WINDOW_CELLS);
  counts[39257] = Math.round(Math.exp(3)) - 1; // ln(count + 1) = 3 to a sixteenth
  const table = decodeWindowTable(encodeWindowTable(counts, 1000));

  it('sums ln(count + 1) − ln(windows counted) over every window', () => {
    // Thirteen letters, all different: two windows, both in cell 39257.
    const codes = [3, 7, 1, 9, 0, 4, 12, 2, 25, 5, 6, 8, 10];
    expect(windowLogLikelihood(codes, table)).toBeCloseTo(2 * (3 - Math.log(1000)), 9);
    // A repeated letter moves the second window to another cell, never counted: ln 1 − ln 1000.
    expect(windowLogLikelihood([...codes.slice(0, 12), 7], table)).toBeCloseTo(3 - 2 * Math.log(1000), 9);
  });

  it('is 0 for fewer letters than a window', () => {
    expect(windowLogLikelihood([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], table)).toBe(0);
  });
});
