// Named and custom alphabets: sizes, letter order, explicit case partners, wrap-around and custom-alphabet checks.
import { describe, expect, it } from 'vitest';
import {
  ALPHABET_NAMES,
  alphabetLetters,
  CUSTOM_ALPHABET_MAX,
  CUSTOM_ALPHABET_MIN,
  caesarDecrypt,
  caesarEncrypt,
  customAlphabet,
  customAlphabetProblem,
  letterIndices,
  NAMED_ALPHABETS,
  type NamedAlphabetName,
  namedAlphabet,
  PARTNER_FLAG,
  resolveAlphabet,
} from '../../src/core/index.js';
import { CONTRACT_ALPHABETS } from './arbitraries.js';

const cp = (c: string): number => c.codePointAt(0) as number;

describe('named alphabets', () => {
  it('lists the contract names, custom last', () => {
    expect([...ALPHABET_NAMES]).toEqual(['basic', 'polish', 'german', 'spanish', 'french', 'custom']);
    expect([...NAMED_ALPHABETS]).toEqual(['basic', 'polish', 'german', 'spanish', 'french']);
  });

  // Source: shared/CONTRACT.md, "Alphabets" table (sizes 26, 35, 30, 27, 42).
  describe.each<[NamedAlphabetName, number]>([
    ['basic', 26],
    ['polish', 35],
    ['german', 30],
    ['spanish', 27],
    ['french', 42],
  ])('%s', (name, size) => {
    const a = namedAlphabet(name);
    const [upper, lower] = CONTRACT_ALPHABETS[name];
    const ups = [...upper];
    const lows = [...lower];

    it(`has ${size} letters in the contract's order, upper case`, () => {
      expect(a.size).toBe(size);
      expect(a.name).toBe(name);
      expect(a.letters).toEqual(ups);
      expect(alphabetLetters(a)).toBe(upper);
      expect(Array.from(a.ownCodes)).toEqual(ups.map(cp));
    });

    it('pairs every letter with its explicit lower-case partner', () => {
      expect(lows).toHaveLength(size);
      expect(Array.from(a.partnerCodes)).toEqual(lows.map(cp));
      ups.forEach((u, i) => {
        expect(a.lookup(cp(u))).toBe(i);
        expect(a.lookup(cp(lows[i] as string))).toBe(i | PARTNER_FLAG);
      });
    });

    it('reads letters case-insensitively, non-letters as -1', () => {
      expect(Array.from(letterIndices(upper + lower, a))).toEqual([...ups.keys(), ...ups.keys()]);
      for (const c of [' ', '1', '!', '😀', '\ud800', '\u212a']) expect(a.lookup(cp(c)) < 0).toBe(true);
    });

    it('preserve_case false writes every letter in upper case', () => {
      expect(caesarEncrypt(lower, 0, a, { preserveCase: false })).toBe(upper);
      expect(caesarEncrypt(upper, 0, a, { preserveCase: false })).toBe(upper);
    });

    it('wraps around at the end (last +1 → A, A −1 → last), both cases', () => {
      const lastUp = ups[size - 1] as string;
      const lastLow = lows[size - 1] as string;
      expect(caesarEncrypt(lastUp, 1, a)).toBe('A');
      expect(caesarEncrypt(lastLow, 1, a)).toBe('a');
      expect(caesarEncrypt('A', -1, a)).toBe(lastUp);
      expect(caesarEncrypt('a', -1, a)).toBe(lastLow);
      expect(caesarDecrypt('A', 1, a)).toBe(lastUp);
      expect(caesarEncrypt(upper, size, a)).toBe(upper);
    });

    it('shifting the whole alphabet by 1 rotates it by one letter', () => {
      expect(caesarEncrypt(upper, 1, a)).toBe(ups.slice(1).join('') + ups[0]);
      expect(caesarEncrypt(lower, 1, a)).toBe(lows.slice(1).join('') + lows[0]);
    });

    it('is built once and reused', () => {
      expect(namedAlphabet(name)).toBe(a);
      expect(resolveAlphabet(name)).toBe(a);
    });
  });

  // Source: shared/CONTRACT.md, "Alphabets": named wrap points and letters.
  it.each<[NamedAlphabetName, string, number, string]>([
    ['polish', 'Ż', 1, 'A'],
    ['polish', 'ż', 1, 'a'],
    ['polish', 'Z', 1, 'Ź'],
    ['polish', 'Ź', 1, 'Ż'],
    ['german', 'ẞ', 1, 'A'],
    ['german', 'ß', 1, 'a'],
    ['german', 'Z', 1, 'Ä'],
    ['german', 'Ü', 1, 'ẞ'],
    ['german', 'ü', 1, 'ß'],
    ['spanish', 'N', 1, 'Ñ'],
    ['spanish', 'ñ', 1, 'o'],
    ['spanish', 'Z', 1, 'A'],
    ['french', 'Ÿ', 1, 'A'],
    ['french', 'ÿ', 1, 'a'],
    ['french', 'Z', 1, 'À'],
    ['french', 'Ô', 1, 'Œ'],
    ['french', 'œ', 1, 'ù'],
    ['basic', 'Z', 1, 'A'],
    ['basic', 'z', 1, 'a'],
  ])('%s: %s %+d → %s', (name, from, shift, to) => {
    expect(caesarEncrypt(from, shift, namedAlphabet(name))).toBe(to);
    expect(caesarDecrypt(to, shift, namedAlphabet(name))).toBe(from);
  });

  it('has the Polish letters ą ć ę ł ń ó ś ź ż in both cases', () => {
    const a = namedAlphabet('polish');
    for (const c of [...'ąćęłńóśźżĄĆĘŁŃÓŚŹŻ']) expect(a.lookup(cp(c))).toBeGreaterThanOrEqual(0);
    expect(Array.from(letterIndices('AĄCĆEĘLŁNŃOÓSŚZŹŻ', a))).toEqual([
      0, 1, 3, 4, 6, 7, 14, 15, 17, 18, 19, 20, 24, 25, 32, 33, 34,
    ]);
  });

  it('never turns ß into "SS": ẞ is its upper-case partner', () => {
    const g = namedAlphabet('german');
    expect('ß'.toUpperCase()).toBe('SS'); // the trap the contract warns about
    expect(caesarEncrypt('ß', 0, g, { preserveCase: false })).toBe('ẞ');
    expect(caesarEncrypt('Straße', 0, g, { preserveCase: false })).toBe('STRAẞE');
    expect(caesarEncrypt('ẞ', 0, g)).toBe('ẞ');
    expect(caesarEncrypt('ß', 30, g)).toBe('ß');
    expect(caesarEncrypt('ẞß', 26, g)).toBe('Zz'); // ẞ is index 29: 29 + 26 ≡ 25 (mod 30)
    expect(caesarEncrypt('ẞß', -1, g)).toBe('Üü');
  });

  // Source: shared/CONTRACT.md, "Alphabets": "Everything else is non-alphabet (e.g. á under spanish)".
  it.each<[NamedAlphabetName, string]>([
    ['spanish', 'á'],
    ['spanish', 'ü'],
    ['spanish', 'ẞ'],
    ['basic', 'é'],
    ['basic', 'ñ'],
    ['basic', 'ß'],
    ['german', 'é'],
    ['polish', 'ä'],
    ['french', 'ñ'],
    ['french', 'ą'],
    ['basic', '\u212a'], // KELVIN SIGN: lower-cases to "k", but named alphabets use explicit partners only
    ['basic', 'ı'], // dotless i: upper-cases to "I", not a partner
    ['basic', 'ſ'], // long s: upper-cases to "S", not a partner
  ])('%s: %s is not a letter (kept, or dropped)', (name, c) => {
    const a = namedAlphabet(name);
    expect(caesarEncrypt(`x${c}y`, 1, a)).toBe(`${caesarEncrypt('x', 1, a)}${c}${caesarEncrypt('y', 1, a)}`);
    expect(caesarEncrypt(`x${c}y`, 1, a, { preserveNonAlpha: false })).toBe(caesarEncrypt('xy', 1, a));
  });

  it('treats a decomposed letter (a + combining ogonek) as a letter followed by a mark', () => {
    expect(caesarEncrypt('a\u0328', 1, namedAlphabet('polish'))).toBe('ą\u0328');
    expect(caesarEncrypt('a\u0328', 1, namedAlphabet('polish'), { preserveNonAlpha: false })).toBe('ą');
  });
});

describe('resolveAlphabet', () => {
  it('defaults to basic', () => {
    expect(resolveAlphabet()).toBe(namedAlphabet('basic'));
  });

  it('builds custom alphabets from the given letters', () => {
    const a = resolveAlphabet('custom', 'XYZ');
    expect(a.name).toBe('custom');
    expect(a.letters).toEqual(['X', 'Y', 'Z']);
  });

  it('throws a RangeError for a missing or unusable custom alphabet', () => {
    expect(() => resolveAlphabet('custom')).toThrow(RangeError);
    expect(() => resolveAlphabet('custom', 'AA')).toThrow(RangeError);
    expect(() => customAlphabet('A')).toThrow('The custom alphabet must have between 2 and 256 characters.');
  });
});

describe('the custom alphabets kept for reuse', () => {
  // 64 are kept (alphabet.ts, CUSTOM_CACHE_SIZE), the least recently used given up first: the same object is the
  // same tables, reused.
  const letters = (i: number) => `${String.fromCodePoint(0x4e00 + 2 * i)}${String.fromCodePoint(0x4e01 + 2 * i)}`;

  it('answers the same alphabet for the same letters', () => {
    expect(customAlphabet('QRS')).toBe(customAlphabet('QRS'));
    expect(resolveAlphabet('custom', 'QRS')).toBe(customAlphabet('QRS'));
  });

  it('gives up the least recently used once 64 others are kept, and keeps one used since', () => {
    const first = customAlphabet(letters(0));
    const second = customAlphabet(letters(1));
    for (let i = 2; i < 64; i++) customAlphabet(letters(i));
    // 64 kept; using the first again makes the second the least recently used.
    expect(customAlphabet(letters(0))).toBe(first);
    customAlphabet(letters(64));
    expect(customAlphabet(letters(0))).toBe(first);
    expect(customAlphabet(letters(1))).not.toBe(second);
    expect(customAlphabet(letters(1)).letters).toEqual(second.letters);
  });
});

describe('custom alphabets', () => {
  // Source: shared/acceptance/conformance.mjs (custom alphabet checks): '0123456789', 'Call 2024!' +3 → 'Call 5357!'.
  it('digits: shifts digits, keeps letters', () => {
    const d = customAlphabet('0123456789');
    expect(d.size).toBe(10);
    expect(caesarEncrypt('Call 2024!', 3, d)).toBe('Call 5357!');
    expect(caesarEncrypt('Call 2024!', 3, d, { preserveNonAlpha: false })).toBe('5357');
    expect(caesarEncrypt('Call 2024!', 3, d, { preserveCase: false })).toBe('Call 5357!');
    expect(caesarEncrypt('9', 1, d)).toBe('0');
    expect(caesarDecrypt('Call 5357!', 3, d)).toBe('Call 2024!');
  });

  // Source: shared/acceptance/conformance.mjs: custom 'ABC', 'cab CAB' +1 → 'abc ABC'.
  it('reads the other case of a custom letter as the same letter and keeps its case', () => {
    const abc = customAlphabet('ABC');
    expect(caesarEncrypt('cab CAB', 1, abc)).toBe('abc ABC');
    expect(caesarEncrypt('cab CAB', 1, abc, { preserveCase: false })).toBe('ABC ABC');
    const lower = customAlphabet('abc');
    expect(caesarEncrypt('cab CAB', 1, lower, { preserveCase: false })).toBe('abc abc');
  });

  it('keeps the letters as given (own forms need not be upper case)', () => {
    const a = customAlphabet('zyx');
    expect(a.letters).toEqual(['z', 'y', 'x']);
    expect(caesarEncrypt('Zyx', 1, a)).toBe('Yxz');
  });

  it('treats both cases of a letter as two symbols', () => {
    const a = customAlphabet('aA');
    expect(a.size).toBe(2);
    expect(caesarEncrypt('aA', 1, a)).toBe('Aa');
    expect(caesarEncrypt('aA', 0, a, { preserveCase: false })).toBe('aA');
    expect(Array.from(letterIndices('Aa', a))).toEqual([1, 0]);
    const ab = customAlphabet('aAbB');
    expect(caesarEncrypt('abAB', 1, ab)).toBe('ABba');
    expect(caesarEncrypt('a b A B', 1, ab)).toBe('A B b a');
    expect(caesarEncrypt('A', 3, ab)).toBe('a');
    expect(caesarEncrypt('Xx', 2, ab)).toBe('Xx');
  });

  it('never writes a symbol that reads back as another letter when a partner is taken', () => {
    // 'aAb': b's partner B is free, a's partner A is the letter at index 1. A B that keeps its case moves only
    // among the letters with a free partner (b alone), so it stays B and round trips; it never becomes 'A',
    // which would read as index 1. Without case it moves along the whole alphabet and comes out in own forms.
    const a = customAlphabet('aAb');
    expect(Array.from(a.partnerCycle)).toEqual([2]);
    for (const s of [1, 2, 3]) expect(caesarEncrypt('B', s, a)).toBe('B');
    expect(caesarEncrypt('B', 1, a, { preserveCase: false })).toBe('a');
    expect(caesarEncrypt('B', 2, a, { preserveCase: false })).toBe('A');
    expect(Array.from(letterIndices(caesarEncrypt('B', 2, a, { preserveCase: false }), a))).toEqual([1]);
  });

  it('gives a shared partner to the first letter that claims it', () => {
    // ſ (long s) upper-cases to S, as does s: S reads as s, the earlier letter.
    const a = customAlphabet('sſa');
    expect(Array.from(letterIndices('sſaS', a))).toEqual([0, 1, 2, 0]);
    // Upper case S moves among the letters with an upper case (s, a): it never lands on ſ, which has none here.
    expect(caesarEncrypt('S', 1, a)).toBe('A');
    expect(caesarEncrypt('S', 2, a)).toBe('S');
    expect(caesarEncrypt('S', 1, a, { preserveCase: false })).toBe('ſ');
    expect(Array.from(letterIndices(caesarEncrypt('S', 1, a, { preserveCase: false }), a))).toEqual([1]);
  });

  it('handles letters without a single-code-point partner (ß, İ) as caseless', () => {
    const a = customAlphabet('ßİx');
    expect(caesarEncrypt('ßİx', 1, a)).toBe('İxß');
    expect(caesarEncrypt('SS', 1, a)).toBe('SS');
    // X is the only partner form: kept in case it has nowhere else to go; without case it moves on to ß.
    expect(caesarEncrypt('X', 1, a)).toBe('X');
    expect(caesarEncrypt('X', 1, a, { preserveCase: false })).toBe('ß');
  });

  it('supports astral code points (emoji letters)', () => {
    const e = customAlphabet('😀😁😂');
    expect(e.size).toBe(3);
    expect(e.letters).toEqual(['😀', '😁', '😂']);
    expect(caesarEncrypt('😀 x 😂!', 1, e)).toBe('😁 x 😀!');
    expect(caesarEncrypt('😀😁😂', -1, e)).toBe('😂😀😁');
    expect(caesarEncrypt('a😀b😂', 1, e, { preserveNonAlpha: false })).toBe('😁😀');
    // Half of an emoji is not a letter: lone surrogates pass through untouched.
    expect(caesarEncrypt('\ud83d', 1, e)).toBe('\ud83d');
    expect(caesarEncrypt('\ude00\ud83d', 1, e)).toBe('\ude00\ud83d');
  });

  it('mixes BMP and astral letters, growing and shrinking the UTF-16 length', () => {
    const a = customAlphabet('a😀');
    expect(caesarEncrypt('aaa', 1, a)).toBe('😀😀😀');
    expect(caesarEncrypt('A', 1, a)).toBe('A');
    expect(caesarEncrypt('A', 1, a, { preserveCase: false })).toBe('😀');
    expect(caesarEncrypt('😀😀', 1, a)).toBe('aa');
    const long = 'a'.repeat(20_000);
    const enc = caesarEncrypt(long, 1, a);
    expect(enc).toBe('😀'.repeat(20_000));
    expect(caesarDecrypt(enc, 1, a)).toBe(long);
  });

  it('supports astral letters with case (Deseret)', () => {
    const a = customAlphabet('𐐀𐐁');
    expect(caesarEncrypt('𐐀𐐨x', 1, a)).toBe('𐐁𐐩x');
    expect(caesarEncrypt('𐐩', 1, a, { preserveCase: false })).toBe('𐐀');
  });

  it('accepts 2 and 256 code points', () => {
    const big = Array.from({ length: CUSTOM_ALPHABET_MAX }, (_, i) => String.fromCodePoint(0x4e00 + i)).join('');
    expect(CUSTOM_ALPHABET_MIN).toBe(2);
    expect(customAlphabetProblem('ab')).toBeNull();
    expect(customAlphabetProblem(big)).toBeNull();
    const a = customAlphabet(big);
    expect(a.size).toBe(256);
    expect(caesarEncrypt('\u4eff', 1, a)).toBe('\u4e00');
  });

  it('counts code points, not UTF-16 units, against the limits', () => {
    const emoji128 = Array.from({ length: 128 }, (_, i) => String.fromCodePoint(0x1f400 + i)).join('');
    expect(emoji128.length).toBe(256);
    expect(customAlphabetProblem(emoji128)).toBeNull();
    const emoji256 = Array.from({ length: 256 }, (_, i) => String.fromCodePoint(0x1f400 + i)).join('');
    expect(customAlphabetProblem(emoji256)).toBeNull();
    expect(emoji256.length).toBe(512);
    expect(customAlphabetProblem(`${emoji256}😀`)).toBe('The custom alphabet must have between 2 and 256 characters.');
    expect(customAlphabetProblem('😀')).toBe('The custom alphabet must have between 2 and 256 characters.');
  });

  it.each<[string, string, string]>([
    ['empty', '', 'The custom alphabet must have between 2 and 256 characters.'],
    ['1 code point', 'A', 'The custom alphabet must have between 2 and 256 characters.'],
    ['1 astral code point', '😀', 'The custom alphabet must have between 2 and 256 characters.'],
    [
      '257 code points',
      Array.from({ length: 257 }, (_, i) => String.fromCodePoint(0x4e00 + i)).join(''),
      'The custom alphabet must have between 2 and 256 characters.',
    ],
    ['duplicates', 'ABCA', 'The custom alphabet must not contain duplicate characters.'],
    ['duplicate emoji', '😀😁😀', 'The custom alphabet must not contain duplicate characters.'],
    ['lone high surrogate', 'AB\ud800', 'The custom alphabet must not contain lone surrogates.'],
    ['lone low surrogate', '\udc00AB', 'The custom alphabet must not contain lone surrogates.'],
    ['reversed surrogate pair', '\ude00\ud83d', 'The custom alphabet must not contain lone surrogates.'],
  ])('customAlphabetProblem: %s', (_label, letters, problem) => {
    expect(customAlphabetProblem(letters)).toBe(problem);
    expect(() => customAlphabet(letters)).toThrow(new RangeError(problem));
  });

  it('accepts both cases of a letter (they are distinct code points)', () => {
    expect(customAlphabetProblem('aA')).toBeNull();
    expect(customAlphabetProblem('ßẞ')).toBeNull();
  });
});
