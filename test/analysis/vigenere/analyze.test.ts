// Vigenère analysis: the conformance text, long keys, every language, the contract's ranges and errors.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HELD_OUT } from '../../../scripts/lib/held-out.js';
import {
  AnalysisInputError,
  analyzeVigenere,
  LANGUAGE_INFO,
  LANGUAGES,
  type Language,
  TOO_SHORT_MESSAGE,
  type VigenereAnalysis,
} from '../../../src/analysis/index.js';
import { lettersOnly } from '../../../src/core/fold.js';
import {
  type Alphabet,
  codePointPrefix,
  letterIndices,
  namedAlphabet,
  vigenereDecrypt,
  vigenereEncrypt,
} from '../../../src/core/index.js';
import { HARBOUR_EN, LONG_EN } from '../texts.js';

const basic = namedAlphabet('basic');
const ownAlphabet = (language: Language): Alphabet => namedAlphabet(LANGUAGE_INFO[language].alphabet);
const range = (from: number, to: number): string[] => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

/** The prefix of text that holds its first `letters` letters. */
function cutToLetters(text: string, letters: number, a: Alphabet): string {
  let seen = 0;
  let end = 0;
  for (const ch of text) {
    end += ch.length;
    if (a.lookup(ch.codePointAt(0) as number) >= 0 && ++seen === letters) break;
  }
  return text.slice(0, end);
}

/** A key is reduced when no shorter key repeats to it. */
function isReduced(key: string): boolean {
  const k = [...key];
  for (let p = 1; p < k.length; p++) {
    if (k.length % p === 0 && k.every((c, i) => c === k[i % p])) return false;
  }
  return true;
}

function expectWellFormed(result: VigenereAnalysis, maxLength: number): void {
  expect(Object.keys(result.ioc_scores)).toEqual(range(1, maxLength));
  for (const v of Object.values(result.ioc_scores)) expect(Number.isFinite(v)).toBe(true);
  expect(result.probable_key_lengths.length).toBeGreaterThanOrEqual(1);
  expect(result.probable_key_lengths.length).toBeLessThanOrEqual(5);
  expect(new Set(result.probable_key_lengths).size).toBe(result.probable_key_lengths.length);
  for (const k of result.probable_key_lengths) {
    expect(Number.isInteger(k) && k >= 1 && k <= maxLength).toBe(true);
  }
  expect(result.probable_key_lengths[0]).toBe(result.best_key_length);
  expect([...result.probable_key].length).toBe(result.best_key_length);
  expect(isReduced(result.probable_key)).toBe(true);
  expect(result.confidence).toBeGreaterThanOrEqual(0);
  expect(result.confidence).toBeLessThanOrEqual(1);
}

describe('analyzeVigenere', () => {
  it('breaks the conformance text (key CIPHER) with the default maximum of 10', () => {
    const result = analyzeVigenere(vigenereEncrypt(LONG_EN, 'CIPHER', basic), basic, 'en', 10);
    expectWellFormed(result, 10);
    expect(result).toMatchObject({ language: 'en', probable_key: 'CIPHER', best_key_length: 6 });
    expect(result.decrypted_preview).toBe(codePointPrefix(LONG_EN, 200));
    expect([...result.decrypted_preview]).toHaveLength(200);
    expect(result.confidence).toBeGreaterThan(0.9);
    // The right length coincides far better than its neighbours.
    expect(result.ioc_scores['6']).toBeGreaterThan(0.06);
    expect(result.ioc_scores['5']).toBeLessThan(0.05);
  });

  it("finds the conformance text's language with 'auto'", () => {
    const result = analyzeVigenere(vigenereEncrypt(LONG_EN, 'CIPHER', basic), basic, 'auto', 10);
    expect(result).toMatchObject({ language: 'en', probable_key: 'CIPHER' });
  });

  it('recovers a 25-letter key from 2,000+ letters (max 30)', () => {
    expect(letterIndices(HARBOUR_EN, basic).length).toBeGreaterThanOrEqual(2000);
    const key = 'QUIETHARBOURSANDFISHINGBQ';
    const result = analyzeVigenere(vigenereEncrypt(HARBOUR_EN, key, basic), basic, 'en', 30);
    expectWellFormed(result, 30);
    expect(result.probable_key).toBe(key);
    expect(result.best_key_length).toBe(25);
    expect(result.confidence).toBeGreaterThan(0.99);
    // Only the key's own length splits the text into columns that coincide as English does (about 0.066);
    // every other length up to 30 (none a multiple of 25) stays near random letters (1/26 ≈ 0.038).
    expect(result.ioc_scores['25']).toBeGreaterThan(0.06);
    for (const [k, ioc] of Object.entries(result.ioc_scores)) if (k !== '25') expect(ioc).toBeLessThan(0.05);
    expect(result.decrypted_preview).toBe(codePointPrefix(HARBOUR_EN, 200));
  });

  it('tries lengths 1…min(max, letters / 2) and scores each', () => {
    const venc = vigenereEncrypt(LONG_EN, 'CIPHER', basic);
    expect(Object.keys(analyzeVigenere(venc, basic, 'en', 15).ioc_scores)).toEqual(range(1, 15));
    expect(Object.keys(analyzeVigenere(venc, basic, 'en', 1).ioc_scores)).toEqual(['1']);
    const thirty = vigenereEncrypt(cutToLetters(LONG_EN, 30, basic), 'KEY', basic);
    const result = analyzeVigenere(thirty, basic, 'en', 20);
    expectWellFormed(result, 15);
    const twenty = vigenereEncrypt(cutToLetters(LONG_EN, 21, basic), 'KEY', basic);
    expect(Object.keys(analyzeVigenere(twenty, basic, 'en', 100).ioc_scores)).toEqual(range(1, 10));
  });

  it('reports the period of a key that repeats a shorter one', () => {
    for (const [key, period] of [
      ['LEMONLEMON', 'LEMON'],
      ['ABCABCABC', 'ABC'],
      ['KKKK', 'K'],
    ] as const) {
      const result = analyzeVigenere(vigenereEncrypt(HARBOUR_EN, key, basic), basic, 'en', 12);
      expectWellFormed(result, 12);
      expect(result.probable_key).toBe(period);
      expect(result.best_key_length).toBe(period.length);
    }
  });

  it('takes a phrase met again three key lengths on for what it is, not for the period', () => {
    // "SECRETS" again 15 letters on, under a 5-letter key: the ciphertext repeats at 15, which the coincidences
    // show beyond doubt; searching only 15 and its multiples returned a 15-letter key (confidence 0.31).
    const plain = lettersOnly('Secrets are never secrets for very long');
    for (const key of ['LEMON', 'QUAKE']) {
      const result = analyzeVigenere(vigenereEncrypt(plain, key, basic), basic, 'en', 20);
      expect(result.probable_key).toBe(key);
      expect(result.confidence).toBeGreaterThan(0.9);
    }
  });

  it.each(LANGUAGES)('breaks a held-out %s paragraph in its own alphabet, named or detected', (language) => {
    const a = ownAlphabet(language);
    const paragraph = HELD_OUT[language].map((p) => p.text).join(' ');
    const key = [...a.letters]
      .filter((_, i) => i % 4 === 1)
      .slice(0, 6)
      .join('');
    const cipher = vigenereEncrypt(paragraph, key, a);
    for (const which of [language, 'auto'] as const) {
      const result = analyzeVigenere(cipher, a, which, 10);
      expectWellFormed(result, 10);
      expect(result).toMatchObject({ language, probable_key: key, best_key_length: 6 });
      expect(result.decrypted_preview).toBe(codePointPrefix(paragraph, 200));
    }
  });

  it('breaks ciphertexts stripped to letters only', () => {
    const cipher = vigenereEncrypt(HARBOUR_EN, 'LANTERN', basic, { preserveNonAlpha: false });
    const result = analyzeVigenere(cipher, basic, 'auto', 20);
    expect(result).toMatchObject({ language: 'en', probable_key: 'LANTERN' });
  });

  it('keeps case and non-alphabet characters in the preview, counting code points', () => {
    const text = `😀🔐 ${LONG_EN}`;
    const result = analyzeVigenere(vigenereEncrypt(text, 'Cipher', basic), basic, 'en', 10);
    expect(result.probable_key).toBe('CIPHER');
    expect(result.decrypted_preview).toBe(codePointPrefix(text, 200));
  });

  it('throws AnalysisInputError below 20 letters', () => {
    for (const text of ['ABCDEFGHIJ klmnopq', '', '1234567890 1234567890 ąęłńóśźż', cutToLetters(LONG_EN, 19, basic)]) {
      let error: unknown;
      try {
        analyzeVigenere(text, basic, 'en', 10);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(AnalysisInputError);
      expect(error).toMatchObject({ field: 'text', message: TOO_SHORT_MESSAGE });
    }
    expect(() => analyzeVigenere(cutToLetters(LONG_EN, 20, basic), basic, 'en', 10)).not.toThrow();
  });

  it('recovers random keys of 3–12 letters from the long English text (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 25 }), { minLength: 3, maxLength: 12 }), (shifts) => {
        const key = shifts.map((s) => basic.letters[s]).join('');
        const cipher = vigenereEncrypt(HARBOUR_EN, key, basic);
        const result = analyzeVigenere(cipher, basic, 'en', 15);
        expectWellFormed(result, 15);
        expect(vigenereDecrypt(cipher, result.probable_key, basic)).toBe(HARBOUR_EN);
      }),
      { numRuns: 15 },
    );
  });

  it.each(LANGUAGES)('finds an 8-letter key from 24 letters of held-out %s text (3 per key letter)', (language) => {
    const a = ownAlphabet(language);
    const key = [...a.letters]
      .filter((_, i) => i % 3 === 2)
      .slice(0, 8)
      .join('');
    for (const passage of HELD_OUT[language].slice(1, 3)) {
      const plain = cutToLetters(passage.text, 24, a);
      const result = analyzeVigenere(vigenereEncrypt(plain, key, a), a, language, 20);
      expectWellFormed(result, 12);
      expect(result.probable_key).toBe(key);
    }
  });

  // Development-split line 3176 of the base corpus's en.txt (Debian fortunes, GPL), cut to two letters per key
  // letter. With the base-corpus models the climb from the beam's keys stalled on it; placing frequent words
  // in the text's words (crib moves) sets several key letters at once and reaches the key. (Line 2936, "hydrant
  // factory. You couldn't park anywhere near", left this table with the broader corpus of docs/corpus.md: under
  // its models "hydrave factory. You couldn't pick anywhere near" outscores the truth, a model miss that no
  // search can fix.)
  it.each([['to sue Microsoft for copying', 'DZJCNPJLMNPN']])(
    'finds the key of %j from 2 letters per key letter',
    (plain, key) => {
      const result = analyzeVigenere(vigenereEncrypt(plain, key, basic), basic, 'en', 20);
      expectWellFormed(result, key.length);
      expect(result.probable_key).toBe(key);
      expect(result.decrypted_preview).toBe(plain);
    },
  );

  // Development-split line 7796 of the base corpus's en.txt (Debian fortunes, GPL), cut to two letters per
  // key letter. Read word by word alone, "on to. Pinned me to are ground" scored as well as the truth;
  // read as pairs of words ("to the", "the ground"), the truth wins.
  it('finds the key of "on me. Pinned me to the ground, i" by scoring words after the words before them', () => {
    const plain = 'on me. Pinned me to the ground, i';
    const result = analyzeVigenere(vigenereEncrypt(plain, 'IEODGQVBROLM', basic), basic, 'en', 20);
    expectWellFormed(result, 12);
    expect(result.probable_key).toBe('IEODGQVBROLM');
    expect(result.decrypted_preview).toBe(plain);
  });

  // Development-split line 976 of the base corpus's en.txt (Debian fortunes, GPL), cut to two letters per key
  // letter. All in lower case it comes back as "read line and fortran programs, ad"; as written, "Lisp" and
  // "Fortran" are capitalised inside the sentence, as "line" almost never is, and the key comes out.
  it('reads the case of words inside a sentence', () => {
    const plain = 'accustomed to read Lisp and Fortran programs, fo';
    const key = 'WSBYNHQYCAEBYPMNYATS';
    const result = analyzeVigenere(vigenereEncrypt(plain, key, basic), basic, 'en', 20);
    expectWellFormed(result, key.length);
    expect(result.probable_key).toBe(key);
    expect(result.decrypted_preview).toBe(plain);
  });

  // Held-out lines of the base corpus (scripts/lib/held-out.ts), stripped to letters, upper case and accents
  // folded, cut to three letters per key letter, under keys drawn at random.
  const findsLettersOnlyKey = (language: Language, line: number, key: string): void => {
    const passage = HELD_OUT[language].find((p) => p.line === line);
    const plain = lettersOnly(passage?.text ?? '').slice(0, 3 * key.length);
    expect(plain).toHaveLength(3 * key.length);
    const result = analyzeVigenere(vigenereEncrypt(plain, key, basic), basic, language, 20);
    // Lengths up to half the letters are tried.
    expectWellFormed(result, Math.min(20, (3 * key.length) / 2));
    expect(result.probable_key).toBe(key);
    expect(result.decrypted_preview).toBe(plain);
  };
  // Read with the joined model alone the search returned a wrong key for each; with the word breaks summed over
  // (hidden-breaks.ts) it finds them.
  it.each([
    ['en', 4791, 'SZHZQUQV'],
    ['en', 1151, 'JJUSUNUKOHNU'],
    ['de', 4061, 'VMDSMOOX'],
    ['fr', 981, 'ZBTLFMFW'],
  ] as const)(
    'finds the key of a letters-only %s text of three letters a key letter (line %i, %s)',
    findsLettersOnlyKey,
  );
  // With the word breaks summed over, the search of e9e325e still returned a wrong key for each of these. Scouts
  // 64 wide on letters run together (JOINED_SCOUT_WIDTH) find the first three; the fourth's true key is among its
  // beams' other keys, climbed under the hidden breaks too (BEAM_KEEP), not the joined model's best.
  it.each([
    ['en', 1601, 'ABZSNKMG'],
    ['de', 1311, 'WAAYXMOS'],
    ['fr', 2221, 'RINYHOSH'],
  ] as const)('finds the key of a letters-only %s text that 16-wide scouts lost (line %i, %s)', findsLettersOnlyKey);
  it("finds the key of a letters-only text among the beams' other keys (de, line 5481)", () =>
    findsLettersOnlyKey('de', 5481, 'SGNBNLUETEGF'));
  // The search of 29f9bfa returned these keys with their first or last key letters wrong together (GIJUHHQK;
  // …OWZIE; …PFVFF): the edges searched again (edgeWindows) mend them, and nothing else does (checked with
  // EDGE_WORK set to 0).
  it.each([
    ['fr', 2221, 'GIMYHHQK'],
    ['pl', 91, 'BJUWITFSIVCGARKOWIXT'],
    ['de', 911, 'TFABDBTPFGTF'],
  ] as const)(
    'finds the key of a letters-only %s text whose edges the climbs left wrong (line %i, %s)',
    findsLettersOnlyKey,
  );
  // The search of 246f2ba returned these keys with neighbouring key letters wrong together away from the edges
  // (W…OPJZQ for G…OOGYC, where the key's last letters meet its first inside the text; IUMSQPUD; BFOJCPTS…): the
  // windows inside the key searched again (insideWindows) mend them, and nothing else does (checked with WINDOW_WORK
  // set to 0).
  it.each([
    ['en', 2261, 'GZDWMYZKMLCECCYOOGYC'],
    ['de', 911, 'ZDDWHKUD'],
    ['de', 4741, 'BFOEIPTQMVSWSEVBTZYP'],
  ] as const)(
    'finds the key of a letters-only %s text whose key letters inside it the climbs left wrong (line %i, %s)',
    findsLettersOnlyKey,
  );

  // Speed is a bench figure (npm run bench:accuracy); a timed test would only measure the machine's load.
  it('solves 300 letters (max 20) and 100,000 letters (max 100) on the cheaper long-text path', () => {
    const short = vigenereEncrypt(cutToLetters(HARBOUR_EN, 300, basic), 'ORCHID', basic);
    expect(analyzeVigenere(short, basic, 'en', 20).probable_key).toBe('ORCHID');
    const unit = `${HARBOUR_EN} ${LONG_EN} `;
    const long = unit.repeat(Math.ceil(100_000 / letterIndices(unit, basic).length));
    const key = 'ANOTHERLONGERSECRETKEY';
    const result = analyzeVigenere(vigenereEncrypt(long, key, basic), basic, 'en', 100);
    expect(result.probable_key).toBe(key);
    expect(result.confidence).toBeGreaterThan(0.99);
    expectWellFormed(result, 100);
  });
});
