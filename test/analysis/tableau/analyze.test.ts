// A Porta or autokey analysis (src/analysis/tableau/analyze.ts) answers every field it reports: the key, its length
// among the likeliest, the preview, the coincidences, a confidence against "no answer".
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../scripts/lib/random.js';
import { analyzeVariant } from '../../../src/analysis/index.js';
import { analyzeTableau } from '../../../src/analysis/tableau/index.js';
import { iocScores } from '../../../src/analysis/vigenere/ioc.js';
import { namedAlphabet, variantEncrypt } from '../../../src/core/index.js';
import { HARBOUR_EN } from '../texts.js';

const basic = namedAlphabet('basic');

describe('analyzeTableau', () => {
  const how = { fit: { slope: 0.36, offset: 0.6 }, preview: 200, iocScores };
  const text = (variant: 'porta' | 'autokey', key: string) =>
    variantEncrypt(HARBOUR_EN.slice(0, 240), key, variant, basic);

  it.each([
    ['porta', 'QUAYSIDE', 'QUAYSICE'],
    ['autokey', 'HARBOUR', 'HARBOUR'],
  ] as const)('%s under %s: every field of the answer', (variant, key, answered) => {
    const r = analyzeTableau(text(variant, key), basic, 'en', 10, variant, how);
    expect(r).toMatchObject({ language: 'en', probable_key: answered, best_key_length: key.length });
    expect(r.probable_key_lengths[0]).toBe(key.length);
    expect(new Set(r.probable_key_lengths).size).toBe(r.probable_key_lengths.length);
    expect(r.probable_key_lengths.length).toBeLessThanOrEqual(5);
    expect(r.decrypted_preview).toBe(HARBOUR_EN.slice(0, 200));
    expect(Object.keys(r.ioc_scores)).toEqual(Array.from({ length: 10 }, (_, i) => String(i + 1)));
    expect(r.confidence).toBeGreaterThan(0.9);
    expect(r.no_answer).toBeLessThan(1e-6);
    expect(r.reason).toBeUndefined();
  });

  it('with auto, names the language whose letter frequencies read best', () => {
    const r = analyzeTableau(text('autokey', 'HARBOUR'), basic, 'auto', 10, 'autokey', how);
    expect(r).toMatchObject({ language: 'en', probable_key: 'HARBOUR' });
  });

  it('keeps to max_key_length, and to half the letters', () => {
    const r = analyzeTableau(text('porta', 'QUAYSIDE'), basic, 'en', 5, 'porta', how);
    expect(Object.keys(r.ioc_scores)).toHaveLength(5);
    expect(r.best_key_length).toBeLessThanOrEqual(5);
    const short = analyzeTableau(
      variantEncrypt('THEOLDHARBOURLIESATTHEEND', 'KEY', 'porta', basic),
      basic,
      'en',
      20,
      'porta',
      how,
    );
    expect(Object.keys(short.ioc_scores)).toHaveLength(12);
  });

  it('answers random letters with "no answer", and a confidence below one half', () => {
    const rng = mulberry32(0x7ab1e);
    const random = Array.from({ length: 80 }, () => basic.letters[Math.floor(rng() * 26)]).join('');
    for (const variant of ['porta', 'autokey'] as const) {
      const r = analyzeTableau(random, basic, 'en', 10, variant, how);
      expect(r.no_answer).toBeGreaterThan(0.5);
      expect(r.confidence).toBeLessThan(0.5);
      expect(r.reason).toBe('no_answer');
    }
  });

  it('rescales the raw confidence by the Platt fit it is given (the identity leaves it as it is)', () => {
    let raw = Number.NaN;
    const r = analyzeTableau(text('porta', 'QUAYSIDE'), basic, 'en', 10, 'porta', {
      ...how,
      calibration: { a: 1, b: 0 },
      raw: (x) => {
        raw = x;
      },
    });
    expect(raw).toBeGreaterThan(0);
    expect(raw).toBeLessThanOrEqual(1);
    expect(r.confidence).toBeCloseTo((1 - r.no_answer) * raw, 9);
  });

  it('answers a Porta key that repeats a shorter one as that one', () => {
    // QUQU's columns read as QU's, so the search may find either length: the answer never repeats itself.
    const r = analyzeVariant(
      variantEncrypt(HARBOUR_EN.slice(0, 200), 'QUQU', 'porta', basic),
      basic,
      'en',
      20,
      'porta',
    );
    expect(r.probable_key).toBe('QU');
    expect(r.best_key_length).toBe(2);
  });
});
