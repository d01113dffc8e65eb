// The cryptogram solver on held-out passages (scripts/lib/held-out.ts: corpus lines the models never
// counted), in both presentations, with clues, and on texts that have no answer.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HELD_OUT } from '../../../scripts/lib/held-out.js';
import { LANGUAGES, type Language, solveSubstitution } from '../../../src/analysis/index.js';
import { searchModel } from '../../../src/analysis/readings/index.js';
import { byWindowPatterns, byWordPatterns } from '../../../src/analysis/substitution/auto.js';
import { foldAccents, lettersOnly } from '../../../src/core/fold.js';
import {
  affineEncrypt,
  atbash,
  caesarEncrypt,
  keywordAlphabet,
  letterIndices,
  namedAlphabet,
  substitutionEncrypt,
} from '../../../src/core/index.js';

const basic = namedAlphabet('basic');
/** A fixed cipher alphabet that moves every letter (drawn once at random). */
const KEY = 'QWERTYUIOPASDFGHJKLZXCVBNM';

const passages = LANGUAGES.flatMap((language) =>
  HELD_OUT[language].map((p) => ({ language, line: p.line, text: foldAccents(p.text) })),
).filter((p) => letterIndices(p.text, basic).length >= 60);

const wrongLetters = (got: string, want: string) => {
  const g = letterIndices(got, basic);
  const w = letterIndices(want, basic);
  return w.reduce((n, x, i) => n + (g[i] === x ? 0 : 1), 0) / w.length;
};

describe('solveSubstitution', () => {
  it('solves held-out passages with their word breaks', () => {
    const results = passages.map((p) => {
      const r = solveSubstitution(substitutionEncrypt(p.text, KEY, basic), basic, p.language);
      return { line: `${p.language}:${p.line}`, exact: r.solutions[0]?.text === p.text };
    });
    const exact = results.filter((r) => r.exact).length / results.length;
    // A floor against regressions, not the target (0.90 exact at 64 letters): on these 37 passages of 60–200
    // letters the solver gets 31 exact (0.84); the misses are one or two rare letters. bench:accuracy has the figures.
    expect(exact, JSON.stringify(results.filter((r) => !r.exact))).toBeGreaterThanOrEqual(0.8);
  }, 120_000);

  it('solves held-out passages of 100 letters or more run together, nearly every letter right in most', () => {
    const long = passages.filter((p) => letterIndices(p.text, basic).length >= 100);
    expect(long.length).toBeGreaterThan(5);
    const errors = long.map((p) => {
      const plain = lettersOnly(p.text);
      const r = solveSubstitution(substitutionEncrypt(plain, KEY, basic), basic, p.language);
      return wrongLetters(r.solutions[0]?.text ?? '', plain);
    });
    // A floor, as above: all 17 come out with at most 2 % of letters wrong (three with one letter wrong).
    const nearly = errors.filter((e) => e <= 0.02).length / errors.length;
    expect(nearly, JSON.stringify(errors)).toBeGreaterThanOrEqual(0.9);
    expect(errors.reduce((x, y) => x + y, 0) / errors.length).toBeLessThanOrEqual(0.05);
  }, 120_000);

  it('names the language with auto', () => {
    const p = passages.find((x) => x.language === 'de' && letterIndices(x.text, basic).length >= 100)!;
    expect(solveSubstitution(substitutionEncrypt(p.text, KEY, basic), basic, 'auto').language).toBe('de');
  }, 60_000);

  // Held-out passages auto names only through a runner-up's search: with the runner-ups left out (measured
  // 2026-12-08), it named them as the second column says. 9 of the 74 readings of these passages are so.
  it.each<[Language, number, 'spaced' | 'letters', Language]>([
    ['en', 2681, 'spaced', 'pl'],
    ['en', 5201, 'letters', 'pl'],
    ['pl', 91, 'letters', 'en'],
    ['pl', 2541, 'letters', 'es'],
    ['de', 1911, 'letters', 'fr'],
    ['fr', 5211, 'spaced', 'pl'],
  ])(
    'names %s (line %i, %s) with auto, which its first choice read as %s',
    (language, line, format) => {
      const p = passages.find((x) => x.language === language && x.line === line) as (typeof passages)[number];
      const cipher = substitutionEncrypt(p.text, KEY, basic);
      const text = format === 'spaced' ? cipher : lettersOnly(cipher);
      expect(solveSubstitution(text, basic, 'auto').language).toBe(language);
    },
    60_000,
  );

  it('names the language of spaced passages by their words’ patterns alone, and none without word breaks', () => {
    // Each language's model as auto's searches read it (the folded one, for A–Z).
    const modelsOf = (cipher: string) => LANGUAGES.map((l) => searchModel(cipher, basic, l, 1000));
    const named = passages.map((p) => {
      const cipher = substitutionEncrypt(p.text, KEY, basic);
      return byWordPatterns(cipher, basic, modelsOf(cipher));
    });
    // Measured: 35 of these 37 (the misses: a Polish passage named French, a Spanish one English). The search runs in
    // the language named when the glances put another first (auto.ts).
    expect(named.filter((l, i) => l === passages[i]?.language).length).toBeGreaterThanOrEqual(32);
    const p = passages[0] as (typeof passages)[number];
    const cipher = lettersOnly(substitutionEncrypt(p.text, KEY, basic));
    expect(byWordPatterns(cipher, basic, modelsOf(cipher))).toBeUndefined();
    const grouped = cipher.replace(/.{5}(?!$)/g, '$& ');
    expect(byWordPatterns(grouped, basic, modelsOf(grouped))).toBeUndefined();
  });

  it('names the language of letters run together by their windows’ patterns alone, and none of spaced text', () => {
    const modelsOf = (cipher: string) => LANGUAGES.map((l) => searchModel(cipher, basic, l, 1000));
    const named = passages.map((p) => {
      const cipher = lettersOnly(substitutionEncrypt(p.text, KEY, basic));
      return byWindowPatterns(cipher, basic, modelsOf(cipher));
    });
    // Measured: 23 of these 37 (28 with tables four times the size). Weaker than the words' patterns, as letters run
    // together tell less: a runner-up's order for auto (auto.ts), not an answer.
    expect(named.filter((l, i) => l === passages[i]?.language).length).toBeGreaterThanOrEqual(20);
    const p = passages[0] as (typeof passages)[number];
    const spaced = substitutionEncrypt(p.text, KEY, basic);
    expect(byWindowPatterns(spaced, basic, modelsOf(spaced))).toBeUndefined();
    const grouped = lettersOnly(spaced).replace(/.{5}(?!$)/g, '$& ');
    expect(byWindowPatterns(grouped, basic, modelsOf(grouped))).toBe(named[0]);
    // Fewer letters than a window, and an alphabet the tables were not counted over.
    expect(byWindowPatterns('QWERTYUIOPA', basic, modelsOf('QWERTYUIOPA'))).toBeUndefined();
    const polish = namedAlphabet('polish');
    const cipher = lettersOnly(p.text);
    expect(
      byWindowPatterns(
        cipher,
        polish,
        LANGUAGES.map((l) => searchModel(cipher, polish, l, 1000)),
      ),
    ).toBeUndefined();
  });

  // Auto's search in the language it names starts cooler than its glance and look there (below 200 letters run
  // together), so afresh, with the allowance a solve has (src/analysis/substitution/auto.ts): the same answer.
  it('answers a text of up to 100 letters run together as a solve in the language it names does', () => {
    const short = passages.filter((p) => letterIndices(p.text, basic).length <= 100).slice(0, 4);
    expect(short.length).toBe(4);
    for (const p of short) {
      const cipher = lettersOnly(substitutionEncrypt(p.text, KEY, basic));
      const auto = solveSubstitution(cipher, basic, 'auto');
      expect(auto.language).toBe(p.language);
      expect(auto).toEqual(solveSubstitution(cipher, basic, p.language));
    }
  }, 120_000);

  it('always keeps the clues it is given', () => {
    const p = passages[0]!;
    const cipher = substitutionEncrypt(p.text, KEY, basic);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 25 }), { maxLength: 4 }), fc.integer(), (plains, seed) => {
        // Clues that may be wrong: plain letter p pinned to some cipher letter, distinct on both sides.
        const clues = new Map<number, number>();
        for (const [i, pl] of plains.entries()) clues.set((pl + 7 * i + Math.abs(seed)) % 26, pl);
        if (new Set(clues.keys()).size !== plains.length) return;
        const best = solveSubstitution(cipher, basic, p.language, { clues, effort: 0.2 }).solutions[0]!;
        for (const [c, pl] of clues) {
          if (letterIndices(cipher, basic).includes(c)) expect(best.key[pl]).toBe(basic.letters[c]);
        }
      }),
      { numRuns: 6 },
    );
  }, 120_000);

  it('answers random letters below one half, saying there is most likely no answer', () => {
    let s = 7;
    const random = () => {
      s = (s * 1103515245 + 12345) % 2 ** 31;
      return s / 2 ** 31;
    };
    for (let i = 0; i < 4; i++) {
      const words = Array.from({ length: 20 }, () =>
        Array.from({ length: 3 + Math.floor(random() * 5) }, () => basic.letters[Math.floor(random() * 26)]).join(''),
      );
      const r = solveSubstitution(words.join(' '), basic, 'en');
      expect(r.solutions[0]!.score).toBeLessThan(0.5);
      expect(r.reason).toBe('no_answer');
    }
  }, 60_000);
});

describe('solveSubstitution: keys a rule makes, weighed against the general key', () => {
  // The first held-out English passage of 80 letters or more; every rule below enciphers it.
  const passage = passages.find((p) => p.language === 'en' && letterIndices(p.text, basic).length >= 80)!.text;
  const used = new Set(letterIndices(passage, basic));
  it.each([
    ['a Caesar shift of 3', caesarEncrypt(passage, 3, basic), { cipher: 'caesar', shift: 3 }],
    ['Atbash', atbash(passage, basic), { cipher: 'atbash' }],
    [
      "Wikipedia's affine key a = 5, b = 8",
      affineEncrypt(passage, { a: 5, b: 8 }, basic),
      { cipher: 'affine', a: 5, b: 8 },
    ],
  ] as const)('names %s, and its key fills every cell', (_, text, rule) => {
    const best = solveSubstitution(text, basic, 'en').solutions[0]!;
    expect(best.rule).toEqual(rule);
    expect(best.text).toBe(passage);
    expect(best.key).not.toContain('?');
    expect(best.score).toBeGreaterThan(0.9);
  });

  it('names the ZEBRAS keyword alphabet (Wikipedia, "Substitution cipher"); its key says every cell the rule does', () => {
    const zebras = keywordAlphabet('ZEBRAS', basic);
    const best = solveSubstitution(substitutionEncrypt(passage, zebras, basic), basic, 'en').solutions[0]!;
    expect(best.text).toBe(passage);
    expect(best.rule).toMatchObject({ cipher: 'keyword' });
    // Each cell is the true one or `?`, and every cell of a letter the text uses is known.
    [...best.key].forEach((c, p) => {
      expect([zebras[p], '?']).toContain(c);
      if (used.has(p)) expect(c).toBe(zebras[p]);
    });
    expect(best.rule).toEqual({ cipher: 'keyword', keyword: expect.stringMatching(/^[ZEBRAS?]{6}$/) });
  });

  it('names no rule for a key that follows none', () => {
    const best = solveSubstitution(substitutionEncrypt(passage, KEY, basic), basic, 'en').solutions[0]!;
    expect(best.text).toBe(passage);
    expect(best.rule).toBeUndefined();
  });
});
