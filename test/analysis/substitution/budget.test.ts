// The cryptogram search's budget (issue 27, speed): a text with no answer, whose restarts never settle, stops after
// SOLVE_WORK look-ups, and a real cryptogram, which settles early, spends a fraction of it. Work is counted in n-gram
// look-ups, so these hold on any machine and under any load.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../scripts/lib/random.js';
import { type Language, solveSubstitution } from '../../../src/analysis/index.js';
import { AUTO_WORK, SOLVE_WORK, type Work, withShare, workOf } from '../../../src/analysis/substitution/work.js';
import { type Alphabet, namedAlphabet, substitutionEncrypt } from '../../../src/core/index.js';
import { LONG_EN } from '../texts.js';

const basic = namedAlphabet('basic');
const KEY = 'QWERTYUIOPASDFGHJKLZXCVBNM';

/** `letters` letters of `a` drawn uniformly (seeded), in words of 2–7 letters. */
function randomWords(a: Alphabet, letters: number, seed: number): string {
  const rng = mulberry32(seed);
  const words: string[] = [];
  for (let left = letters; left > 0; ) {
    const n = Math.min(left, 2 + Math.floor(rng() * 6));
    words.push(Array.from({ length: n }, () => a.letters[Math.floor(rng() * a.size)]).join(''));
    left -= n;
  }
  return words.join(' ');
}

function spent(text: string, language: Language | 'auto', effort?: number): number {
  const work = { spent: 0 };
  solveSubstitution(text, basic, language, { work, ...(effort === undefined ? {} : { effort }) });
  return work.spent;
}

/**
 * Past the budget a search still makes its first restart, whose cost grows with the text (the 5-gram's fallback is not
 * started): measured, 64 English and 200 Polish random letters spent 1.02 and 1.09× SOLVE_WORK.
 */
const OVERSHOOT = 1.15;

describe('cryptogram search budget', () => {
  // Without the budget, texts like these spent 24–29 million look-ups (dev, 64–200 letters, 2026-11-28).
  it.each([
    ['64 random letters in words, English', 64, 'en'],
    ['200 random letters in words, Polish', 200, 'pl'],
  ] as const)(
    '%s: stops at the budget',
    (_, letters, language) => {
      const work = spent(randomWords(basic, letters, letters), language);
      expect(work).toBeGreaterThanOrEqual(SOLVE_WORK);
      expect(work).toBeLessThanOrEqual(SOLVE_WORK * OVERSHOOT);
    },
    60_000,
  );

  // Auto: the glances (4 restarts in each language on at most 100 letters), the longer looks (LOOKS_WORK at most, less
  // what the final search keeps) and the finals all draw on AUTO_WORK, the runner-up's final only if a quarter of
  // SOLVE_WORK is left. Unbounded, 100 random letters spent 25.1 million look-ups and 1,000 run together 43 million
  // (over 1 s of CPU on dev: docs/solver-results.md, 2026-12-02); before the budgets, auto on 300 random letters took
  // 11–16 s.
  it.each([
    ['100 random letters in words', randomWords(basic, 100, 100)],
    ['1,000 random letters run together', randomWords(basic, 1000, 1000).replaceAll(' ', '')],
  ])(
    '%s, auto: stops at its whole allowance',
    (_, text) => {
      const work = spent(text, 'auto');
      expect(work).toBeGreaterThanOrEqual(SOLVE_WORK);
      expect(work).toBeLessThanOrEqual(AUTO_WORK * OVERSHOOT);
    },
    60_000,
  );

  it('scales with the effort asked for, as the restarts do', () => {
    const work = spent(randomWords(basic, 64, 9), 'en', 0.5);
    expect(work).toBeGreaterThanOrEqual(SOLVE_WORK / 2);
    expect(work).toBeLessThanOrEqual((SOLVE_WORK / 2) * OVERSHOOT);
  }, 60_000);

  it('leaves a real cryptogram, which settles, short of its budget', () => {
    const work = { spent: 0 };
    const r = solveSubstitution(substitutionEncrypt(LONG_EN, KEY, basic), basic, 'en', { work });
    expect(r.solutions[0]?.text).toBe(LONG_EN);
    expect(work.spent).toBeGreaterThan(0);
    // Measured: 7.2 million; its restarts stopped because they kept finding the key, not at the budget.
    expect(work.spent).toBeLessThan(SOLVE_WORK);
  }, 60_000);
});

describe('withShare', () => {
  it('gives at most what is asked and what is left, and counts what the part spent', () => {
    const work: Work = workOf(100);
    work.spent = 70;
    const limit = withShare(work, 50, (part) => {
      part.spent = 45;
      return part.limit;
    });
    expect(limit).toBe(30);
    expect(work.spent).toBe(115);
    expect(withShare(work, 50, (part) => part.limit)).toBe(0);
  });

  it('counts what the part spent even when it throws', () => {
    const work = workOf(100);
    expect(() =>
      withShare(work, 10, (part) => {
        part.spent = 7;
        throw new Error('stopped');
      }),
    ).toThrow('stopped');
    expect(work.spent).toBe(7);
  });
});
