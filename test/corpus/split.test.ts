// The corpus split (scripts/corpus/split.ts): block sizes, each line's part, sources split on their own, what models count.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  blockLines,
  counted,
  EVALUATION_PARTS,
  PARTS,
  type Part,
  partWithin,
  splitOf,
} from '../../scripts/corpus/split.js';

/** The parts of lines 0 … n − 1 of one source of `n` lines. */
const partsOf = (n: number): Part[] => Array.from({ length: n }, (_, j) => partWithin(j, n));

describe('blockLines', () => {
  it.each([
    [0, 5],
    [60, 5],
    [100, 5],
    [119, 5],
    [200, 10],
    [380, 19],
    [1999, 99],
    [2000, 100],
    [12630, 100],
    [1_000_000, 100],
  ])('a source of %i lines has blocks of %i', (lines, block) => {
    expect(blockLines(lines)).toBe(block);
  });
});

describe('partWithin', () => {
  // Blocks of 100: block 4 and 14 development, 9 validation, 19 final, the rest training, then again from 20.
  it.each([
    [0, 'train'],
    [399, 'train'],
    [400, 'dev'],
    [499, 'dev'],
    [500, 'train'],
    [900, 'validation'],
    [999, 'validation'],
    [1400, 'dev'],
    [1899, 'train'],
    [1900, 'final'],
    [1999, 'final'],
    [2000, 'train'],
    [2900, 'validation'],
    [3950, 'final'],
    [12600, 'train'],
  ] as const)('line %i of a source of 12,630 lines is %s', (j, part) => {
    expect(partWithin(j, 12630)).toBe(part);
  });

  it('cuts a source of 380 lines into blocks of 19, so it too has a development, validation and final block', () => {
    const parts = partsOf(380);
    const runs = (p: Part): number[] => parts.flatMap((q, j) => (q === p ? [j] : []));
    expect(runs('dev')).toEqual([
      ...Array.from({ length: 19 }, (_, k) => 76 + k),
      ...Array.from({ length: 19 }, (_, k) => 266 + k),
    ]);
    expect(runs('validation')).toEqual(Array.from({ length: 19 }, (_, k) => 171 + k));
    expect(runs('final')).toEqual(Array.from({ length: 19 }, (_, k) => 361 + k));
  });

  it('keeps whole blocks in one part, with parts changing only at block edges', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30_000 }), fc.nat(), (n, seed) => {
        const b = blockLines(n);
        const j = seed % n;
        const start = j - (j % b);
        return partWithin(start, n) === partWithin(j, n);
      }),
    );
  });

  it('gives every source of 2,000 lines or more 80 % training, 10 % development, 5 % validation, 5 % final, to a block', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 40_000 }), (n) => {
        const parts = partsOf(n);
        const share: Record<Part, number> = { train: 0.8, dev: 0.1, validation: 0.05, final: 0.05 };
        // A partial last cycle can put at most two blocks (200 lines) more or fewer in a part than its share.
        return PARTS.every((p) => Math.abs(parts.filter((q) => q === p).length - share[p] * n) <= 200);
      }),
      { numRuns: 40 },
    );
  });
});

describe('splitOf', () => {
  // A base corpus of 2,500 lines (blocks of 100), then a source of 300 lines (blocks of 15), then one of 40.
  const part = splitOf([
    { first: 0, lines: 2500 },
    { first: 2500, lines: 300 },
    { first: 2800, lines: 40 },
  ]);

  it.each([
    [0, 'train'],
    [1950, 'final'],
    [2450, 'dev'],
    // The second source starts its own blocks: its line 0 is training, its block 4 (lines 60–74) development.
    [2500, 'train'],
    [2560, 'dev'],
    [2574, 'dev'],
    [2575, 'train'],
    [2635, 'validation'],
    [2799, 'final'],
    // The third: blocks of 5, block 4 (lines 20–24) development.
    [2820, 'dev'],
    [2839, 'train'],
    // Past every source: training (the build writes no such line).
    [2840, 'train'],
  ] as const)('line %i is %s', (i, p) => {
    expect(part(i)).toBe(p);
  });

  it('splits two sources of one length alike, line for line (Bible translations laid out chapter by chapter)', () => {
    const twins = splitOf([
      { first: 0, lines: 1389 },
      { first: 1389, lines: 1389 },
    ]);
    for (let j = 0; j < 1389; j++) expect(twins(1389 + j)).toBe(twins(j));
  });
});

describe('counted', () => {
  it.each([
    ['train', false, true],
    ['train', true, true],
    ['dev', false, true],
    ['dev', true, false],
    ['validation', false, false],
    ['validation', true, false],
    ['final', false, false],
    ['final', true, false],
  ] as const)('a %s line, development excluded: %s, is counted: %s', (part, excludeDev, is) => {
    expect(counted(part, excludeDev)).toBe(is);
  });

  it('never counts an evaluation part', () => {
    for (const p of EVALUATION_PARTS) expect(counted(p, false)).toBe(false);
  });
});
