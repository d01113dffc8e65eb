// Simple substitution, affine and Atbash: published vectors, key checks, and how each relates to the others.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  affineDecrypt,
  affineEncrypt,
  affineKeyProblem,
  atbash,
  caesarEncrypt,
  cipherAlphabetProblem,
  customAlphabet,
  keywordAlphabet,
  NAMED_ALPHABETS,
  namedAlphabet,
  substitutionDecrypt,
  substitutionEncrypt,
} from '../../src/core/index.js';
import { CONTRACT_ALPHABETS, textFor } from './arbitraries.js';

const basic = namedAlphabet('basic');

describe('simple substitution', () => {
  // Wikipedia, "Substitution cipher", "Simple substitution": the keyword ZEBRAS and its example message.
  it('builds ZEBRAS’s cipher alphabet and enciphers Wikipedia’s example', () => {
    const key = keywordAlphabet('zebras', basic);
    expect(key).toBe('ZEBRASCDFGHIJKLMNOPQTUVWXY');
    const plain = 'flee at once. we are discovered!';
    expect(substitutionEncrypt(plain, key, basic, { preserveCase: false })).toBe('SIAA ZQ LKBA. VA ZOA RFPBLUAOAR!');
    expect(substitutionEncrypt(plain, key, basic)).toBe('siaa zq lkba. va zoa rfpbluaoar!');
    expect(substitutionDecrypt('SIAA ZQ LKBA. VA ZOA RFPBLUAOAR!', key, basic)).toBe(
      'FLEE AT ONCE. WE ARE DISCOVERED!',
    );
  });

  it('says what is wrong with a key that is not a cipher alphabet', () => {
    expect(cipherAlphabetProblem('ZEBRASCDFGHIJKLMNOPQTUVWXY', basic)).toBeNull();
    expect(cipherAlphabetProblem('zebrascdfghijklmnopqtuvwxy', basic)).toBeNull();
    expect(cipherAlphabetProblem('ZEBRAS-CDFGHIJKLMNOPQTUVWX', basic)).toMatch(/only letters/);
    expect(cipherAlphabetProblem('ZEBRASCDFGHIJKLMNOPQTUVWXZ', basic)).toMatch(/Z is given twice/);
    expect(cipherAlphabetProblem('ZEBRASCDFGHIJKLMNOPQTUVWX', basic)).toMatch(/Y is missing/);
    // The first letter missing is index 0: "missing" is found by indexOf, which a `> 0` would miss.
    expect(cipherAlphabetProblem('BCDEFGHIJKLMNOPQRSTUVWXYZ', basic)).toMatch(/A is missing/);
    expect(() => substitutionEncrypt('abc', 'ABC', basic)).toThrow(RangeError);
    // The key's own problem, not a later error of building its permutation.
    expect(() => substitutionEncrypt('abc', 'ABC', basic)).toThrow('D is missing');
    expect(() => substitutionDecrypt('abc', 'BCDEFGHIJKLMNOPQRSTUVWXYZ', basic)).toThrow('A is missing');
  });

  it.each(NAMED_ALPHABETS)('%s: a keyword’s alphabet holds every letter once, the keyword’s first', (name) => {
    const a = namedAlphabet(name);
    const [upper, lower] = CONTRACT_ALPHABETS[name];
    fc.assert(
      fc.property(textFor([...upper, ...lower]), (keyword) => {
        const key = keywordAlphabet(keyword, a);
        expect(cipherAlphabetProblem(key, a)).toBeNull();
        const firsts = [...new Set(caesarEncrypt(keyword, 0, a, { preserveCase: false, preserveNonAlpha: false }))];
        expect(key.startsWith(firsts.join(''))).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

describe('affine', () => {
  // Wikipedia, "Affine cipher", "Encrypting": a = 5, b = 8.
  it('enciphers Wikipedia’s AFFINE CIPHER with a = 5, b = 8, and back', () => {
    expect(affineEncrypt('AFFINE CIPHER', { a: 5, b: 8 }, basic)).toBe('IHHWVC SWFRCP');
    expect(affineDecrypt('IHHWVC SWFRCP', { a: 5, b: 8 }, basic)).toBe('AFFINE CIPHER');
  });

  it('refuses an a that shares a factor with the alphabet’s size, and nothing else', () => {
    expect(affineKeyProblem({ a: 13, b: 0 }, 26)).toMatch(/share no factor/);
    expect(affineKeyProblem({ a: 2, b: 0 }, 26)).toMatch(/share no factor/);
    expect(affineKeyProblem({ a: 2, b: 0 }, 27)).toBeNull();
    expect(affineKeyProblem({ a: -5, b: -100 }, 26)).toBeNull();
    expect(() => affineEncrypt('abc', { a: 13, b: 1 }, basic)).toThrow(/share no factor/);
  });

  it('refuses an a or a b that is not an integer, either alone', () => {
    for (const key of [
      { a: 1.5, b: 0 },
      { a: 3, b: 0.5 },
    ]) {
      expect(affineKeyProblem(key, 26)).toBe('The a and b must be integers.');
      expect(() => affineDecrypt('abc', key, basic)).toThrow('The a and b must be integers.');
    }
  });

  it.each(NAMED_ALPHABETS)('%s: a = 1 is the Caesar shift by b', (name) => {
    const a = namedAlphabet(name);
    const [upper, lower] = CONTRACT_ALPHABETS[name];
    fc.assert(
      fc.property(textFor([...upper, ...lower]), fc.integer({ min: -60, max: 60 }), (t, b) => {
        expect(affineEncrypt(t, { a: 1, b }, a)).toBe(caesarEncrypt(t, b, a));
      }),
      { numRuns: 100 },
    );
  });
});

describe('Atbash', () => {
  // Wikipedia, "Atbash": the Latin alphabet reversed.
  it('reverses the alphabet, case kept', () => {
    expect(atbash('ABCDEFGHIJKLMNOPQRSTUVWXYZ', basic)).toBe('ZYXWVUTSRQPONMLKJIHGFEDCBA');
    expect(atbash('Hello, World!', basic)).toBe('Svool, Dliow!');
  });

  it('is its own inverse on every named alphabet and on a custom one that mixes letters and digits', () => {
    const alphabets = [
      ...NAMED_ALPHABETS.map((name) => [namedAlphabet(name), [...CONTRACT_ALPHABETS[name].join('')]] as const),
      [customAlphabet('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), [...'ABCabcxyzXYZ0189']] as const,
    ];
    for (const [a, letters] of alphabets) {
      fc.assert(
        fc.property(textFor(letters), (t) => {
          expect(atbash(atbash(t, a), a)).toBe(t);
        }),
        { numRuns: 50 },
      );
    }
  });
});
