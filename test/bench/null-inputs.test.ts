// The null sets' input makers (bench/accuracy/null-inputs.ts) on a corpus of a few lines per language written here,
// each language with letters of its own, and the rule that the kinds not fitted on never reach a calibration fit.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../src/analysis/index.js';
import { vigenereEncrypt } from '../../src/core/index.js';

// Each language's validation passage (lines 90–99 of 200, scripts/corpus/split.ts) uses letters no other one does,
// so a text's letters tell which language it was cut from; the Polish one has ł and ż, which English lacks.
const PASSAGES: Record<Language, string> = {
  en: 'Abc bad cab dab.',
  pl: 'Łeż feł żeł fe.',
  de: 'Ghg hug guh uhg.',
  es: 'Ijk kij jik ikj.',
  fr: 'Mno nom mon onm.',
};
const LETTERS: Record<Language, string> = { en: 'ABCD', pl: 'LEZF', de: 'GHU', es: 'IJK', fr: 'MNO' };

let inputs: typeof import('../../bench/accuracy/null-inputs.js');
let samples: typeof import('../../bench/accuracy/samples.js');
let mulberry32: (seed: number) => () => number;
let dir: string;
let saved: string | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'null-inputs-'));
  for (const [language, passage] of Object.entries(PASSAGES)) {
    const lines = Array.from({ length: 200 }, (_, i) => (i >= 90 && i < 100 ? passage : `training line ${i} zzzz`));
    writeFileSync(join(dir, `${language}.txt`), `${lines.join('\n')}\n`);
  }
  // scripts/corpus.ts reads CORPUS_DIR at each call (corpusDir()); it is set by hand and put back after.
  saved = process.env.CORPUS_DIR;
  process.env.CORPUS_DIR = dir;
  samples = await import('../../bench/accuracy/samples.js');
  inputs = await import('../../bench/accuracy/null-inputs.js');
  ({ mulberry32 } = await import('../../bench/accuracy/internals.js'));
});

afterAll(() => {
  if (saved === undefined) delete process.env.CORPUS_DIR;
  else process.env.CORPUS_DIR = saved;
  rmSync(dir, { recursive: true, force: true });
});

const samplersOf = (format: 'spaced' | 'letters') => {
  const made = new Map<Language, InstanceType<typeof samples.Sampler>>();
  return (language: Language) => {
    const s = made.get(language) ?? new samples.Sampler(format, language, 'validation', {}, 'all');
    made.set(language, s);
    return s;
  };
};

/** Whether `to` is `from` under one substitution: the same layout and case, and letter for letter a bijection. */
function isSubstitution(from: string, to: string): boolean {
  const a = [...from];
  const b = [...to];
  if (a.length !== b.length) return false;
  const there = new Map<string, string>();
  const back = new Map<string, string>();
  return a.every((c, i) => {
    const d = b[i] as string;
    const isLetter = /\p{L}/u.test(c);
    if (!isLetter || !/\p{L}/u.test(d)) return c === d;
    if ((c === c.toUpperCase()) !== (d === d.toUpperCase())) return false;
    const [x, y] = [c.toUpperCase(), d.toUpperCase()];
    if ((there.get(x) ?? y) !== y || (back.get(y) ?? x) !== x) return false;
    there.set(x, y);
    back.set(y, x);
    return true;
  });
}

const sortedLetters = (text: string): string => [...text.toUpperCase().replace(/[^\p{L}]/gu, '')].sort().join('');

describe('the null kinds and calibration', () => {
  it('keeps the fitted kinds first, in their order (a kind’s seed is its place), and marks the new ones not fitted', async () => {
    const report = await import('../../bench/accuracy/report.js');
    const sub = await import('../../bench/accuracy/substitution-report.js');
    expect(report.NULL_KINDS.slice(0, 3)).toEqual(['random', 'shuffled', 'key']);
    expect(report.FITTED_NULL_KINDS).toEqual(['random', 'shuffled', 'key']);
    expect(report.UNFITTED_NULL_KINDS).toEqual(['cryptogram', 'foreign']);
    expect(sub.NULL_KINDS).toEqual(['random', 'shuffled', 'vigenere', 'foreign']);
    expect(sub.NULL_KINDS.filter(sub.isFittedKind)).toEqual(['random', 'shuffled']);
  });

  it('never gives a kind not fitted on to the Caesar and Vigenère fits', async () => {
    const { nullEvidence } = await import('../../bench/accuracy/null-set.js');
    const { NULL_KINDS } = await import('../../bench/accuracy/report.js');
    const items = NULL_KINDS.flatMap((kind) =>
      (['caesar', 'vigenere'] as const).map((solver) => ({
        solver,
        kind,
        language: 'en',
        letters: 8,
        conf: 0.9,
        noAnswer: 0.1,
        evidence: 3,
        inner: 0.9,
      })),
    );
    const read = nullEvidence(items, 'spaced');
    expect(read.map((p) => p.kind).sort()).toEqual(['key', 'key', 'random', 'random', 'shuffled', 'shuffled']);
    expect(read.every((p) => p.none && !p.right && p.format === 'spaced')).toBe(true);
  });

  it('never gives a kind not fitted on to the substitution fit', async () => {
    const { substitutionEvidence } = await import('../../bench/accuracy/substitution.js');
    const { NULL_KINDS } = await import('../../bench/accuracy/substitution-report.js');
    const nulls = NULL_KINDS.map((kind) => ({
      presentation: 'spaced' as const,
      language: 'en' as const,
      letters: 64,
      kind,
      ms: 1,
      conf: 0.9,
      inner: 0.9,
      evidence: 5,
    }));
    const read = substitutionEvidence({ solves: [], nulls });
    expect(read).toHaveLength(2);
    expect(read.every((p) => p.none && !p.right)).toBe(true);
  });
});

describe('nullInput (Caesar solve, Vigenère analyze)', () => {
  const seeds = fc.integer({ min: 1, max: 2 ** 31 - 1 });

  it('draws the fitted kinds as before: random letters, the passage shuffled, a 2–3-letter key for Caesar', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const s = samplersOf('spaced')('en');
        const made = (kind: 'random' | 'shuffled' | 'key') =>
          inputs.nullInput(samplersOf('spaced'), 'en', 'caesar', kind, 6, 0, mulberry32(seed));
        const draws = (f: (plain: string, rng: () => number) => string): string => {
          const rng = mulberry32(seed);
          return s.show(f(s.plaintext(6, rng), rng));
        };
        return (
          made('random') === draws((p, rng) => s.randomLetters(p, rng)) &&
          made('shuffled') === draws((p, rng) => s.shuffledLetters(p, rng)) &&
          made('key') === draws((p, rng) => vigenereEncrypt(p, s.key(2 + Math.floor(rng() * 2), rng), s.alphabet))
        );
      }),
    );
  });

  it('makes a cryptogram: the passage under one substitution of its alphabet, layout and case kept', () => {
    for (const format of ['spaced', 'letters'] as const)
      fc.assert(
        fc.property(seeds, fc.constantFrom<Language>('en', 'pl'), (seed, language) => {
          const samplers = samplersOf(format);
          const made = inputs.nullInput(samplers, language, 'vigenere', 'cryptogram', 8, 0, mulberry32(seed));
          const passage = samplers(language).show(samplers(language).plaintext(8, mulberry32(seed)));
          return isSubstitution(passage, made) && made !== passage;
        }),
        { numRuns: 50 },
      );
  });

  it('cuts the foreign kind from the other languages in turn, its letters shuffled', () => {
    expect([0, 1, 2, 3, 4].map((i) => inputs.foreignLanguage('en', i))).toEqual(['pl', 'de', 'es', 'fr', 'pl']);
    expect([0, 1, 2, 3].map((i) => inputs.foreignLanguage('de', i))).toEqual(['en', 'pl', 'es', 'fr']);
    fc.assert(
      fc.property(seeds, fc.integer({ min: 0, max: 7 }), (seed, i) => {
        const samplers = samplersOf('spaced');
        const source = inputs.foreignLanguage('en', i);
        const made = inputs.nullInput(samplers, 'en', 'caesar', 'foreign', 6, i, mulberry32(seed));
        // The same random numbers cut the same passage of the source language, read in English's alphabet.
        const passage = samplers('en').adopt(samplers(source).plaintext(6, mulberry32(seed)));
        return (
          sortedLetters(made) === sortedLetters(passage) &&
          [...sortedLetters(made)].every((c) => LETTERS[source].includes(c))
        );
      }),
      { numRuns: 50 },
    );
  });

  it('reads a foreign passage in the solver’s alphabet: a letter it lacks is folded to A–Z', () => {
    expect(samplersOf('spaced')('en').adopt('Łeż, Straße!')).toBe('Lez, Strasse!');
    expect(samplersOf('spaced')('pl').adopt('Łeż, Straße!')).toBe('Łeż, Strasse!');
    const made = inputs.nullInput(samplersOf('spaced'), 'en', 'caesar', 'foreign', 6, 0, mulberry32(7));
    expect(made).not.toMatch(/[łżŁŻ]/u);
  });
});

describe('substitutionNullInput', () => {
  const basicSampler = () => samplersOf('letters')('en');

  it('enciphers another language’s passage under one cipher alphabet', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 7 }), (seed, i) => {
        const cut = (l: Language): string => samplersOf('letters')(l).plaintext(8, mulberry32(seed));
        const made = inputs.substitutionNullInput('foreign', 'en', i, cut, basicSampler(), mulberry32(seed + 1));
        return isSubstitution(cut(inputs.foreignLanguage('en', i)), made);
      }),
      { numRuns: 50 },
    );
  });

  it('puts the vigenere kind under a key of 5–12 letters: one letter repeated reads as the key, whole', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const made = inputs.substitutionNullInput(
          'vigenere',
          'en',
          0,
          () => 'A'.repeat(48),
          basicSampler(),
          mulberry32(seed),
        );
        const period = [...Array(48).keys()].find((p) => p > 0 && [...made].every((c, j) => c === made[j % p]));
        return period !== undefined && period >= 5 && period <= 12;
      }),
    );
  });

  it('keeps the fitted kinds as they were: the passage shuffled, then under a cipher alphabet', () => {
    const cut = (): string => 'Abc bad cab';
    const made = inputs.substitutionNullInput('shuffled', 'en', 0, cut, basicSampler(), mulberry32(3));
    expect(sortedLetters(made)).toHaveLength(9);
    expect(made.replace(/\p{L}/gu, 'x')).toBe('xxx xxx xxx');
  });
});
