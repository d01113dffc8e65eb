// The ciphertext presentations of bench/accuracy/presentations.ts: the folding table and the layouts, as the spec of each.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FOLDED,
  FORMATS,
  foldAccents,
  groupLetters,
  isFolded,
  lettersOnly,
  present,
  spaceLetters,
} from '../../bench/accuracy/presentations.js';
import { caesarEncrypt, namedAlphabet, vigenereEncrypt } from '../../src/core/index.js';
import { anyText, CONTRACT_ALPHABETS } from '../core/arbitraries.js';

/**
 * Every letter of the five named alphabets outside A–Z, folded. Expected values: the decomposition of each
 * letter in UnicodeData.txt with its combining mark removed, and for Æ Œ Ł ß ẞ, which do not decompose, the
 * rules of CLDR's Latin-ASCII transform (common/transforms/Latin-ASCII.xml).
 */
const ALPHABET_LETTERS: [string, string][] = [
  // Polish
  ['ĄĆĘŁŃÓŚŹŻ', 'ACELNOSZZ'],
  ['ąćęłńóśźż', 'acelnoszz'],
  // German
  ['ÄÖÜẞ', 'AOUSS'],
  ['äöüß', 'aouss'],
  // Spanish
  ['Ññ', 'Nn'],
  // French
  ['ÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ', 'AAAECEEEEIIOOEUUUY'],
  ['àâæçéèêëîïôœùûüÿ', 'aaaeceeeeiiooeuuuy'],
];

/** The other letters CLDR's Latin-ASCII folds by rule, and letters outside the five alphabets that decompose. */
const OTHER_LETTERS: [string, string][] = [
  ['ÐðØøÞþĐđĦħıĲĳĸĿŀŉŊŋŦŧſ', "DdOoTHthDdHhiIJijqLl'nNnTts"],
  ['áíúýÁÍÚÝãõÃÕåÅ', 'aiuyAIUYaoAOaA'],
  ['čšžřěůČŠŽŘĚŮ', 'cszreuCSZREU'],
  ['őűŐŰ', 'ouOU'],
  ['İ', 'I'],
];

describe('foldAccents', () => {
  it.each([...ALPHABET_LETTERS, ...OTHER_LETTERS])('%s → %s', (from, to) => {
    expect(foldAccents(from)).toBe(to);
  });

  it('FOLDED holds no letter that Unicode decomposes (those go through NFD)', () => {
    for (const c of Object.keys(FOLDED)) expect(c.normalize('NFD')).toBe(c);
  });

  it.each<[string, string, string]>([
    ['a sentence, case and punctuation kept', 'Zażółć gęślą jaźń!', 'Zazolc gesla jazn!'],
    ['decomposed marks after a letter', 'a\u0328 e\u0301 n\u0303', 'a e n'],
    ['a mark after a non-letter stays', '-\u0301', '-\u0301'],
    ['other scripts stay', 'Ωμέγα 東京', 'Ωμέγα 東京'],
    ['digits and symbols stay', '1ª 2º €5', '1ª 2º €5'],
    ['ligatures outside Latin Extended-A stay', 'ﬁ ǆ', 'ﬁ ǆ'],
  ])('%s', (_label, from, to) => {
    expect(foldAccents(from)).toBe(to);
  });

  it("umlauts: 'e' writes ä ö ü as ae oe ue (precomposed or not), and nothing else differently", () => {
    expect(foldAccents('Äpfel Öl Über größer Straße', { umlauts: 'e' })).toBe('Aepfel Oel Ueber groesser Strasse');
    expect(foldAccents('a\u0308 o\u0308 U\u0308', { umlauts: 'e' })).toBe('ae oe Ue');
    expect(foldAccents('ëÿ ñ', { umlauts: 'e' })).toBe('ey n');
  });
});

describe('lettersOnly', () => {
  it.each<[string, string]>([
    ['Hello, World!', 'HELLOWORLD'],
    ['Zażółć gęślą jaźń', 'ZAZOLCGESLAJAZN'],
    ['Größe', 'GROSSE'],
    ["l'œuvre d'Ælfred", 'LOEUVREDAELFRED'],
    ['Ñandú, 1ª vez.', 'NANDUVEZ'],
    ['Ωμέγα 42 ﬁ', ''],
  ])('%s → %s', (from, to) => {
    expect(lettersOnly(from)).toBe(to);
  });

  it('is A–Z only and idempotent on any text', () => {
    fc.assert(
      fc.property(anyText, (t) => {
        const l = lettersOnly(t);
        expect(l).toMatch(/^[A-Z]*$/);
        expect(lettersOnly(l)).toBe(l);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps every letter of every named alphabet, as one or two letters', () => {
    for (const [upper, lower] of Object.values(CONTRACT_ALPHABETS))
      for (const c of [...upper, ...lower]) expect(lettersOnly(c)).toMatch(/^[A-Z]{1,2}$/);
  });
});

describe('groupLetters and spaceLetters', () => {
  it.each<[string, number, number, string]>([
    ['KHOORZRUOG', 5, 0, 'KHOOR ZRUOG'],
    ['KHOORZRUOGX', 5, 0, 'KHOOR ZRUOG X'],
    ['KHOO', 5, 0, 'KHOO'],
    ['', 5, 0, ''],
    ['ABCDEFGHIJKLM', 4, 0, 'ABCD EFGH IJKL M'],
    ['ABCDEFGHIJKLMNOPQRSTUVWXY', 5, 2, 'ABCDE FGHIJ\nKLMNO PQRST\nUVWXY'],
  ])('groupLetters(%s, %i, %i) → %j', (letters, size, perLine, out) => {
    expect(groupLetters(letters, size, perLine)).toBe(out);
  });

  it('rejects a group size below one', () => {
    expect(() => groupLetters('ABC', 0)).toThrow(RangeError);
  });

  it.each<[string, string | undefined, string]>([
    ['KHOOR', undefined, 'K H O O R'],
    ['KHOOR', '.', 'K.H.O.O.R'],
    ['K', undefined, 'K'],
    ['', undefined, ''],
  ])('spaceLetters(%s, %j) → %s', (letters, sep, out) => {
    expect(spaceLetters(letters, sep)).toBe(out);
  });

  it('lose no letter and keep their order', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z]{0,60}$/), fc.integer({ min: 1, max: 8 }), fc.nat(5), (l, size, per) => {
        expect(lettersOnly(groupLetters(l, size, per))).toBe(l);
        expect(lettersOnly(spaceLetters(l))).toBe(l);
      }),
    );
  });
});

describe('present', () => {
  const basic = namedAlphabet('basic');

  it.each<[(typeof FORMATS)[number], string]>([
    ['spaced', 'Wer Öl hat, hat Glück.'],
    ['letters', 'WEROLHATHATGLUCK'],
    ['groups5', 'WEROL HATHA TGLUC K'],
    ['letterspaced', 'W E R O L H A T H A T G L U C K'],
  ])('%s', (format, out) => {
    expect(present('Wer Öl hat, hat Glück.', format)).toBe(out);
    expect(isFolded(format)).toBe(format !== 'spaced');
  });

  it('a folded presentation of a ciphertext over A–Z is the cipher of the presented plaintext', () => {
    fc.assert(
      fc.property(
        anyText,
        fc.constantFrom(...FORMATS.filter(isFolded)),
        fc.nat(25),
        fc.stringMatching(/^[A-Z]{1,8}$/),
        (t, format, shift, key) => {
          const plain = lettersOnly(t);
          expect(present(caesarEncrypt(plain, shift, basic), format)).toBe(
            caesarEncrypt(present(plain, format), shift, basic),
          );
          expect(present(vigenereEncrypt(plain, key, basic), format)).toBe(
            vigenereEncrypt(present(plain, format), key, basic),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
