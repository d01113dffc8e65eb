// The key search's twin shifts (src/analysis/vigenere/key-search.ts): over a custom alphabet whose letters the model
// mostly reads as one "other" symbol, shifts that read a column alike are scored once. They may only save time:
// every score, every key and every charge to the budget is what scoring each shift would give.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NgramModel } from '../../../src/analysis/language-model/index.js';
import { KeySearch } from '../../../src/analysis/vigenere/key-search.js';
import { type Reading, readingOf } from '../../../src/analysis/vigenere/reading.js';
import { customAlphabet, vigenereEncrypt } from '../../../src/core/index.js';

/** `count` letters from code point `from` on. */
const run = (from: number, count: number): string =>
  Array.from({ length: count }, (_, i) => String.fromCodePoint(from + i)).join('');

/** a–z, which the English model knows, then 27 Hebrew and 13 Arabic letters (caseless), which it reads as "other". */
const MIXED = customAlphabet(`abcdefghijklmnopqrstuvwxyz${run(0x5d0, 27)}${run(0x620, 13)}`);

/** The reading with its model look-ups counted. */
function counted(reading: Reading): { reading: Reading; lookups: () => number } {
  let n = 0;
  const inner = reading.ngrams;
  const ngrams: NgramModel = {
    ...inner,
    logProb: (context, c) => {
      n++;
      return inner.logProb(context, c);
    },
  };
  return { reading: { ...reading, ngrams }, lookups: () => n };
}

describe('KeySearch twin shifts', () => {
  it('change no score, key or charge, and save look-ups', () => {
    let saved = 0;
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(...'the quick brown fox jumps over a lazy dog '),
          minLength: 12,
          maxLength: 60,
        }),
        fc.array(fc.integer({ min: 0, max: MIXED.size - 1 }), { minLength: 1, maxLength: 6 }),
        (plain, shifts) => {
          const key = shifts.map((s) => MIXED.letters[s]).join('');
          const text = vigenereEncrypt(plain, key, MIXED);
          const runs = [true, false].map((twins) => {
            // A reading each: its word scores are cached as met, and a word's first meeting is charged more.
            const { reading, lookups } = counted(readingOf(text, MIXED, 'en', 400));
            const budget = { spent: 0 };
            const search = new KeySearch(reading, key.length, budget, false, twins);
            search.climb();
            const climbed = { key: Array.from(search.key), locals: Array.from(search.locals) };
            const beam = search.beam(8, 4).map((k) => Array.from(k));
            return { climbed, beam, spent: budget.spent, lookups: lookups() };
          });
          const [twins, every] = runs as [(typeof runs)[number], (typeof runs)[number]];
          expect(twins.climbed).toEqual(every.climbed);
          expect(twins.beam).toEqual(every.beam);
          expect(twins.spent).toBe(every.spent);
          expect(twins.lookups).toBeLessThanOrEqual(every.lookups);
          if (twins.lookups < every.lookups) saved++;
        },
      ),
      { numRuns: 40, seed: 15 },
    );
    // Short columns over 66 letters, 40 of them one symbol: most runs have twins to skip.
    expect(saved).toBeGreaterThan(20);
  });
});
