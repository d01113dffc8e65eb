// Building a model's tables from its top-order n-grams (build/build-tables.ts): a small case worked by hand, and the
// inputs it refuses.
import { describe, expect, it } from 'vitest';
import { ngramTables } from '../../../src/analysis/language-model/build/index.js';

describe('ngramTables', () => {
  // Two symbols (a = 0, b = 1), order 3: dense orders 1 and 2, one stored level (the top). Top n-grams aab ×3,
  // abb ×2, bab ×1, keys context·2 + symbol: 1, 3, 5.
  it('derives continuation counts, levels and counts of counts from the top n-grams (worked by hand)', () => {
    const t = ngramTables(Int32Array.of(1, 3, 5), [3, 2, 1], 2, 3);
    // Order 2, continuation counts: ab is preceded by a and b (aab, bab), bb by a (abb); aa and ba by nothing.
    // Order 1: b is preceded by a and b (ab, bb), a by nothing.
    expect(t.dense.map((d) => Array.from(d))).toEqual([
      [0, 2],
      [0, 2, 0, 1],
    ]);
    expect(t.levels).toHaveLength(1);
    const top = t.levels[0];
    expect(Array.from(top?.contexts ?? [])).toEqual([0, 1, 2]); // aa, ab, ba
    expect(Array.from(top?.starts ?? [])).toEqual([0, 1, 2, 3]);
    expect(Array.from(top?.symbols ?? [])).toEqual([1, 1, 1]);
    expect(Array.from(top?.counts ?? [])).toEqual([3, 2, 1]);
    // Counts of 1, 2, 3, 4 per order: order 1 {2}, order 2 {2, 1}, order 3 {3, 2, 1}.
    expect(t.countsOfCounts).toEqual([
      [0, 1, 0, 0],
      [1, 1, 0, 0],
      [1, 1, 1, 0],
    ]);
  });

  it('escapes counts past a byte into the overflow', () => {
    const top = ngramTables(Int32Array.of(1, 3), [254, 2 ** 32 - 1], 2, 3).levels[0];
    expect(Array.from(top?.counts ?? [])).toEqual([254, 255]);
    expect(Array.from(top?.overflowAt ?? [])).toEqual([1]);
    expect(Array.from(top?.overflow ?? [])).toEqual([2 ** 32 - 1]);
  });

  it.each([
    ['keys not ascending', [5, 3], [1, 1], /n-gram keys must/],
    ['a key twice', [3, 3], [1, 1], /n-gram keys must/],
    ['a count of 0', [1, 3], [1, 0], /bad n-gram count 0/],
    ['a fractional count', [1, 3], [1.5, 1], /bad n-gram count 1.5/],
    ['a count of 2^32', [1, 3], [1, 2 ** 32], /bad n-gram count/],
  ])('refuses %s', (_, keys, counts, message) => {
    expect(() => ngramTables(Int32Array.from(keys), counts, 2, 3)).toThrow(message);
  });
});
