// Code-point text helpers, lone surrogates, and the preserve_case / preserve_non_alpha options of the shift kernel.
import { describe, expect, it } from 'vitest';
import {
  caesarDecrypt,
  caesarEncrypt,
  codePointLength,
  codePointPrefix,
  customAlphabet,
  fromCodeUnits,
  letterIndices,
  namedAlphabet,
  rot13,
  shiftLetters,
  type TextOptions,
  vigenereEncrypt,
} from '../../src/core/index.js';

describe('codePointLength', () => {
  it.each<[string, string, number]>([
    ['empty', '', 0],
    ['ASCII', 'abc', 3],
    ['Latin letters with diacritics (precomposed)', 'Zażółć', 6],
    ['ẞ and ß', 'ẞß', 2],
    ['one emoji (2 UTF-16 units)', '😀', 1],
    ['emoji between letters', 'a😀b', 3],
    ['emoji with skin tone modifier (2 code points)', '👍🏽', 2],
    ['ZWJ family (5 code points)', '👨‍👩‍👧', 5],
    ['decomposed ą (a + U+0328)', 'a\u0328', 2],
    ['lone high surrogate', '\ud800', 1],
    ['lone low surrogate', '\udc00', 1],
    ['two high surrogates', '\ud800\ud800', 2],
    ['reversed pair', '\ude00\ud83d', 2],
    ['high surrogate at the end', 'ab\ud83d', 3],
    // The edges of the surrogate ranges: U+10FFFF is D BFF + D FFF; a low surrogate after a letter stands alone.
    ['the last code point, U+10FFFF', '\udbff\udfff', 1],
    ['a pair ending in DFFF', '\ud83d\udfff', 1],
    ['a low surrogate after a letter', 'a\udc00', 2],
  ])('%s → %i', (_label, s, n) => {
    expect(codePointLength(s)).toBe(n);
    expect(codePointLength(s)).toBe([...s].length);
  });
});

describe('codePointPrefix', () => {
  it.each<[string, number, string]>([
    ['a😀b', 0, ''],
    ['a😀b', 1, 'a'],
    ['a😀b', 2, 'a😀'],
    ['a😀b', 3, 'a😀b'],
    ['a😀b', 10, 'a😀b'],
    ['😀😀', 1, '😀'],
    ['👍🏽x', 1, '👍'],
    ['\ud800\udc00', 1, '\ud800\udc00'],
    ['\ud800a', 1, '\ud800'],
    ['\udc00\ud800', 1, '\udc00'],
    ['', 5, ''],
    ['abc', -1, ''],
    ['\udbff\udfffx', 1, '\udbff\udfff'],
    ['\ud83d\udfffx', 1, '\ud83d\udfff'],
    ['a\udc00b', 1, 'a'],
  ])('(%j, %i) → %j', (s, count, expected) => {
    expect(codePointPrefix(s, count)).toBe(expected);
  });

  it('never splits a surrogate pair', () => {
    const s = '😀'.repeat(300);
    const p = codePointPrefix(s, 200);
    expect(p.length).toBe(400);
    expect(codePointLength(p)).toBe(200);
  });
});

describe('fromCodeUnits', () => {
  it('builds strings from the first `length` units, keeping lone surrogates', () => {
    const units = Uint16Array.from([0x61, 0xd800, 0x62, 0xdc00, 0x63]);
    expect(fromCodeUnits(units, 5)).toBe('a\ud800b\udc00c');
    expect(fromCodeUnits(units, 2)).toBe('a\ud800');
    expect(fromCodeUnits(units, 0)).toBe('');
  });

  it('handles more units than one chunk', () => {
    const n = 8192 * 2 + 17;
    const units = new Uint16Array(n);
    for (let i = 0; i < n; i++) units[i] = i % 3 === 0 ? 0xd83d : 0x41 + (i % 26);
    let expected = '';
    for (let i = 0; i < n; i++) expected += String.fromCharCode(units[i] as number);
    expect(fromCodeUnits(units, n)).toBe(expected);
    expect(fromCodeUnits(units, 8192)).toBe(expected.slice(0, 8192));
  });
});

describe('letterIndices', () => {
  it('lists alphabet indices of the letters only', () => {
    expect(Array.from(letterIndices('Hello, World!', namedAlphabet('basic')))).toEqual([
      7, 4, 11, 11, 14, 22, 14, 17, 11, 3,
    ]);
    expect(Array.from(letterIndices('Grüße!', namedAlphabet('german')))).toEqual([6, 17, 28, 29, 4]);
    expect(Array.from(letterIndices('😀 1 ?', namedAlphabet('basic')))).toEqual([]);
  });
});

describe('preserve_case and preserve_non_alpha', () => {
  const basic = namedAlphabet('basic');
  const german = namedAlphabet('german');
  const text = 'Hello, Wörld! 😀 ẞ';

  // Combinations of the two options on one text (basic: ö and ẞ are not letters; german: both are).
  it.each<[string, TextOptions, string, string]>([
    ['defaults', {}, 'Ifmmp, Xösme! 😀 ẞ', 'Ifmmp, Xüsme! 😀 A'],
    ['both true', { preserveCase: true, preserveNonAlpha: true }, 'Ifmmp, Xösme! 😀 ẞ', 'Ifmmp, Xüsme! 😀 A'],
    ['case false', { preserveCase: false }, 'IFMMP, XöSME! 😀 ẞ', 'IFMMP, XÜSME! 😀 A'],
    ['non-alpha false', { preserveNonAlpha: false }, 'IfmmpXsme', 'IfmmpXüsmeA'],
    ['both false', { preserveCase: false, preserveNonAlpha: false }, 'IFMMPXSME', 'IFMMPXÜSMEA'],
  ])('%s', (_label, opts, inBasic, inGerman) => {
    expect(caesarEncrypt(text, 1, basic, opts)).toBe(inBasic);
    expect(caesarEncrypt(text, 1, german, opts)).toBe(inGerman);
  });

  it('options apply the same way to decrypt, ROT13 and Vigenère', () => {
    const opts = { preserveCase: false, preserveNonAlpha: false };
    expect(caesarDecrypt('Ifmmp, Xpsme!', 1, basic, opts)).toBe('HELLOWORLD');
    expect(rot13('Uryyb, Jbeyq!', opts)).toBe('HELLOWORLD');
    expect(vigenereEncrypt('Hello, World!', 'A', basic, opts)).toBe('HELLOWORLD');
  });

  it('drops everything when no character is a letter and preserve_non_alpha is false', () => {
    expect(caesarEncrypt('123 😀 !?', 5, basic, { preserveNonAlpha: false })).toBe('');
    expect(caesarEncrypt('', 5, basic)).toBe('');
  });
});

describe('lone surrogates in text', () => {
  const basic = namedAlphabet('basic');

  it.each<[string, string]>([
    ['a\ud800b', 'b\ud800c'],
    ['\udc00', '\udc00'],
    ['x\ud83d', 'y\ud83d'],
    ['\ude00\ud83dz', '\ude00\ud83da'],
    ['\ud800\ud800a', '\ud800\ud800b'],
    ['😀\ud83d', '😀\ud83d'],
  ])('%j +1 → %j (kept as is)', (text, expected) => {
    expect(caesarEncrypt(text, 1, basic)).toBe(expected);
    expect(caesarDecrypt(expected, 1, basic)).toBe(text);
    expect(codePointLength(caesarEncrypt(text, 1, basic))).toBe(codePointLength(text));
  });

  it('drops them when preserve_non_alpha is false', () => {
    expect(caesarEncrypt('a\ud800b\udc00c', 1, basic, { preserveNonAlpha: false })).toBe('bcd');
  });

  it('does not advance the Vigenère key', () => {
    expect(vigenereEncrypt('a\ud800a', 'AB', basic)).toBe('a\ud800b');
  });
});

describe('shiftLetters', () => {
  const basic = namedAlphabet('basic');

  it('applies a periodic list of shifts, one per letter', () => {
    expect(shiftLetters('aaaa, aa', basic, [0, 1, 2])).toBe('abca, bc');
    expect(shiftLetters('abc', basic, Int32Array.from([1]))).toBe('bcd');
  });

  it('normalises any integer shift modulo the alphabet size', () => {
    expect(shiftLetters('abc', basic, [27])).toBe('bcd');
    expect(shiftLetters('abc', basic, [-27])).toBe('zab');
    expect(shiftLetters('abc', basic, [26 * 1_000_000 + 1])).toBe('bcd');
    expect(shiftLetters('abc', basic, [-(2 ** 31)])).toBe(caesarEncrypt('abc', -(2 ** 31) % 26, basic));
    expect(shiftLetters('abc', basic, [Number.MAX_SAFE_INTEGER])).toBe(
      caesarEncrypt('abc', Number.MAX_SAFE_INTEGER % 26, basic),
    );
    expect(shiftLetters('😂', customAlphabet('😀😁😂'), [-7])).toBe('😁');
  });

  it('refuses an empty list of shifts', () => {
    expect(() => shiftLetters('abc', basic, [])).toThrow(RangeError);
    expect(() => shiftLetters('', basic, [])).toThrow(RangeError);
  });
});
