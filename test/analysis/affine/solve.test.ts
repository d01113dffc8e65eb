// The affine solver (src/analysis/affine/): every key ranked under the language model with "no answer" beside them,
// on Wikipedia's vector, held-out passages (scripts/lib/held-out.ts), every key of the alphabet, and texts with no answer.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HELD_OUT } from '../../../scripts/lib/held-out.js';
import { scoreAffineKeys } from '../../../src/analysis/affine/index.js';
import { AnalysisInputError } from '../../../src/analysis/errors.js';
import { affineKeys, LANGUAGES, solveAffine } from '../../../src/analysis/index.js';
import { foldAccents } from '../../../src/core/fold.js';
import { affineEncrypt, codePointLength, letterIndices, namedAlphabet } from '../../../src/core/index.js';
import { HARBOUR_EN } from '../texts.js';

const basic = namedAlphabet('basic');

const passages = LANGUAGES.flatMap((language) =>
  HELD_OUT[language].map((p) => ({ language, line: p.line, text: foldAccents(p.text) })),
).filter((p) => letterIndices(p.text, basic).length >= 60);

describe('affineKeys', () => {
  // a runs over the units mod n (φ(n) of them), b over every letter: φ(26) = 12, φ(29) = 28, φ(30) = 8, φ(32) = 16.
  it.each([
    [26, 312],
    [29, 812],
    [30, 240],
    [32, 512],
  ])('an alphabet of %i letters has %i keys, a ascending, then b', (n, count) => {
    const keys = affineKeys(n);
    expect(keys).toHaveLength(count);
    expect(keys.slice(0, 2)).toEqual([
      { a: 1, b: 0 },
      { a: 1, b: 1 },
    ]);
    expect(keys.at(-1)).toEqual({ a: n - 1, b: n - 1 });
    for (let i = 1; i < keys.length; i++) {
      const [x, y] = [keys[i - 1], keys[i]] as [{ a: number; b: number }, { a: number; b: number }];
      expect(x.a < y.a || (x.a === y.a && y.b === x.b + 1)).toBe(true);
    }
  });

  it('leaves out every a that shares a factor with n (13 and the even numbers for A–Z)', () => {
    const as = new Set(affineKeys(26).map((k) => k.a));
    expect([...as]).toEqual([1, 3, 5, 7, 9, 11, 15, 17, 19, 21, 23, 25]);
  });
});

describe('solveAffine', () => {
  it('finds Wikipedia\'s key a = 5, b = 8 ("AFFINE CIPHER" → "IHHWVC SWFRCP") on a longer text, every key ranked', () => {
    const plain = 'Affine ciphers are simple substitutions with a little arithmetic, and they fall quickly.';
    const r = solveAffine(affineEncrypt(plain, { a: 5, b: 8 }, basic), basic, 'en');
    expect(r.solutions).toHaveLength(12 * 26);
    expect(r.solutions[0]).toMatchObject({ a: 5, b: 8, text: plain });
    const total = r.solutions.reduce((x, y) => x + y.score, 0) + r.noAnswer;
    expect(total).toBeCloseTo(1, 9);
    expect(r.language).toBe('en');
    expect(r.reason).toBeUndefined();
  });

  it('solves held-out passages under a random key', () => {
    for (const p of passages.slice(0, 10)) {
      const r = solveAffine(affineEncrypt(p.text, { a: 7, b: 3 }, basic), basic, p.language);
      expect(r.solutions[0]?.text).toBe(p.text);
    }
  });

  it('finds every key of the alphabet, the identity and the shifts among them', () => {
    fc.assert(
      fc.property(fc.constantFrom(...affineKeys(26)), (key) => {
        const r = solveAffine(affineEncrypt(HARBOUR_EN, key, basic), basic, 'en');
        expect(r.solutions[0]).toMatchObject({ ...key, text: HARBOUR_EN });
        expect(r.solutions[0]?.score).toBeGreaterThan(0.99);
      }),
      { numRuns: 8, seed: 0xaff1 },
    );
  });

  it('ranks keys by probability, ties in the order of affineKeys', () => {
    // One letter repeated: the 12 keys that decrypt A to the same plain letter score alike.
    const r = solveAffine('AAAAAAAAAAAAAAAAAAAA', basic, 'en');
    const index = new Map(affineKeys(26).map((k, i) => [`${k.a},${k.b}`, i]));
    for (let i = 1; i < r.solutions.length; i++) {
      const [x, y] = [r.solutions[i - 1], r.solutions[i]] as [(typeof r.solutions)[0], (typeof r.solutions)[0]];
      expect(x.score).toBeGreaterThanOrEqual(y.score);
      if (x.score === y.score)
        expect(index.get(`${x.a},${x.b}`) as number).toBeLessThan(index.get(`${y.a},${y.b}`) as number);
    }
    expect(r.solutions.filter((s) => s.score === r.solutions[0]?.score)).toHaveLength(12);
  });

  it('weighs "no answer" as the logistic of the evidence, and calls random letters no answer', () => {
    const plain = solveAffine(affineEncrypt(HARBOUR_EN, { a: 9, b: 2 }, basic), basic, 'en');
    expect(plain.noAnswer).toBeCloseTo(1 / (1 + Math.exp(plain.evidence)), 12);
    expect(plain.noAnswer).toBeLessThan(1e-6);
    const random = solveAffine('QXZJV KWPFY BMGHT LRDNC SAEUO IQXZJ VKWPF', basic, 'en');
    expect(random.noAnswer).toBeCloseTo(1 / (1 + Math.exp(random.evidence)), 12);
    expect(random.noAnswer).toBeGreaterThan(0.5);
    expect(random.reason).toBe('no_answer');
    expect(random.solutions[0]?.score).toBeLessThan(0.5);
  });

  it('with auto, names the language whose best key reads likeliest', () => {
    for (const language of ['de', 'fr'] as const) {
      const p = passages.find((x) => x.language === language && letterIndices(x.text, basic).length >= 80);
      if (!p) throw new Error(`no ${language} passage of 80 letters`);
      const r = solveAffine(affineEncrypt(p.text, { a: 11, b: 20 }, basic), basic, 'auto');
      expect(r.language).toBe(language);
      expect(r.solutions[0]).toMatchObject({ a: 11, b: 20, text: p.text });
    }
  });

  it('cuts every text but the best to candidateChars code points, and marks them', () => {
    const text = affineEncrypt(HARBOUR_EN, { a: 3, b: 1 }, basic);
    const r = solveAffine(text, basic, 'en', 40);
    expect(r.solutions[0]?.text).toBe(HARBOUR_EN);
    expect(r.solutions[0]?.truncated).toBeUndefined();
    expect(r.solutions.slice(1).every((s) => s.truncated === true && codePointLength(s.text) === 40)).toBe(true);
    // A text no longer than the cut is answered whole for every key.
    const whole = solveAffine(text, basic, 'en', codePointLength(text));
    expect(
      whole.solutions.every((s) => s.truncated === undefined && codePointLength(s.text) === codePointLength(text)),
    ).toBe(true);
  });

  it('weighs the evidence as the mean of the keys’ tempered likelihoods against "no answer"', () => {
    const text = affineEncrypt(HARBOUR_EN.slice(0, 120), { a: 9, b: 2 }, basic);
    const keys = affineKeys(26);
    const { logs, T, nullLog } = scoreAffineKeys(text, basic, 'en', keys);
    const m = Math.max(...logs.map((v) => v / T));
    const mean = m + Math.log(logs.reduce((s, v) => s + Math.exp(v / T - m), 0)) - Math.log(keys.length);
    expect(solveAffine(text, basic, 'en').evidence).toBeCloseTo(mean - nullLog / T, 9);
  });

  it('reads at most the first 1,000 letters: a tail past them changes nothing', () => {
    const head = affineEncrypt(`${HARBOUR_EN} ${HARBOUR_EN}`.slice(0, 1300), { a: 5, b: 8 }, basic);
    expect(letterIndices(head, basic).length).toBeGreaterThan(1000);
    const tail = `${head} QXZJV KWPFY`;
    expect(solveAffine(tail, basic, 'en').evidence).toBe(solveAffine(head, basic, 'en').evidence);
  });

  it('keeps to the language it is given, and cuts nothing without candidateChars', () => {
    const r = solveAffine(affineEncrypt(HARBOUR_EN, { a: 3, b: 1 }, basic), basic, 'de');
    expect(r.language).toBe('de');
    expect(r.solutions.some((s) => s.truncated)).toBe(false);
  });

  it('refuses a text without a letter of the alphabet, naming the field', () => {
    expect(() => solveAffine('1234 !?', basic, 'en')).toThrow(AnalysisInputError);
    try {
      solveAffine('1234 !?', basic, 'en');
    } catch (e) {
      expect((e as AnalysisInputError).field).toBe('text');
    }
  });
});
