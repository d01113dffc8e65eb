// The Porta and autokey column search: its incremental scores agree with a whole reading, it never ends below where
// it started, its answer is a fixed point of its own moves, and it finds autokey primers the search before it missed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeVariant, getModel } from '../../../src/analysis/index.js';
import { candidateSymbols } from '../../../src/analysis/readings/index.js';
import { ColumnSearch } from '../../../src/analysis/tableau/column-search.js';
import { autokeyColumns, portaColumns } from '../../../src/analysis/tableau/columns.js';
import { letterIndices, namedAlphabet, variantEncrypt } from '../../../src/core/index.js';
import { HARBOUR_EN } from '../texts.js';

const basic = namedAlphabet('basic');
const model = getModel('en');
const letters = HARBOUR_EN.toUpperCase().replace(/[^A-Z]/g, '');

describe('ColumnSearch', () => {
  it('scores incrementally as a whole reading does, never ends below its start, and stops where it cannot move', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('porta' as const, 'autokey' as const),
        fc.integer({ min: 2, max: 9 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.array(fc.nat(), { minLength: 9, maxLength: 9 }),
        (variant, L, from, picks) => {
          const cipher = variant === 'porta' ? portaColumns(26) : autokeyColumns(26);
          const key = picks.slice(0, L).map((x) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[x % 26] as string);
          const plain = letters.slice(from, from + 6 * L);
          const c = letterIndices(variantEncrypt(plain, key.join(''), variant, basic), basic);
          const s = new ColumnSearch({ c, cipher, sym: candidateSymbols(basic, model), ngrams: model.joined }, L);
          const start = picks.slice(0, L).map((x) => (x * 7) % cipher.options);
          const found = s.search(start, 3, 1);
          expect(s.score(found.key)).toBeCloseTo(found.ll, 6);
          expect(found.ll).toBeGreaterThanOrEqual(s.score(start) - 1e-9);
          expect(s.search(found.key, 0, 2)).toEqual(found);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('Porta and autokey analysis (issue 28)', () => {
  // Keys of 8 letters over 6·L letters of the tests' own prose (Porta answers each key letter as the first of its
  // pair). The search before the column search (the frequency-best start, then single and paired column moves under
  // the full model) read both Porta keys but answered LIGHTZQU and QUAYSAFE for the autokey primers.
  it.each([
    ['porta', 'LIGHTHOU', 'KIGGSGOU'],
    ['porta', 'QUAYSIDE', 'QUAYSICE'],
    ['autokey', 'LIGHTHOU', 'LIGHTHOU'],
    ['autokey', 'QUAYSIDE', 'QUAYSIDE'],
  ] as const)('%s under %s: the key (%s as answered)', (variant, key, answered) => {
    const text = variantEncrypt(letters.slice(300, 348), key, variant, basic);
    expect(analyzeVariant(text, basic, 'en', 20, variant).probable_key).toBe(answered);
  });
});
