// tokenize, prefixTokens, candidateSymbols and decodeSymbols: a ciphertext read as the solvers read it, worked by hand.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getModel } from '../../../src/analysis/language-model/index.js';
import {
  candidateSymbols,
  decodeSymbols,
  ngramsFor,
  prefixTokens,
  type Tokens,
  tokenize,
} from '../../../src/analysis/readings/index.js';
import {
  CASE_CAPITAL,
  CASE_LOWER,
  CASE_NONE,
  JOIN_AFTER,
  JOIN_BEFORE,
  joinState,
} from '../../../src/analysis/words/index.js';
import { customAlphabet, namedAlphabet } from '../../../src/core/index.js';

const en = getModel('en');
const basic = namedAlphabet('basic');
const B = en.boundary;
const OTHER = en.other;

/** The codes as a string: a letter of the candidate alphabet by its index (a–z), `_` a boundary, `#` another letter. */
function show(tokens: Tokens): string {
  return Array.from(tokens.codes, (c) => {
    if (c >= 0) return String.fromCharCode(0x61 + c);
    if (c === -1 - B) return '_';
    if (c === -1 - OTHER) return '#';
    return `(${-1 - c})`;
  }).join('');
}

/** What each text reads as, the layout decided from the text itself (spacing `auto`). */
const READ: [string, string, string, { letters: number; joined: boolean; open: boolean }][] = [
  ['a run of spaces and punctuation is one boundary', 'Ab, cd!', 'ab_cd_', { letters: 4, joined: false, open: false }],
  [
    'a text ending in a letter is open: its closing boundary is left out',
    'ab cd',
    'ab_cd',
    { letters: 4, joined: false, open: true },
  ],
  ['separators before the first letter are dropped', '  ...ab cd', 'ab_cd', { letters: 4, joined: false, open: true }],
  ['a digit is a boundary, as punctuation is', 'ab1cd', 'ab_cd', { letters: 4, joined: false, open: true }],
  [
    'a letter the alphabet lacks is "other", and counts as no letter',
    'café au',
    'caf#_au',
    { letters: 5, joined: false, open: true },
  ],
  ['a combining mark is skipped', 'cafe\u0301 au', 'cafe_au', { letters: 6, joined: false, open: true }],
  [
    'an astral letter is one "other" code, not two',
    'a\u{1D400}b c',
    'a#b_c',
    { letters: 3, joined: false, open: true },
  ],
  ['a lone high surrogate is read as a boundary', 'a\uD835b c', 'a_b_c', { letters: 3, joined: false, open: true }],
  [
    'a lone low surrogate after a letter is a boundary too',
    'a\uDC00b c',
    'a_b_c',
    { letters: 3, joined: false, open: true },
  ],
  ['two low surrogates are no pair', 'a\uDC00\uDC00b c', 'a_b_c', { letters: 3, joined: false, open: true }],
  // U+1D401 (D835 DC01), U+10000 (D800 DC00, the first pair) and U+20BFF (D842 DFFF, a low surrogate's last) are letters.
  ['a pair whose low half is past DC00', 'a\u{1D401}b c', 'a#b_c', { letters: 3, joined: false, open: true }],
  ['a pair at the first high surrogate', 'a\u{10000}b c', 'a#b_c', { letters: 3, joined: false, open: true }],
  ['a pair at the last low surrogate', 'a\u{20BFF}b c', 'a#b_c', { letters: 3, joined: false, open: true }],
  [
    'a high surrogate at the very end is a boundary too',
    'ab \uD835',
    'ab_',
    { letters: 2, joined: false, open: false },
  ],
  ['an empty text is one boundary', '', '_', { letters: 0, joined: false, open: false }],
  ['separators alone are one boundary', ' ,. ', '_', { letters: 0, joined: false, open: false }],
  // Joined: the boundaries are dropped, except a closing one the text itself ends with.
  [
    '13 letters without a break are run together',
    'abcdefghijklm',
    'abcdefghijklm',
    { letters: 13, joined: true, open: true },
  ],
  [
    '12 letters without a break may be one word',
    'abcdefghijkl',
    'abcdefghijkl',
    { letters: 12, joined: false, open: true },
  ],
  [
    '13 letters and a full stop: joined, closed',
    'abcdefghijklm.',
    'abcdefghijklm_',
    { letters: 13, joined: true, open: false },
  ],
  [
    'one break in 16 letters is a line break',
    'abcdefgh ijklmnop',
    'abcdefghijklmnop',
    { letters: 16, joined: true, open: true },
  ],
  [
    'one break in 15 letters is a word break',
    'abcdefgh ijklmno',
    'abcdefgh_ijklmno',
    { letters: 15, joined: false, open: true },
  ],
  [
    'equal groups of five, the last shorter, are a layout',
    'khoor zruog khoor zru',
    'khoorzruogkhoorzru',
    { letters: 18, joined: true, open: true },
  ],
  [
    'equal groups of three, four of them, are a layout',
    'abc abc abc abc.',
    'abcabcabcabc_',
    { letters: 12, joined: true, open: false },
  ],
  ['three equal groups are words', 'abc abc abc', 'abc_abc_abc', { letters: 9, joined: false, open: true }],
  [
    'groups whose last is longer are words',
    'abc abc abc abcd',
    'abc_abc_abc_abcd',
    { letters: 13, joined: false, open: true },
  ],
  [
    'groups with a shorter one inside are words',
    'abc ab abc abc',
    'abc_ab_abc_abc',
    { letters: 11, joined: false, open: true },
  ],
  ['groups of two are words, however many', 'ab ab ab ab', 'ab_ab_ab_ab', { letters: 8, joined: false, open: true }],
  ['groups of two, the last of one, are words', 'ab ab ab a', 'ab_ab_ab_a', { letters: 7, joined: false, open: true }],
  ['one letter at a time, four times, is a layout', 'k h o o', 'khoo', { letters: 4, joined: true, open: true }],
  ['one letter at a time, three times, is words', 'k h o', 'k_h_o', { letters: 3, joined: false, open: true }],
  [
    '"other" letters stay when the boundaries go',
    'abcdefghijklmé',
    'abcdefghijklm#',
    { letters: 13, joined: true, open: true },
  ],
];

describe('tokenize: what a text reads as', () => {
  for (const [what, text, codes, fields] of READ)
    it(what, () => {
      const tokens = tokenize(text, basic, en);
      expect(show(tokens)).toBe(codes);
      expect({ letters: tokens.letters, joined: tokens.joined, open: tokens.open }).toEqual(fields);
    });

  it('keeps the case of a letter out of its code, through the alphabet`s partners', () => {
    expect(Array.from(tokenize('aZ', basic, en).codes)).toEqual([0, 25]);
    expect(Array.from(tokenize('Az', basic, en).codes)).toEqual([0, 25]);
  });

  it('forced spacing overrides what the text suggests', () => {
    const joined = tokenize('ab cd.', basic, en, 'joined');
    expect([show(joined), joined.joined, joined.open]).toEqual(['abcd_', true, false]);
    expect(show(tokenize('ab cd', basic, en, 'joined'))).toBe('abcd');
    const spaced = tokenize('khoor zruog khoor zru', basic, en, 'spaced');
    expect([show(spaced), spaced.joined]).toEqual(['khoor_zruog_khoor_zru', false]);
  });

  it('reads up to the maxLetters-th letter and the boundary after it', () => {
    const cut = tokenize('ab cd', basic, en, 'auto', 2);
    expect([show(cut), cut.letters, cut.open]).toEqual(['ab_', 2, false]);
    const mid = tokenize('abc d', basic, en, 'auto', 2);
    expect([show(mid), mid.letters, mid.open]).toEqual(['ab', 2, true]);
    expect(tokenize('ab cd', basic, en, 'auto', 0).letters).toBe(0);
    expect(show(tokenize('ab cd', basic, en, 'auto', 4))).toBe('ab_cd');
  });

  it('reads at most 2·maxLetters + 2 codes, so a run of other letters cannot make it read the whole text', () => {
    // Room for 2·1 + 2 = 4 codes and the closing boundary: four "other" letters, then the text is cut (open).
    const cut = tokenize('éééééééa', basic, en, 'auto', 1);
    expect([show(cut), cut.letters, cut.open]).toEqual(['####', 0, true]);
    // A text shorter than that bound is read whole.
    expect(show(tokenize('éa', basic, en, 'auto', 1))).toBe('#a');
  });

  it('marks each word`s case class at its first code, a word of other letters too, and -1 elsewhere', () => {
    // Words at codes 0, 3 and 6: the text's first (no class: it starts a sentence), "éé" lower, "Ef" capital.
    const tokens = tokenize('Ab éé Ef', basic, en);
    expect(show(tokens)).toBe('ab_##_ef');
    expect(Array.from(tokens.caseAt as Int8Array)).toEqual([
      CASE_NONE,
      CASE_NONE,
      CASE_NONE,
      CASE_LOWER,
      CASE_NONE,
      CASE_NONE,
      CASE_CAPITAL,
      CASE_NONE,
    ]);
  });

  it('marks each word`s joins at its first code, the first and last word known as such', () => {
    // "ab'c de": words at codes 0 (joined after), 3 (joined before) and 5 (neither, the last).
    const tokens = tokenize("ab'c de", basic, en);
    expect(Array.from(tokens.joinAt as Int8Array)).toEqual([
      joinState(JOIN_AFTER, true, false),
      0,
      0,
      joinState(JOIN_BEFORE, false, false),
      0,
      joinState(0, false, true),
      0,
    ]);
    // The last word's own state differs from a middle word's: the flag reaches it.
    expect(joinState(0, false, true)).not.toBe(joinState(0, false, false));
  });

  it('makes no case or join marks for joined texts, and none where nothing is marked', () => {
    const spaced = tokenize('Ab cd, Ef', basic, en);
    expect(spaced.caseAt).toBeInstanceOf(Int8Array);
    expect(spaced.caseAt?.length).toBe(spaced.codes.length);
    expect(spaced.joinAt).toBeUndefined();
    expect(tokenize('Abcdefghijklmnop', basic, en).caseAt).toBeUndefined();
    // A word that starts with a letter the alphabet lacks starts a word all the same: its join is marked there.
    const joins = tokenize("éb'c de", basic, en, 'spaced');
    expect(show(joins)).toBe('#b_c_de');
    expect(joins.joinAt?.[0]).not.toBe(0);
  });

  it('counts every letter of the alphabet and nothing else (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'B', ' ', '.', 'é', '1', '\u0301'), maxLength: 60 }),
        (text) => {
          const tokens = tokenize(text, basic, en);
          const letters = [...text].filter((ch) => /[a-z]/i.test(ch)).length;
          expect(tokens.letters).toBe(letters);
          expect(Array.from(tokens.codes).filter((c) => c >= 0).length).toBe(letters);
          // Never two boundaries in a row, never one first unless it is the only code.
          expect(show(tokens)).not.toMatch(/__/);
          if (tokens.codes.length > 1) expect(tokens.codes[0]).not.toBe(-1 - B);
        },
      ),
    );
  });
});

describe('prefixTokens', () => {
  it('answers the tokens themselves when they hold no more letters than asked', () => {
    const tokens = tokenize('Ab cd', basic, en);
    expect(prefixTokens(tokens, 4)).toBe(tokens);
    expect(prefixTokens(tokens, 9)).toBe(tokens);
  });

  it('cuts after the letters-th letter, open, and cuts the case and join marks alike', () => {
    const tokens = tokenize("Ab cd, Ef'g hi.", basic, en);
    const cut = prefixTokens(tokens, 3);
    expect([show(cut), cut.letters, cut.open, cut.joined]).toEqual(['ab_c', 3, true, false]);
    expect(Array.from(cut.caseAt as Int8Array)).toEqual(Array.from(tokens.caseAt as Int8Array).slice(0, 4));
    expect(Array.from(cut.joinAt as Int8Array)).toEqual(Array.from(tokens.joinAt as Int8Array).slice(0, 4));
    const none = prefixTokens(tokenize('ab cd ef', basic, en), 5);
    expect([show(none), none.caseAt, none.joinAt]).toEqual(['ab_cd_e', undefined, undefined]);
    expect(prefixTokens(tokenize('abcdefghijklmnop', basic, en), 2).joined).toBe(true);
  });
});

describe('ngramsFor', () => {
  it('reads joined tokens with the joined statistics and spaced ones with the spaced', () => {
    expect(ngramsFor(en, tokenize('abcdefghijklmnop', basic, en))).toBe(en.joined);
    expect(ngramsFor(en, tokenize('ab cd', basic, en))).toBe(en.spaced);
  });
});

describe('candidateSymbols', () => {
  it('maps the basic alphabet onto the English model letter for letter', () => {
    expect(Array.from(candidateSymbols(basic, en))).toEqual(Array.from({ length: 26 }, (_, i) => i));
  });

  it('reads a custom alphabet`s letters through the model, case aside; digits as "other", a space as a boundary', () => {
    const a = customAlphabet('zá1 b');
    expect(Array.from(candidateSymbols(a, en))).toEqual([25, OTHER, OTHER, B, 1]);
    // French's alphabet holds É; a custom alphabet's é (its lower-case partner) is read as the same symbol.
    const fr = getModel('fr');
    const e = fr.alphabet.lookup('É'.codePointAt(0) as number);
    expect(e).toBeGreaterThanOrEqual(26);
    expect(Array.from(candidateSymbols(customAlphabet('éa'), fr))).toEqual([e, 0]);
  });
});

describe('decodeSymbols', () => {
  it('takes shifts[k mod period] off the k-th letter only, wrapping below the first letter', () => {
    // "bd c.d": letters b, d, c, d under shifts 1, 3, 1, 3 → a, a, b, a; the boundaries stay.
    const tokens = tokenize('bd c.d', basic, en);
    const out = decodeSymbols(tokens, [1, 3], candidateSymbols(basic, en));
    expect(Array.from(out)).toEqual([0, 0, B, 1, B, 0]);
    // a under a shift of 3 is x (0 − 3 + 26).
    expect(Array.from(decodeSymbols(tokenize('a', basic, en), [3], candidateSymbols(basic, en)))).toEqual([23]);
  });

  it('writes into the array it is given, its codes` slots only', () => {
    const tokens = tokenize('ab', basic, en);
    const out = new Int32Array(3).fill(7);
    expect(decodeSymbols(tokens, [0], candidateSymbols(basic, en), out)).toBe(out);
    expect(Array.from(out)).toEqual([0, 1, 7]);
  });

  it('reads the alphabet`s first letter unshifted as itself', () => {
    // In the alphabet "ba", b is letter 0 and stands for the model's symbol 1.
    const a = customAlphabet('ba');
    expect(Array.from(decodeSymbols(tokenize('b', a, en), [0], candidateSymbols(a, en)))).toEqual([1]);
  });
});
