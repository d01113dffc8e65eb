// The sampled mutation score's arithmetic (scripts/mutation/sample.ts) and the ignorer that keeps only sampled nodes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  babelLocation,
  drawSample,
  keyOf,
  type Mutant,
  mutantsOf,
  partOf,
  rangeOf,
  tally,
  testsOf,
  wilson,
} from '../../scripts/mutation/sample.js';

const at = (
  file: string,
  line: number,
  column: number,
  status = 'Survived',
  mutatorName = 'EqualityOperator',
): Mutant => ({
  file,
  mutatorName,
  replacement: 'a <= b',
  status,
  location: { start: { line, column }, end: { line, column: column + 6 } },
});

describe('wilson', () => {
  // Worked by hand from Wilson (1927): p = 0.8, z² = 3.8416, centre = (0.8 + 0.19208) / 1.38416 = 0.71674,
  // half = (1.96 / 1.38416) · √(0.016 + 0.009604) = 0.22658.
  it('gives 0.4902 to 0.9433 for 8 of 10', () => {
    const { low, high } = wilson(8, 10);
    expect(low).toBeCloseTo(0.4902, 4);
    expect(high).toBeCloseTo(0.9433, 4);
  });

  it('stays inside [0, 1] at the edges and says nothing of an empty sample', () => {
    expect(wilson(10, 10).high).toBe(1);
    expect(wilson(0, 10).low).toBe(0);
    expect(wilson(10, 10).low).toBeCloseTo(0.7225, 4);
    expect(wilson(0, 0)).toEqual({ low: 0, high: 1 });
  });

  it('holds the share it is built around and narrows as the sample grows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, share) => {
        const k = Math.round(share * n);
        const small = wilson(k, n);
        const large = wilson(4 * k, 4 * n);
        expect(small.low).toBeLessThanOrEqual(k / n + 1e-12);
        expect(small.high).toBeGreaterThanOrEqual(k / n - 1e-12);
        expect(large.high - large.low).toBeLessThan(small.high - small.low);
      }),
    );
  });
});

describe('drawSample', () => {
  const mutants = Array.from({ length: 10 }, (_, i) => at('src/core/text.ts', i + 1, 1));

  it('draws distinct mutants, as many as asked or all there are, the same for the same seed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.integer(), (size, seed) => {
        const sample = drawSample(mutants, size, seed);
        expect(sample).toHaveLength(Math.min(size, 10));
        expect(new Set(sample.map(keyOf)).size).toBe(sample.length);
        expect(drawSample(mutants, size, seed)).toEqual(sample);
      }),
    );
  });

  it('draws every mutant about equally often', () => {
    const counts = new Map<string, number>();
    for (let seed = 0; seed < 2000; seed++) {
      for (const m of drawSample(mutants, 3, seed)) counts.set(keyOf(m), (counts.get(keyOf(m)) ?? 0) + 1);
    }
    // 600 expected each (2,000 × 3 / 10); a binomial's standard deviation is about 20.
    expect(counts.size).toBe(10);
    for (const n of counts.values()) expect(Math.abs(n - 600)).toBeLessThan(100);
  });
});

describe('parts and locations', () => {
  it.each([
    ['src/core/text.ts', 'core', 'test/core/**/*.test.ts'],
    [
      'src/analysis/vigenere/ioc.ts',
      'analysis/vigenere',
      'test/analysis/vigenere/**/*.test.ts,test/analysis/*.test.ts',
    ],
    ['src/analysis/errors.ts', 'analysis', 'test/analysis/*.test.ts'],
  ])('%s is in %s, judged by %s', (file, part, tests) => {
    expect(partOf(file)).toBe(part);
    expect(testsOf(part)).toBe(tests);
  });

  it('turns the report’s 1-based columns into Babel’s 0-based ones for the range and the ignorer', () => {
    const m = at('src/core/text.ts', 12, 5);
    expect(babelLocation(m)).toBe('12:4-12:10');
    expect(rangeOf(m)).toBe('src/core/text.ts:12:4-12:10');
    expect(keyOf(m)).toBe('src/core/text.ts|12:5-12:11|EqualityOperator|a <= b');
  });
});

describe('tally', () => {
  it('counts as Stryker counts, reads only the sampled mutants, and says which the run did not report', () => {
    const sampled = [
      at('a.ts', 1, 1),
      at('a.ts', 2, 1),
      at('a.ts', 3, 1),
      at('a.ts', 4, 1),
      at('a.ts', 5, 1),
      at('a.ts', 6, 1),
    ];
    const statuses = ['Killed', 'Timeout', 'Survived', 'NoCoverage', 'Ignored'];
    const run = [
      ...statuses.map((s, i) => at('a.ts', i + 1, 1, s)),
      // Another mutator on a sampled node, and a mutant of another file at the same place: tested, not counted.
      at('a.ts', 1, 1, 'Survived', 'ConditionalExpression'),
      at('b.ts', 6, 1, 'Killed'),
    ];
    expect(tally(sampled, run)).toEqual({
      detected: 2,
      undetected: 2,
      invalid: 1,
      missing: 1,
      byStatus: { Killed: 1, Timeout: 1, Survived: 1, NoCoverage: 1, Ignored: 1 },
    });
  });

  it('reads a report’s files into mutants that know their file', () => {
    const { file, ...rest } = at('src/core/text.ts', 3, 2);
    expect(mutantsOf({ files: { [file]: { mutants: [rest] } } })).toEqual([{ ...rest, file }]);
  });
});

describe('the sample ignorer', () => {
  const node = (sl: number, sc: number, el: number, ec: number) => ({
    node: { loc: { start: { line: sl, column: sc }, end: { line: el, column: ec } } },
  });

  it('keeps sampled nodes and the nodes on the way to them, and leaves out the rest', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const dir = mkdtempSync('/tmp/sample-ignorer-');
    writeFileSync(`${dir}/locations.json`, JSON.stringify(['10:2-20:3', '15:4-15:9']));
    process.env.STRYKER_SAMPLE_LOCATIONS = `${dir}/locations.json`;
    const { strykerPlugins } = await import('../../scripts/mutation/sample-ignorer.mjs');
    expect(strykerPlugins).toMatchObject([{ kind: 'Ignore', name: 'sample' }]);
    const ignore = (p: unknown) => strykerPlugins[0]?.value.shouldIgnore(p);
    expect(ignore(node(10, 2, 20, 3))).toBeUndefined(); // sampled (a block, say)
    expect(ignore(node(15, 4, 15, 9))).toBeUndefined(); // sampled, inside the block
    expect(ignore(node(14, 0, 16, 1))).toBeUndefined(); // holds a sampled node
    expect(ignore(node(1, 0, 30, 0))).toBeUndefined(); // the whole file
    expect(ignore(node(11, 2, 11, 8))).toBe('not in the sample'); // inside the block, not sampled
    expect(ignore(node(15, 5, 15, 8))).toBe('not in the sample'); // inside a sampled node
    expect(ignore(node(40, 0, 40, 5))).toBe('not in the sample');
    expect(ignore({ node: {} })).toBeUndefined(); // a node without a place
  });
});
