// The Vigenère search plan (src/analysis/vigenere/plan.ts): the letters the scouts read, the lengths a short and a
// long text search, the period the coincidences show, and the language screen's quick plan, from tuning.ts's values.
import { describe, expect, it } from 'vitest';
import { sampleLetters, screenPlan, searchPlan } from '../../../src/analysis/vigenere/plan.js';

const RANDOM = 1 / 26;
/** Coincidences of lengths 1…12 over 26 letters, given as their excess over random letters (0 where not given). */
function coincidences(excess: Record<number, number>): Float64Array {
  return Float64Array.from({ length: 13 }, (_, k) => (k === 0 ? 0 : RANDOM + (excess[k] ?? 0)));
}
const FLAT = coincidences({});

describe('sampleLetters: max(600, min(max(1500, 80 · longest key), ⌊400,000 / n⌋))', () => {
  const cases: [number, number, number][] = [
    [5, 26, 1500],
    [18, 26, 1500], // 1,440 wanted: the floor of 1,500
    [19, 26, 1520],
    [20, 26, 1600],
    [200, 26, 15384], // 16,000 wanted, 400,000 / 26 allowed
    [40, 500, 800],
    [40, 1000, 600], // 400 allowed, 600 at least
  ];
  it.each(cases)('key of %d letters over %d: %d', (longest, n, letters) => {
    expect(sampleLetters(longest, n)).toBe(letters);
  });
});

describe('searchPlan', () => {
  const ranked = [4, 12, 3, 2, 1, 6, 5, 7, 8, 9, 10, 11];

  it('searches every length of a text of up to 1,200 letters, with beams, cribs and scouts', () => {
    expect(searchPlan(1200, 26, ranked, FLAT)).toEqual({
      lengths: ranked,
      period: undefined,
      sample: 1500,
      finalLengths: 4,
      beamWidth: 128,
      scoutWork: 3_500_000,
      guideWork: 1_500_000,
      cribWork: 2_000_000,
      wideWork: 1_200_000,
      finalWork: 1_000_000,
      hiddenBreaks: true,
      spread: true,
      allowance: Number.POSITIVE_INFINITY,
    });
  });

  it('searches a longer text at the lengths the coincidences favour, by ascent alone', () => {
    // 12 is 0.02 above random, its divisors 3 (0.012) and 6 (0.01) half as far; 4, ranked first, at random.
    const ioc = coincidences({ 12: 0.02, 3: 0.012, 6: 0.01, 2: 0.004 });
    const plan = searchPlan(1201, 26, ranked, ioc);
    // On 1,201 letters z = excess · √(k · m(m − 1) / 2) / √(r(1 − r)), m = 1,201 / k: 3 stands about 30 deviations
    // above random letters, 12 about 25. The period is 3 (no divisor of it coincides), and of the candidates (the four
    // best ranked and 12's divisor 6) its multiples stay.
    expect(plan.period).toBe(3);
    expect(plan.lengths).toEqual([3, 12, 6]);
    expect(plan).toMatchObject({ finalLengths: 2, beamWidth: 0, scoutWork: 0, cribWork: 0, wideWork: 0 });
    expect(plan).toMatchObject({ guideWork: 1_500_000, finalWork: 1_000_000, hiddenBreaks: true, spread: true });
  });

  it('keeps the four best ranked and their divisors when no period is evident', () => {
    // 12 at 0.004 above random on 1,201 letters: about 5 deviations, not 8. Its divisor 6 at 0.0025 is added.
    const plan = searchPlan(1201, 26, ranked, coincidences({ 12: 0.004, 6: 0.0025 }));
    expect(plan.period).toBeUndefined();
    expect(plan.lengths).toEqual([4, 12, 3, 2, 6]);
    expect(plan.sample).toBe(1500);
  });

  it('puts an evident period first, with its divisors and multiples in their ranked order', () => {
    // 600 letters: 6 at 0.03 above random is about 27 deviations, 12 at 0.03 about 19; 2 and 3 at random.
    const plan = searchPlan(600, 26, ranked, coincidences({ 6: 0.03, 12: 0.03 }));
    expect(plan.period).toBe(6);
    expect(plan.lengths).toEqual([6, 12, 3, 2, 1]);
    expect(plan.beamWidth).toBe(128);
  });

  it('reads enough letters for its longest length', () => {
    const long = [20, 19, 1, 2];
    expect(searchPlan(800, 26, long, coincidences({})).sample).toBe(1600);
    expect(searchPlan(800, 1000, long, coincidences({})).sample).toBe(600);
  });
});

describe('screenPlan: the quick fit the languages compete on', () => {
  it('reads at most 1,500 letters at the six likeliest lengths of a short text, one scored, nothing else', () => {
    const plan = { ...searchPlan(1000, 26, [4, 12, 3, 2, 1, 6, 5, 7, 8, 9, 10, 11], FLAT), allowance: 5_000_000 };
    expect(screenPlan(plan)).toEqual({
      lengths: [4, 12, 3, 2, 1, 6],
      period: undefined,
      sample: 1500,
      finalLengths: 1,
      beamWidth: 0,
      scoutWork: 0,
      guideWork: 150_000,
      cribWork: 0,
      wideWork: 0,
      finalWork: 150_000,
      hiddenBreaks: false,
      spread: false,
      allowance: 5_000_000,
    });
  });

  it('keeps two lengths of a long text, the period, and a smaller sample', () => {
    const plan = searchPlan(5000, 26, [4, 12, 3, 2, 1, 6, 5, 7, 8, 9, 10, 11], coincidences({ 6: 0.03, 12: 0.03 }));
    const screen = screenPlan({ ...plan, sample: 900 });
    expect(screen.lengths).toEqual([6, 12]);
    expect(screen.period).toBe(6);
    expect(screen.sample).toBe(900);
    expect(screenPlan({ ...plan, sample: 1501 }).sample).toBe(1500);
  });
});
