// Known-answer vectors for Caesar, ROT13 and Vigenère, each table citing where its answers come from.
import { describe, expect, it } from 'vitest';
import {
  type AlphabetName,
  caesarDecrypt,
  caesarEncrypt,
  resolveAlphabet,
  rot13,
  type TextOptions,
  vigenereDecrypt,
  vigenereEncrypt,
} from '../../src/core/index.js';

interface CaesarCase {
  text: string;
  shift: number;
  alphabet: AlphabetName;
  custom?: string;
  opts?: TextOptions;
  expected: string;
}

describe('Caesar known answers', () => {
  // Source: Wikipedia, "Caesar cipher", section "Example": a left shift of 3 (equivalently a right shift
  // of 23) turns THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG into QEB NRFZH YOLTK CLU GRJMP LSBO QEB IXWV ALD.
  const wikipedia: CaesarCase[] = [
    {
      text: 'THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG',
      shift: -3,
      alphabet: 'basic',
      expected: 'QEB NRFZH YOLTK CLU GRJMP LSBO QEB IXWV ALD',
    },
    {
      text: 'THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG',
      shift: 23,
      alphabet: 'basic',
      expected: 'QEB NRFZH YOLTK CLU GRJMP LSBO QEB IXWV ALD',
    },
    // Same article, the plain/cipher alphabet rows: ABCDEFGHIJKLMNOPQRSTUVWXYZ → XYZABCDEFGHIJKLMNOPQRSTUVW.
    { text: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', shift: -3, alphabet: 'basic', expected: 'XYZABCDEFGHIJKLMNOPQRSTUVW' },
  ];

  // Source: shared/CONTRACT.md ("Alphabets") and shared/acceptance/conformance.mjs (caesar encrypt/bulk checks).
  const contract: CaesarCase[] = [
    { text: 'Hello, World!', shift: 3, alphabet: 'basic', expected: 'Khoor, Zruog!' },
    { text: 'abc', shift: 1, alphabet: 'basic', expected: 'bcd' },
    { text: 'abc', shift: 2, alphabet: 'basic', expected: 'cde' },
    { text: 'Zürich Straße ẞ', shift: 1, alphabet: 'german', expected: 'Äßsjdi Tusbaf A' },
    { text: 'straße', shift: 0, alphabet: 'german', opts: { preserveCase: false }, expected: 'STRAẞE' },
    { text: 'Niño canción', shift: 1, alphabet: 'spanish', expected: 'Ñjop dbñdjóñ' },
    { text: 'Zoé ÿ œuvre', shift: 1, alphabet: 'french', expected: 'Àpè a ùvwsf' },
    { text: 'Call 2024!', shift: 3, alphabet: 'custom', custom: '0123456789', expected: 'Call 5357!' },
    { text: 'cab CAB', shift: 1, alphabet: 'custom', custom: 'ABC', expected: 'abc ABC' },
    // Polish pangram; hand-checked against the contract's letter order (Ż wraps to A).
    { text: 'Zażółć gęślą jaźń', shift: 1, alphabet: 'polish', expected: 'Źąapmd hftłb kążo' },
    // Ł(15)→L, ó(20)→o, d(5)→ć, ź(33)→z; G(6)→L, r(17)→w, ü(28)→d, ß(29)→e, e(4)→j (indices from the contract).
    { text: 'Łódź', shift: -1, alphabet: 'polish', expected: 'Loćz' },
    { text: 'Grüße', shift: 5, alphabet: 'german', expected: 'Lwdej' },
  ];

  describe.each([
    ['Wikipedia "Caesar cipher"', wikipedia],
    ['the contract', contract],
  ])('%s', (_source, table) => {
    it.each(table)(
      '$text shift $shift ($alphabet) → $expected',
      ({ text, shift, alphabet, custom, opts, expected }) => {
        const a = resolveAlphabet(alphabet, custom);
        expect(caesarEncrypt(text, shift, a, opts)).toBe(expected);
      },
    );

    it.each(table.filter((c) => c.opts === undefined))(
      'decrypts $expected back to $text',
      ({ text, shift, alphabet, custom, expected }) => {
        expect(caesarDecrypt(expected, shift, resolveAlphabet(alphabet, custom))).toBe(text);
      },
    );
  });
});

describe('ROT13 known answers', () => {
  // Source: Wikipedia, "ROT13": the lookup table (A–Z a–z → N–Z A–M n–z a–m), the joke
  // "Why did the chicken cross the road?" / "To get to the other side!", and the word pair abjurer ↔ nowhere.
  const wikipedia: [string, string][] = [
    ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 'NOPQRSTUVWXYZABCDEFGHIJKLMnopqrstuvwxyzabcdefghijklm'],
    ['Why did the chicken cross the road?', 'Jul qvq gur puvpxra pebff gur ebnq?'],
    ['To get to the other side!', 'Gb trg gb gur bgure fvqr!'],
    ['abjurer', 'nowhere'],
  ];
  // Source: the Jargon File, entry "rot13" ("The butler did it!" becomes "Gur ohgyre qvq vg!"), and the
  // net.jokes post "Rotatable Words" (Tom Anderson, 1983): gnat ↔ tang, irk ↔ vex, envy ↔ rail, balk ↔ onyx.
  const jargon: [string, string][] = [
    ['The butler did it!', 'Gur ohgyre qvq vg!'],
    ['gnat', 'tang'],
    ['irk', 'vex'],
    ['envy', 'rail'],
    ['balk', 'onyx'],
  ];
  // Source: shared/acceptance/conformance.mjs (rot13 transform and bulk checks).
  const contract: [string, string][] = [
    ['Hello, World!', 'Uryyb, Jbeyq!'],
    ['abc', 'nop'],
    ['Hello, Wörld', 'Uryyb, Jöeyq'],
  ];

  describe.each([
    ['Wikipedia "ROT13"', wikipedia],
    ['the Jargon File and Usenet', jargon],
    ['the contract', contract],
  ])('%s', (_source, table) => {
    it.each(table)('%s ↔ %s', (plain, cipher) => {
      expect(rot13(plain)).toBe(cipher);
      expect(rot13(cipher)).toBe(plain);
    });
  });

  // Source: shared/acceptance/conformance.mjs ("rot13 preserve_case false / preserve_non_alpha false", bulk).
  it.each<[string, TextOptions, string]>([
    ['Hello, World!', { preserveCase: false }, 'URYYB, JBEYQ!'],
    ['Hello, World!', { preserveNonAlpha: false }, 'UryybJbeyq'],
    ['Hello, World!', { preserveCase: false, preserveNonAlpha: false }, 'URYYBJBEYQ'],
    ['abc', { preserveCase: false }, 'NOP'],
  ])('%s with %o → %s', (text, opts, expected) => {
    expect(rot13(text, opts)).toBe(expected);
  });
});

interface VigenereCase {
  text: string;
  key: string;
  alphabet: AlphabetName;
  opts?: TextOptions;
  expected: string;
}

describe('Vigenère known answers', () => {
  // Source: Wikipedia, "Vigenère cipher", section "Description": ATTACKATDAWN with key LEMON gives LXFOPVEFRNHR,
  // and "attacking tonight" with key OCULORHINOLARINGOLOGY gives "ovnlqbpvt hznzouz" (the space does not use a key
  // letter; re-checked by hand: a+O=o, t+C=v, t+U=n, …, t+G=z).
  const wikipedia: VigenereCase[] = [
    { text: 'ATTACKATDAWN', key: 'LEMON', alphabet: 'basic', expected: 'LXFOPVEFRNHR' },
    { text: 'ATTACKATDAWN', key: 'LEMONLEMONLE', alphabet: 'basic', expected: 'LXFOPVEFRNHR' },
    { text: 'attacking tonight', key: 'OCULORHINOLARINGOLOGY', alphabet: 'basic', expected: 'ovnlqbpvt hznzouz' },
  ];
  // Source: shared/acceptance/conformance.mjs (vigenere encrypt checks); Polish answer hand-checked letter by letter
  // against the contract's alphabet (Ż=34, Ó=20, Ł=15, W=29).
  const contract: VigenereCase[] = [
    { text: 'Attack at dawn!', key: 'LEMON', alphabet: 'basic', expected: 'Lxfopv ef rnhr!' },
    { text: 'Attack at dawn!', key: 'lemon', alphabet: 'basic', expected: 'Lxfopv ef rnhr!' },
    {
      text: 'Attack at dawn!',
      key: 'LEMON',
      alphabet: 'basic',
      opts: { preserveNonAlpha: false },
      expected: 'Lxfopvefrnhr',
    },
    {
      text: 'Attack at dawn!',
      key: 'LEMON',
      alphabet: 'basic',
      opts: { preserveCase: false },
      expected: 'LXFOPV EF RNHR!',
    },
    { text: 'Zażółć gęślą jaźń', key: 'ŻÓŁW', alphabet: 'polish', expected: 'Yóllls sąsżm eżńź' },
    { text: 'Zażółć gęślą jaźń', key: 'żółw', alphabet: 'polish', expected: 'Yóllls sąsżm eżńź' },
    // German key ß (29) Ä (26), n = 30: G(6)+29=F, r(17)+26=n, ü(28)+29=ö, ß(29)+26=z, e(4)+29=d.
    { text: 'Grüße', key: 'ßÄ', alphabet: 'german', expected: 'Fnözd' },
    { text: 'Grüße', key: 'ẞä', alphabet: 'german', expected: 'Fnözd' },
  ];

  describe.each([
    ['Wikipedia "Vigenère cipher"', wikipedia],
    ['the contract', contract],
  ])('%s', (_source, table) => {
    it.each(table)('$text / $key ($alphabet) → $expected', ({ text, key, alphabet, opts, expected }) => {
      expect(vigenereEncrypt(text, key, resolveAlphabet(alphabet), opts)).toBe(expected);
    });

    it.each(table.filter((c) => c.opts === undefined))(
      'decrypts $expected back to $text',
      ({ text, key, alphabet, expected }) => {
        expect(vigenereDecrypt(expected, key, resolveAlphabet(alphabet))).toBe(text);
      },
    );
  });
});
