// Vigenère: the key advances on letters only, is case-insensitive, and keyProblem rejects unusable keys.
import { describe, expect, it } from 'vitest';
import {
  caesarEncrypt,
  customAlphabet,
  keyProblem,
  letterIndices,
  type NamedAlphabetName,
  namedAlphabet,
  vigenereDecrypt,
  vigenereDecryptShifts,
  vigenereEncrypt,
} from '../../src/core/index.js';

const basic = namedAlphabet('basic');
const german = namedAlphabet('german');
const polish = namedAlphabet('polish');

const REQUIRED = 'The key field is required.';
const ONLY_LETTERS = 'The key must contain only letters of the selected alphabet.';

describe('the key advances on letters only', () => {
  it.each<[string, string, string]>([
    ['A A', 'AB', 'A B'],
    ['A-1A', 'AB', 'A-1B'],
    ['a, a. a! a', 'ABC', 'a, b. c! a'],
    ['a😀a', 'AB', 'a😀b'],
    ['añaéa', 'ABC', 'añbéc'], // ñ and é are not letters of basic
  ])('%j with key %s → %j', (text, key, expected) => {
    expect(vigenereEncrypt(text, key, basic)).toBe(expected);
    expect(vigenereDecrypt(expected, key, basic)).toBe(text);
  });

  it('advances on letters of the chosen alphabet (ñ is a letter under spanish)', () => {
    expect(vigenereEncrypt('añaa', 'AB', namedAlphabet('spanish'))).toBe('aoab');
  });

  it('does not advance on dropped characters either', () => {
    expect(vigenereEncrypt('a a a', 'AB', basic, { preserveNonAlpha: false })).toBe('aba');
  });

  it('starts again from the first key letter on every call', () => {
    expect(vigenereEncrypt('aaa', 'ABC', basic)).toBe('abc');
    expect(vigenereEncrypt('aaa', 'ABC', basic)).toBe('abc');
  });
});

describe('key case', () => {
  it.each<[NamedAlphabetName, string, string]>([
    ['basic', 'LEMON', 'lemon'],
    ['basic', 'LEMON', 'LeMoN'],
    ['german', 'ẞÄÖÜ', 'ßäöü'],
    ['polish', 'ŻÓŁW', 'żółw'],
  ])('%s: %s ≡ %s', (name, upper, lower) => {
    const a = namedAlphabet(name);
    const text = 'Zażółć gęślą jaźń, Grüße aus Köln, attack at dawn';
    expect(vigenereEncrypt(text, lower, a)).toBe(vigenereEncrypt(text, upper, a));
    expect(Array.from(letterIndices(lower, a))).toEqual(Array.from(letterIndices(upper, a)));
  });

  it('turns key letters into alphabet indices', () => {
    expect(Array.from(letterIndices('LEMON', basic))).toEqual([11, 4, 12, 14, 13]);
    expect(Array.from(letterIndices('ßẞä', german))).toEqual([29, 29, 26]);
    expect(Array.from(letterIndices('ąŻ', polish))).toEqual([1, 34]);
  });

  it('in a custom alphabet holding both cases, key cases are different letters', () => {
    const a = customAlphabet('aAbB');
    expect(Array.from(letterIndices('aA', a))).toEqual([0, 1]);
    expect(vigenereEncrypt('aaaa', 'aA', a)).toBe('aAaA');
  });

  it('accepts emoji keys in an emoji alphabet', () => {
    const e = customAlphabet('😀😁😂');
    expect(keyProblem('😁😂', e)).toBeNull();
    expect(vigenereEncrypt('😀😀😀😀', '😁😂', e)).toBe('😁😂😁😂');
    expect(vigenereDecrypt('😁😂😁😂', '😁😂', e)).toBe('😀😀😀😀');
  });
});

describe('one-letter and repeated keys', () => {
  it('a one-letter key is a Caesar shift by that letter', () => {
    const text = 'The Quick Brown Fox, 😀 jumps over the lazy dog!';
    expect(vigenereEncrypt(text, 'D', basic)).toBe(caesarEncrypt(text, 3, basic));
    expect(vigenereEncrypt(text, 'A', basic)).toBe(text);
    expect(vigenereEncrypt('Straße', 'ẞ', german)).toBe(caesarEncrypt('Straße', 29, german));
  });

  it('repeating the key changes nothing', () => {
    const text = 'attacking tonight at the old mill';
    expect(vigenereEncrypt(text, 'LEMONLEMON', basic)).toBe(vigenereEncrypt(text, 'LEMON', basic));
  });
});

describe('keyProblem', () => {
  it.each<[string, NamedAlphabetName, string | null]>([
    ['LEMON', 'basic', null],
    ['lemon', 'basic', null],
    ['ßẞÄ', 'german', null],
    ['Żółw', 'polish', null],
    ['ÑANDU', 'spanish', null],
    ['', 'basic', REQUIRED],
    ['   ', 'basic', ONLY_LETTERS],
    ['123', 'basic', ONLY_LETTERS],
    ['LE MON', 'basic', ONLY_LETTERS],
    [' LEMON', 'basic', ONLY_LETTERS],
    ['LEMON1', 'basic', ONLY_LETTERS],
    ['LEMON!', 'basic', ONLY_LETTERS],
    ['LEMON😀', 'basic', ONLY_LETTERS],
    ['STRAßE', 'basic', ONLY_LETTERS],
    ['ÑU', 'basic', ONLY_LETTERS],
    ['ÀB', 'spanish', ONLY_LETTERS],
    ['AB\ud800', 'basic', ONLY_LETTERS],
  ])('%j under %s → %s', (key, name, problem) => {
    expect(keyProblem(key, namedAlphabet(name))).toBe(problem);
  });

  it.each(['123', '😀', '!?', '\ud800'])('rejects %j, which has no letter at all', (key) => {
    expect(keyProblem(key, basic)).not.toBeNull();
  });

  it('names the field it checks', () => {
    expect(keyProblem('', basic, 'keyword')).toBe('The keyword field is required.');
    expect(keyProblem('ZEBRA5', basic, 'keyword')).toBe(
      'The keyword must contain only letters of the selected alphabet.',
    );
  });

  it('counts code points, so an astral letter is one key letter', () => {
    const e = customAlphabet('😀😁');
    expect(keyProblem('😀', e)).toBeNull();
    expect(keyProblem('😀x', e)).toBe(ONLY_LETTERS);
  });

  it('encryption refuses a key with no letters instead of producing garbage', () => {
    expect(() => vigenereEncrypt('abc', '', basic)).toThrow(RangeError);
    expect(() => vigenereDecrypt('abc', '123', basic)).toThrow(RangeError);
  });
});

describe('decrypt', () => {
  it('vigenereDecryptShifts with the letter indices of the key equals vigenereDecrypt', () => {
    const text = 'Lxfopv ef rnhr! 😀 Zażółć';
    expect(vigenereDecryptShifts(text, letterIndices('LEMON', basic), basic)).toBe(
      vigenereDecrypt(text, 'LEMON', basic),
    );
    expect(vigenereDecryptShifts('Lxfopv ef rnhr!', [11, 4, 12, 14, 13], basic)).toBe('Attack at dawn!');
    expect(vigenereDecryptShifts('Lxfopv ef rnhr!', [11, 4, 12, 14, 13], basic, { preserveNonAlpha: false })).toBe(
      'Attackatdawn',
    );
  });

  it('undoes encryption on a mixed text in every named alphabet', () => {
    const text = 'Grüße aus Łódź, señor! Œuvre à Zürich 😀 — ß ẞ ÿ Ÿ ñ';
    for (const [name, key] of [
      ['basic', 'SECRET'],
      ['polish', 'ŻÓŁWĄ'],
      ['german', 'ßÄÖÜ'],
      ['spanish', 'ÑANDU'],
      ['french', 'ŒUVRÉ'],
    ] as const) {
      const a = namedAlphabet(name);
      const enc = vigenereEncrypt(text, key, a);
      expect(enc).not.toBe(text);
      expect(vigenereDecrypt(enc, key, a)).toBe(text);
    }
  });
});
