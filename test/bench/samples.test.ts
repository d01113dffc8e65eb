// The accuracy bench's sampler (bench/accuracy/samples.ts): keys reduced to their period, cipher alphabets, and the
// Sampler's draws, worked by hand from fixed random numbers on a corpus of a few lines written here.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedAlphabet } from '../../src/core/index.js';

/** Random numbers that return `values` in turn, then fail the test rather than loop for ever. */
function numbers(...values: number[]): () => number {
  let i = 0;
  return () => {
    if (i >= values.length) throw new Error(`the draw asked for more than ${values.length} random numbers`);
    return values[i++] as number;
  };
}

// One source of 200 lines, so blocks of 10 (scripts/corpus/split.ts): lines 90–99 are validation (two passages,
// then blanks), 190–199 final, 40–49 and 140–149 development, the rest training, which must never be drawn from.
const VALIDATION = ['The cat sat.', 'On a mat.'];
const partOfLine = (i: number): string =>
  i >= 90 && i < 100
    ? 'validation'
    : i >= 190
      ? 'final'
      : (i >= 40 && i < 50) || (i >= 140 && i < 150)
        ? 'dev'
        : 'train';
const LINES = Array.from({ length: 200 }, (_, i) => {
  const part = partOfLine(i);
  if (part === 'validation') return VALIDATION[i - 90] ?? '';
  return part === 'train' ? `training line ${i} zzzz` : `${part} passage ${i}`;
});

let samples: typeof import('../../bench/accuracy/samples.js');
let dir: string;
let saved: string | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sampler-'));
  for (const language of ['en', 'pl']) writeFileSync(join(dir, `${language}.txt`), `${LINES.join('\n')}\n`);
  // scripts/corpus.ts reads CORPUS_DIR at each call (corpusDir()); it is set by hand, since Bun's runner has no
  // vi.stubEnv, and put back after.
  saved = process.env.CORPUS_DIR;
  process.env.CORPUS_DIR = dir;
  samples = await import('../../bench/accuracy/samples.js');
});

afterAll(() => {
  if (saved === undefined) delete process.env.CORPUS_DIR;
  else process.env.CORPUS_DIR = saved;
  rmSync(dir, { recursive: true, force: true });
});

describe('reduceKey', () => {
  it.each([
    ['ABAB', 'AB'],
    ['AAA', 'A'],
    ['ABA', 'ABA'],
    ['ABCABC', 'ABC'],
    ['ABABAB', 'AB'],
    ['AABAAB', 'AAB'],
    ['ABCAB', 'ABCAB'],
    ['K', 'K'],
    ['', ''],
  ])('%s repeats %s', (key, shortest) => {
    expect(samples.reduceKey([...key]).join('')).toBe(shortest);
  });

  it('works on letter indices as well', () => {
    expect(samples.reduceKey([3, 1, 3, 1])).toEqual([3, 1]);
  });
});

describe('cipherAlphabet', () => {
  const basic = namedAlphabet('basic');

  it('is Fisher–Yates: always 0 rotates the letters by one, always just under 1 leaves them in place', () => {
    // j = 0 at every step swaps letters[i] with the first: ABCD → DBCA → CBDA → BCDA, and so on for 26.
    expect(samples.cipherAlphabet(basic, () => 0)).toBe('BCDEFGHIJKLMNOPQRSTUVWXYZA');
    expect(samples.cipherAlphabet(basic, () => 0.999999)).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ');
  });

  it('is always a permutation of the alphabet', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 0.999999, noNaN: true }), { minLength: 25, maxLength: 25 }),
        (u) => {
          const drawn = samples.cipherAlphabet(basic, numbers(...u));
          return [...drawn].sort().join('') === basic.letters.join('');
        },
      ),
    );
  });
});

describe('Sampler', () => {
  const sampler = (language: 'en' | 'pl') => new samples.Sampler('spaced', language, 'validation', {}, 'all');

  it('draws a piece from a word start of the validation lines, exactly so many letters, cut after the last', () => {
    // The validation lines run together (blank ones left out): "The cat sat. On a mat.", words starting at T, c, s, O, a, m (6 starts).
    expect(sampler('en').plaintext(5, numbers(0))).toBe('The ca');
    expect(sampler('en').plaintext(3, numbers(2 / 6))).toBe('sat');
    // 0.99 picks "mat.", which runs out at 3 letters: the start is drawn again, 0.5 → the fourth, "On".
    expect(sampler('en').plaintext(5, numbers(0.99, 0.5))).toBe('On a ma');
  });

  it('never draws from training lines', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 0.999999, noNaN: true }), fc.integer({ min: 1, max: 8 }), (u, n) => {
        return !sampler('en').plaintext(n, numbers(u, 0)).includes('z');
      }),
    );
  });

  it('draws from the part it is given: development or final-test lines, never another part', () => {
    // Development lines run together: "dev passage 40 dev passage 41 …", 3 word starts a line, 20 lines.
    expect(new samples.Sampler('spaced', 'en', 'dev', {}, 'all').plaintext(10, numbers(0))).toBe('dev passage');
    expect(new samples.Sampler('spaced', 'en', 'final', {}, 'all').plaintext(12, numbers(0))).toBe('final passage');
    fc.assert(
      fc.property(fc.double({ min: 0, max: 0.999999, noNaN: true }), (u) => {
        const piece = new samples.Sampler('spaced', 'en', 'final', {}, 'all').plaintext(5, numbers(u, 0));
        return !/dev|training|cat|mat/.test(piece);
      }),
    );
  });

  it('draws a shift from one random number', () => {
    expect(sampler('en').shift(numbers(0.5))).toBe(13);
    expect(sampler('pl').shift(numbers(0.5))).toBe(17);
  });

  it('draws keys that repeat no shorter key, in the language’s alphabet or in A–Z', () => {
    // 0, 0 → AA repeats A: drawn again. 0.49, 0.5 → A–Z 12, 13 (distinct) but Polish (35 letters) 17, 17: again.
    // 0.47, 0.49 → Polish 16, 17 (distinct) but A–Z 12, 12 (the folded formats' key): again. 0.1, 0.2 → Polish 3, 7: C, Ę.
    expect(sampler('pl').key(2, numbers(0, 0, 0.49, 0.5, 0.47, 0.49, 0.1, 0.2))).toBe('CĘ');
    // In English the second pair already differs in A–Z: M, N.
    expect(sampler('en').key(2, numbers(0, 0, 0.49, 0.5))).toBe('MN');
  });

  it('replaces letters by random ones, keeping case and everything else', () => {
    expect(sampler('en').randomLetters('Hi, yo!', () => 0)).toBe('Aa, aa!');
    expect(sampler('en').randomLetters('Hi, yo!', () => 0.999999)).toBe('Zz, zz!');
  });

  it('shuffles letters among their places (Fisher–Yates), each place keeping its case', () => {
    // Indices [A, B, C, D] with j = 0 at every step: DBCA → CBDA → BCDA; the places' cases are A b c D.
    expect(sampler('en').shuffledLetters('Abc D', () => 0)).toBe('Bcd A');
    expect(sampler('en').shuffledLetters('Abc D', () => 0.999999)).toBe('Abc D');
  });
});
