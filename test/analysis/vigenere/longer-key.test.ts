// A key longer than max_key_length (issue 30, item 4): when the letters' coincidences show one, the analysis says so,
// with its length, instead of a wrong shorter key with "no answer" and no hint.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../scripts/lib/random.js';
import { analyzeVariant, analyzeVigenere } from '../../../src/analysis/index.js';
import { namedAlphabet, vigenereEncrypt } from '../../../src/core/index.js';
import { HARBOUR_EN, LONG_EN } from '../texts.js';

const basic = namedAlphabet('basic');

/** Letters drawn at random, as many as the long English text has. */
function randomLetters(count: number): string {
  const random = mulberry32(30);
  return Array.from({ length: count }, () => String.fromCharCode(65 + Math.floor(random() * 26))).join('');
}

describe('a key longer than max_key_length (10 here)', () => {
  it.each([
    // CRYPTOGRAPHY repeats R, P and Y six letters apart: its half-length coincides two thirds as well as it does.
    ['CRYPTOGRAPHY', 'the conformance text', LONG_EN],
    ['MOUNTAINRIVER', 'the conformance text', LONG_EN],
    ['SECRETKEYWORDS', 'the conformance text', LONG_EN],
    ['CRYPTOGRAPHY', '2,000 letters of prose', HARBOUR_EN],
    ['SECRETKEYWORDS', '2,000 letters of prose', HARBOUR_EN],
  ])('%s over %s: key_too_long, with its length', (key, _, plain) => {
    const result = analyzeVigenere(vigenereEncrypt(plain, key, basic), basic, 'auto', 10);
    expect(result.confidence).toBeLessThan(0.5);
    expect(result).toMatchObject({ reason: 'key_too_long', evident_key_length: key.length });
  });

  it('is found when asked with a max_key_length of that length, and then nothing is doubted', () => {
    const result = analyzeVigenere(vigenereEncrypt(LONG_EN, 'CRYPTOGRAPHY', basic), basic, 'auto', 12);
    expect(result.probable_key).toBe('CRYPTOGRAPHY');
    expect(result.reason).toBeUndefined();
    expect(result.evident_key_length).toBeUndefined();
  });

  it.each(['vigenere', 'beaufort', 'variant_beaufort', 'auto'] as const)('is said under variant %s too', (variant) => {
    const text = vigenereEncrypt(LONG_EN, 'MOUNTAINRIVER', basic);
    expect(analyzeVariant(text, basic, 'en', 10, variant)).toMatchObject({
      reason: 'key_too_long',
      evident_key_length: 13,
    });
  });
});

describe('nothing longer is claimed', () => {
  it.each([
    ['a key within the limit', vigenereEncrypt(LONG_EN, 'LEMON', basic), undefined],
    ['plain English', LONG_EN, undefined],
    ['random letters', randomLetters(826), 'no_answer'],
    // Lengths up to twice the limit are looked at: 25 is past them, and its divisor 5 coincides too little.
    ['a key past twice the limit', vigenereEncrypt(HARBOUR_EN, 'QUIETHARBOURSANDFISHINGBQ', basic), 'no_answer'],
  ])('%s', (_, text, reason) => {
    const result = analyzeVigenere(text, basic, 'auto', 10);
    expect(result.reason).toBe(reason);
    expect(result.evident_key_length).toBeUndefined();
  });
});
