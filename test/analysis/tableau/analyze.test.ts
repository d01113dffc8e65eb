// Porta and autokey read column by column (src/analysis/tableau/): each key letter's option decodes its column as the
// cipher encoded it (the published tables, through core's variantEncrypt), and an analysis answers every field it
// reports: the key, its length among the likeliest, the preview, the coincidences, a confidence against "no answer".
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../scripts/lib/random.js';
import { analyzeVariant } from '../../../src/analysis/index.js';
import { autokeyColumns, portaColumns } from '../../../src/analysis/tableau/columns.js';
import { analyzeTableau } from '../../../src/analysis/tableau/index.js';
import { iocScores } from '../../../src/analysis/vigenere/ioc.js';
import { letterIndices, namedAlphabet, variantEncrypt } from '../../../src/core/index.js';
import { HARBOUR_EN } from '../texts.js';

const basic = namedAlphabet('basic');
const letters = HARBOUR_EN.toUpperCase().replace(/[^A-Z]/g, '');

describe('the columns of Porta and autokey', () => {
  it('decode each column, under the option of its key letter, to the plaintext that was enciphered', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('porta' as const, 'autokey' as const),
        fc.array(fc.integer({ min: 0, max: 25 }), { minLength: 1, maxLength: 9 }),
        fc.integer({ min: 0, max: 1500 }),
        (variant, shifts, from) => {
          const key = shifts.map((s) => basic.letters[s] as string).join('');
          const plain = letters.slice(from, from + 40);
          const c = letterIndices(variantEncrypt(plain, key, variant, basic), basic);
          const p = letterIndices(plain, basic);
          const cipher = variant === 'porta' ? portaColumns(26) : autokeyColumns(26);
          const L = shifts.length;
          for (let j = 0; j < L; j++) {
            // Porta's key letters come in pairs (A and B key alike): option ⌊k/2⌋, named by the pair's first letter.
            const o = variant === 'porta' ? Math.floor((shifts[j] as number) / 2) : (shifts[j] as number);
            expect(cipher.keyLetter(o)).toBe(variant === 'porta' ? 2 * o : o);
            const column = Array.from(p).filter((_, i) => i % L === j);
            expect(cipher.decode(c, L, j, o)).toEqual(column);
          }
        },
      ),
    );
  });

  it('have the table’s number of options: 13 Porta alphabets, 26 autokey primer letters', () => {
    expect([portaColumns(26).options, autokeyColumns(26).options]).toEqual([13, 26]);
    expect([portaColumns(26).variant, autokeyColumns(26).variant]).toEqual(['porta', 'autokey']);
  });

  it('Porta’s alphabets are their own inverses: decoding a decoded column gives the cipher back', () => {
    const c = letterIndices(variantEncrypt(letters.slice(0, 60), 'PORTA', 'porta', basic), basic);
    const porta = portaColumns(26);
    for (let o = 0; o < 13; o++) {
      const once = porta.decode(c, 1, 0, o);
      expect(porta.decode(Uint16Array.from(once), 1, 0, o)).toEqual(Array.from(c));
    }
  });
});

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
