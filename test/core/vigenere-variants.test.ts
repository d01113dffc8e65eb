// The Vigenère family's transforms: published vectors, how the variants relate, the key rules, and the round trip
// for every variant and alphabet as a property.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  alphabetOf,
  namedAlphabet,
  VIGENERE_VARIANTS,
  variantDecrypt,
  variantEncrypt,
  variantKeyProblem,
  vigenereDecrypt,
  vigenereEncrypt,
} from '../../src/core/index.js';
import { alphabetCase, textFor } from './arbitraries.js';

const basic = namedAlphabet('basic');

describe('published vectors', () => {
  // Wikipedia, "Porta cipher" (its worked example).
  it('Porta: FORTIFICATION on DEFENDTHEEASTWALLOFTHECASTLE', () => {
    const c = variantEncrypt('DEFENDTHEEASTWALLOFTHECASTLE', 'FORTIFICATION', 'porta', basic);
    expect(c).toBe('SYNNJSCVRNRLAHUTUKUCVRYRLANY');
    expect(variantDecrypt(c, 'FORTIFICATION', 'porta', basic)).toBe('DEFENDTHEEASTWALLOFTHECASTLE');
  });

  // Wikipedia, "Beaufort cipher" (its worked example, the same message and key).
  it('Beaufort: FORTIFICATION on DEFENDTHEEASTWALLOFTHECASTLE', () => {
    const c = variantEncrypt('DEFENDTHEEASTWALLOFTHECASTLE', 'FORTIFICATION', 'beaufort', basic);
    expect(c).toBe('CKMPVCPVWPIWUJOGIUAPVWRIWUUK');
    expect(variantDecrypt(c, 'FORTIFICATION', 'beaufort', basic)).toBe('DEFENDTHEEASTWALLOFTHECASTLE');
  });

  // Wikipedia, "Autokey cipher": the primer QUEENLY.
  it('autokey: QUEENLY on "attack at dawn", case and spaces kept', () => {
    expect(variantEncrypt('attack at dawn', 'QUEENLY', 'autokey', basic)).toBe('qnxepv yt wtwp');
    expect(variantDecrypt('qnxepv yt wtwp', 'QUEENLY', 'autokey', basic)).toBe('attack at dawn');
  });
});

describe('how the variants relate', () => {
  const text = 'Wer reitet so spät durch Nacht und Wind?';
  it('Gronsfeld is Vigenère with key letters A–J', () => {
    expect(variantEncrypt(text, '31415', 'gronsfeld', basic)).toBe(vigenereEncrypt(text, 'DBEBF', basic));
  });

  it('variant Beaufort encrypts as Vigenère decrypts', () => {
    expect(variantEncrypt(text, 'KEY', 'variant_beaufort', basic)).toBe(vigenereDecrypt(text, 'KEY', basic));
  });

  it('Beaufort and Porta are their own inverses', () => {
    for (const variant of ['beaufort', 'porta'] as const)
      expect(variantEncrypt(text, 'LEMON', variant, basic)).toBe(variantDecrypt(text, 'LEMON', variant, basic));
  });

  it('autokey with a primer as long as the text is Vigenère with that key', () => {
    expect(variantEncrypt('HELLO', 'WORLD', 'autokey', basic)).toBe(vigenereEncrypt('HELLO', 'WORLD', basic));
  });

  // The definition: the key is the primer, then the plaintext itself. QUEENLY's vector above goes on with the
  // plaintext's first letter, A, a shift of 0, so a key that read nothing past the primer would pass it too.
  it('autokey goes on past its primer with the plaintext, from its first letter', () => {
    expect(variantEncrypt('HELLO WORLD', 'KEY', 'autokey', basic)).toBe(
      vigenereEncrypt('HELLO WORLD', 'KEYHELLOWO', basic),
    );
    expect(variantDecrypt(vigenereEncrypt('HELLOWORLD', 'KEYHELLOWO', basic), 'KEY', 'autokey', basic)).toBe(
      'HELLOWORLD',
    );
  });
});

describe('keys each variant takes', () => {
  it.each([
    ['vigenere', 'LEMON', null],
    ['vigenere', 'L3MON', /only letters/],
    ['vigenere', '', /required/],
    ['gronsfeld', '31415', null],
    ['gronsfeld', 'LEMON', /only the digits 0–9/],
    ['gronsfeld', '', /required/],
    ['autokey', 'QUEENLY', null],
    ['porta', 'KEY', null],
  ] as const)('%s, key %j', (variant, key, problem) => {
    const got = variantKeyProblem(key, variant, basic);
    if (problem === null) expect(got).toBeNull();
    else expect(got).toMatch(problem);
  });

  it('Porta needs an alphabet of even length', () => {
    expect(variantKeyProblem('KEY', 'porta', namedAlphabet('polish'))).toMatch(/even length.*35 letters/);
    expect(variantKeyProblem('KEY', 'porta', namedAlphabet('german'))).toBeNull();
  });
});

describe('decrypt ∘ encrypt is the identity', () => {
  it('for every variant and alphabet, case and other characters kept', () => {
    const input = alphabetCase.chain(({ spec, letters, forms }) =>
      fc.record({
        spec: fc.constant(spec),
        text: textFor(forms),
        key: fc.array(fc.constantFrom(...letters), { minLength: 1, maxLength: 8 }).map((k) => k.join('')),
        digits: fc.stringMatching(/^[0-9]{1,6}$/),
        variant: fc.constantFrom(...VIGENERE_VARIANTS),
      }),
    );
    fc.assert(
      fc.property(input, ({ spec, text, key, digits, variant }) => {
        const a = alphabetOf(spec);
        const k = variant === 'gronsfeld' ? digits : key;
        fc.pre(variantKeyProblem(k, variant, a) === null);
        expect(variantDecrypt(variantEncrypt(text, k, variant, a), k, variant, a)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});
