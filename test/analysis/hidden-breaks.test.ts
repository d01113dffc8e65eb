// Letters run together, scored with their word breaks summed over: the forward pass against every placement of the
// breaks counted one by one, and what the lattice says a change would do against scoring the changed text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getModel, type LanguageModel } from '../../src/analysis/index.js';
import { END_AT_WORD, HiddenBreaks } from '../../src/analysis/readings/index.js';
import { logSumExp } from '../../src/analysis/scoring/index.js';

const en = getModel('en');

/** ln P(symbols) under the spaced model, every placement of the breaks written out and scored on its own. */
function bruteForce(model: LanguageModel, symbols: number[], open: boolean): number {
  const ngrams = model.spaced;
  const S = model.symbolCount;
  const B = model.boundary;
  const gaps = symbols.length - 1;
  const totals: number[] = [];
  for (let mask = 0; mask < 2 ** gaps; mask++) {
    const spaced: number[] = [];
    symbols.forEach((c, i) => {
      if (i > 0 && mask & (1 << (i - 1))) spaced.push(B);
      spaced.push(c);
    });
    let ctx = 0;
    for (let i = 0; i < ngrams.order - 1; i++) ctx = ctx * S + B;
    let sum = 0;
    for (const c of spaced) {
      sum += ngrams.logProb(ctx, c);
      ctx = (ctx * S + c) % ngrams.contexts;
    }
    if (open) sum += Math.log(END_AT_WORD * Math.exp(ngrams.logProb(ctx, B)) + (1 - END_AT_WORD));
    totals.push(sum);
  }
  return logSumExp(totals);
}

const letters = (text: string): number[] =>
  [...text.toLowerCase()].map((ch) => en.symbolOf(ch.codePointAt(0) as number));

describe('HiddenBreaks', () => {
  it('sums the spaced model over every placement of the word breaks (against writing each one out)', () => {
    const scorer = new HiddenBreaks(en);
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,9}$/), fc.boolean(), (text, open) => {
        const symbols = letters(text);
        expect(scorer.logLikelihood(symbols, open)).toBeCloseTo(bruteForce(en, symbols, open), 9);
      }),
      { numRuns: 60 },
    );
  });

  it('reads a stripped sentence as likelier than its letters reversed, by far', () => {
    const scorer = new HiddenBreaks(en);
    const text = 'THEQUICKBROWNFOXJUMPSOVERTHELAZYDOG';
    const reversed = [...text].reverse().join('');
    expect(scorer.logLikelihood(letters(text), true) - scorer.logLikelihood(letters(reversed), true)).toBeGreaterThan(
      30,
    );
  });

  it("the lattice's estimate of a change is the change, exactly for one run of changed letters", () => {
    const scorer = new HiddenBreaks(en);
    const base = letters('ITWASTHEBESTOFTIMESITWASTHEWORSTOFTIMES');
    const lattice = scorer.lattice(base, true);
    expect(lattice.total).toBeCloseTo(scorer.logLikelihood(base, true), 9);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: base.length - 1 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 25 }),
        (at, run, letter) => {
          const positions = Array.from({ length: Math.min(run, base.length - at) }, (_, i) => at + i);
          const values = positions.map((p) => ((base[p] as number) === letter ? (letter + 1) % 26 : letter));
          const changed = base.slice();
          positions.forEach((p, i) => {
            changed[p] = values[i] as number;
          });
          const exact = scorer.logLikelihood(changed, true) - lattice.total;
          expect(scorer.change(lattice, positions, values)).toBeCloseTo(exact, 9);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('adds the effects of changes a key length apart, as a key letter makes them, within a hundredth of a nat', () => {
    const scorer = new HiddenBreaks(en);
    const base = letters('ITWASTHEBESTOFTIMESITWASTHEWORSTOFTIMES');
    const lattice = scorer.lattice(base, true);
    for (const [k, column] of [
      [3, 1],
      [5, 4],
      [8, 2],
      [9, 0],
      [10, 3],
      [12, 0],
      [12, 11],
      [16, 5],
    ] as const) {
      const positions = base.map((_, i) => i).filter((i) => i % k === column);
      const values = positions.map((p) => ((base[p] as number) + 7) % 26);
      const changed = base.slice();
      positions.forEach((p, i) => {
        changed[p] = values[i] as number;
      });
      const exact = scorer.logLikelihood(changed, true) - lattice.total;
      expect(Math.abs(scorer.change(lattice, positions, values) - exact)).toBeLessThan(0.01);
    }
  });

  it("stepTotal is the total of step's states, at the same look-ups, after any prefix and any symbol", () => {
    const scorer = new HiddenBreaks(en);
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{0,12}$/), fc.integer({ min: 0, max: 26 }), (prefix, c) => {
        // 26 is the boundary: a break the text shows.
        let state = scorer.startState();
        for (const x of letters(prefix)) state = scorer.step(state, x);
        const before = scorer.lookups;
        const total = scorer.stepTotal(state, c === 26 ? en.boundary : c);
        const counted = scorer.lookups - before;
        const stepped = scorer.step(state, c === 26 ? en.boundary : c);
        expect(total).toBeCloseTo(HiddenBreaks.total(stepped), 9);
        expect(scorer.lookups - before - counted).toBe(counted);
      }),
      { numRuns: 80 },
    );
  });
});
