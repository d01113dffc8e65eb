// The columns of Porta and autokey (src/analysis/tableau/columns.ts): each key letter's option decodes its column as
// the cipher encoded it (the published tables, through core's variantEncrypt), and Porta's alphabets are reciprocal.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { autokeyColumns, portaColumns } from '../../../src/analysis/tableau/columns.js';
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
