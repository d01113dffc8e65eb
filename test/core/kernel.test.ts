// The BMP table kernel and the Buffer-built output agree with the general code-point loop, on long texts too.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Alphabet,
  customAlphabet,
  fromCodeUnits,
  NAMED_ALPHABETS,
  namedAlphabet,
  shiftEach,
  shiftLetters,
} from '../../src/core/index.js';
import { CONTRACT_ALPHABETS, NON_LETTERS } from './arbitraries.js';

const utf16Unit = fc.integer({ min: 0, max: 0xffff }).map((u) => String.fromCharCode(u));

/** Long texts (past the Buffer threshold) of letters, non-letters, astral characters and lone surrogates. */
function longText(letters: readonly string[]): fc.Arbitrary<string> {
  return fc.string({
    unit: fc.oneof(
      { arbitrary: fc.constantFrom(...letters), weight: 8 },
      { arbitrary: fc.constantFrom(...NON_LETTERS), weight: 3 },
      { arbitrary: utf16Unit, weight: 1 },
    ),
    minLength: 200,
    maxLength: 1500,
  });
}

/** The same alphabet without its BMP tables, so shiftLetters takes the general loop. */
const general = (a: Alphabet): Alphabet => ({ ...a, bmp: null });

const options = fc.record({ preserveCase: fc.boolean(), preserveNonAlpha: fc.boolean() });
const shifts = fc.array(fc.integer({ min: -60, max: 60 }), { minLength: 1, maxLength: 7 });

describe('BMP kernel', () => {
  for (const name of NAMED_ALPHABETS) {
    it(`matches the general loop on ${name}`, () => {
      const a = namedAlphabet(name);
      expect(a.bmp).not.toBeNull();
      const [upper, lower] = CONTRACT_ALPHABETS[name];
      fc.assert(
        fc.property(longText([...upper, ...lower]), shifts, options, (text, s, opts) => {
          expect(shiftLetters(text, a, s, opts)).toBe(shiftLetters(text, general(a), s, opts));
        }),
        { numRuns: 60 },
      );
    });
  }

  for (const name of ['basic', 'spanish'] as const) {
    it(`matches the general loop on Latin-1 text over ${name} (the byte-table path)`, () => {
      const a = namedAlphabet(name);
      expect(a.bmp?.latin1).toBe(true);
      const [upper, lower] = CONTRACT_ALPHABETS[name];
      const latin1Unit = fc.integer({ min: 0, max: 0xff }).map((u) => String.fromCharCode(u));
      const text = fc.string({
        unit: fc.oneof(
          { arbitrary: fc.constantFrom(...upper, ...lower), weight: 6 },
          { arbitrary: latin1Unit, weight: 2 },
        ),
        minLength: 512,
        maxLength: 3000,
      });
      fc.assert(
        fc.property(text, shifts, options, (t, s, opts) => {
          expect(shiftLetters(t, a, s, opts)).toBe(shiftLetters(t, general(a), s, opts));
        }),
        { numRuns: 100 },
      );
    });
  }

  it('matches the general loop on custom alphabets', () => {
    const letters = fc.uniqueArray(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }), {
      minLength: 2,
      maxLength: 40,
    });
    fc.assert(
      fc.property(
        letters.filter((l) => l.every((c) => [...c].length === 1)),
        shifts,
        options,
        fc.integer({ min: 200, max: 800 }),
        (ls, s, opts, n) => {
          const a = customAlphabet(ls.join(''));
          const text = Array.from({ length: n }, (_, i) => (i % 3 ? ls[i % ls.length] : NON_LETTERS[i % 7])).join('');
          expect(shiftLetters(text, a, s, opts)).toBe(shiftLetters(text, general(a), s, opts));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('builds long strings with lone surrogates intact', () => {
    const units = new Uint16Array(5000);
    for (let i = 0; i < units.length; i++) units[i] = [0x61, 0xd800, 0xdc00, 0xdbff, 0x20ac][i % 5] as number;
    const s = fromCodeUnits(units, 4999);
    expect(s.length).toBe(4999);
    for (let i = 0; i < s.length; i++) expect(s.charCodeAt(i)).toBe(units[i]);
  });

  it('reuses a custom alphabet sent again', () => {
    expect(customAlphabet('ABCXYZ')).toBe(customAlphabet('ABCXYZ'));
  });
});

describe('shiftEach (one text under many shifts, for the Caesar solver)', () => {
  const alphabets: [string, Alphabet, readonly string[]][] = [
    ...NAMED_ALPHABETS.map((name): [string, Alphabet, readonly string[]] => [
      name,
      namedAlphabet(name),
      [...CONTRACT_ALPHABETS[name][0], ...CONTRACT_ALPHABETS[name][1]],
    ]),
    ['mixed custom A–Z0–9', customAlphabet('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), [...'ABCabcxyzXYZ0189']],
    ['astral custom', customAlphabet('ab😀🔐c'), [...'abcABC😀🔐']],
  ];
  for (const [name, a, letters] of alphabets) {
    it(`gives shiftLetters' text under every shift on ${name}`, () => {
      fc.assert(
        fc.property(longText(letters), (text) => {
          const each = shiftEach(text, a);
          for (let shift = 0; shift < a.size; shift++) expect(each(shift)).toBe(shiftLetters(text, a, [-shift]));
        }),
        { numRuns: 15 },
      );
    });
  }

  // From 8,192 units a narrow text (every unit below U+0100, alphabet of at most 256) is shifted two units at a time
  // (pairedDecrypter): the texts above stop at 1,500, so this path is checked here, at an even and an odd length.
  it.each([8192, 8193, 9001])('gives the same text by pairs at %i units, on basic and german', (length) => {
    for (const name of ['basic', 'german'] as const) {
      const a = namedAlphabet(name);
      const pool = [...CONTRACT_ALPHABETS[name][0], ...CONTRACT_ALPHABETS[name][1], ' ', '.', 'é', '7'];
      let text = '';
      for (let i = 0; text.length < length; i++) text += pool[(i * 7919 + (i >> 3)) % pool.length];
      text = text.slice(0, length);
      const each = shiftEach(text, a);
      for (let shift = 0; shift < a.size; shift++) expect(each(shift)).toBe(shiftLetters(text, a, [-shift]));
    }
  });
});
