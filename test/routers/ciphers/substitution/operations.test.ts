// Substitution encrypt and decrypt through createCaller and REST: Wikipedia's ZEBRAS example, key and keyword,
// round trips over every kind of alphabet, and each refusal with its message.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alphabetCase, keyOver, textFor } from '../../../core/arbitraries.js';
import { makeApp, post } from '../../../http/helpers.js';
import { caller, fieldErrors } from '../../caller.js';

const app = makeApp();

// Wikipedia, "Substitution cipher", "Simple substitution": the keyword ZEBRAS and its example message.
const ZEBRAS = 'ZEBRASCDFGHIJKLMNOPQTUVWXY';
const PLAIN = 'flee at once. we are discovered!';
const CIPHER = 'SIAA ZQ LKBA. VA ZOA RFPBLUAOAR!';

describe('substitution.encrypt and .decrypt', () => {
  it('enciphers Wikipedia’s example with the keyword ZEBRAS, in capitals when case is not kept', async () => {
    await expect(
      caller.substitution.encrypt({ text: PLAIN, keyword: 'ZEBRAS', preserve_case: false }),
    ).resolves.toEqual({
      success: true,
      result: CIPHER,
      method: 'encrypt',
      key: ZEBRAS,
      alphabet: 'basic',
      text_length: 32,
    });
    // Case is kept by default: the lower-case plaintext stays lower case.
    expect((await caller.substitution.encrypt({ text: PLAIN, keyword: 'zebras' })).result).toBe(CIPHER.toLowerCase());
    const back = await caller.substitution.decrypt({ text: CIPHER, key: ZEBRAS });
    expect(back).toMatchObject({ result: PLAIN.toUpperCase(), method: 'decrypt', key: ZEBRAS });
  });

  it('takes the cipher alphabet in either case and answers it in the alphabet’s own form', async () => {
    const r = await caller.substitution.encrypt({ text: 'Hello', key: ZEBRAS.toLowerCase() });
    expect(r).toMatchObject({ result: 'Daiil', key: ZEBRAS });
    // A keyword's repeated letters count once, in either case; the rest of the alphabet follows in order.
    expect((await caller.substitution.encrypt({ text: 'a', keyword: 'ZebraZEBRA' })).key).toBe(
      'ZEBRACDFGHIJKLMNOPQSTUVWXY',
    );
  });

  it('works in the chosen alphabet, custom ones included', async () => {
    const german = await caller.substitution.encrypt({ text: 'Grüße', keyword: 'ÜBER', alphabet: 'german' });
    expect(german.key).toBe('ÜBERACDFGHIJKLMNOPQSTUVWXYZÄÖẞ');
    expect(
      (await caller.substitution.decrypt({ text: german.result, key: german.key, alphabet: 'german' })).result,
    ).toBe('Grüße');
    const digits = await caller.substitution.encrypt({
      text: 'Call 2024!',
      key: '9876543210',
      alphabet: 'custom',
      custom_alphabet: '0123456789',
    });
    expect(digits).toMatchObject({ result: 'Call 7975!', key: '9876543210', alphabet: 'custom' });
  });

  it('decrypts what it encrypts, with a key or a keyword, in any alphabet (property)', async () => {
    const request = alphabetCase.chain(({ spec, letters, forms }) =>
      fc.record({
        spec: fc.constant(spec),
        text: textFor(forms).filter((t) => t.length > 0),
        key: fc.shuffledSubarray(letters, { minLength: letters.length }).map((k) => k.join('')),
        keyword: keyOver(forms),
        byKeyword: fc.boolean(),
      }),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ spec, text, key, keyword, byKeyword }) => {
        const given = byKeyword ? { keyword } : { key };
        const enc = await caller.substitution.encrypt({ ...spec, text, ...given });
        const dec = await caller.substitution.decrypt({ ...spec, text: enc.result, ...given });
        expect(dec.result).toBe(text);
        // The alphabet the answer reports is the one used: sent as the key, it gives the same ciphertext.
        expect(dec.key).toBe(enc.key);
        expect((await caller.substitution.encrypt({ ...spec, text, key: enc.key })).result).toBe(enc.result);
      }),
      { numRuns: 150 },
    );
  });
});

describe('substitution refusals', () => {
  const NOT_BOTH = 'Give either key or keyword, not both.';
  const NEITHER = 'The key field is required unless keyword is given.';
  it.each([
    [
      { text: 'abc', key: 'ZEBRASCDFGHIJKLMNOPQTUVWXZ' },
      'key',
      'The key must hold each letter once: Z is given twice.',
    ],
    [
      { text: 'abc', key: 'ZEBRASCDFGHIJKLMNOPQTUVWX' },
      'key',
      'The key must hold every letter of the selected alphabet: Y is missing.',
    ],
    [
      { text: 'abc', key: 'ZEBRAS-CDFGHIJKLMNOPQTUVWX' },
      'key',
      'The key must contain only letters of the selected alphabet.',
    ],
    [{ text: 'abc', key: '' }, 'key', 'The key must hold every letter of the selected alphabet: A is missing.'],
    [{ text: 'abc', key: 42 }, 'key', 'The key must be a string.'],
    [{ text: 'abc', key: ZEBRAS, keyword: 'ZEBRAS' }, 'keyword', NOT_BOTH],
    [{ text: 'abc' }, 'key', NEITHER],
    [{ text: 'abc', keyword: 'ZEBRAS!' }, 'keyword', 'The keyword must contain only letters of the selected alphabet.'],
    [{ text: 'abc', keyword: 'ZEB RAS' }, 'keyword', 'The keyword must contain only letters of the selected alphabet.'],
    [{ text: 'abc', keyword: '' }, 'keyword', 'The keyword field is required.'],
    [{ text: 'abc', keyword: 'z'.repeat(1001) }, 'keyword', 'The keyword must not be greater than 1000 characters.'],
    // ẞ is a letter of german, not of basic: a keyword under basic may not hold it, a key under german must.
    [{ text: 'abc', keyword: 'STRAẞE' }, 'keyword', 'The keyword must contain only letters of the selected alphabet.'],
    [
      { text: 'abc', key: `${ZEBRAS}ÄÖÜ`, alphabet: 'german' },
      'key',
      'The key must hold every letter of the selected alphabet: ẞ is missing.',
    ],
    [
      { text: 'abc', key: '0123456780', alphabet: 'custom', custom_alphabet: '0123456789' },
      'key',
      'The key must hold each letter once: 0 is given twice.',
    ],
  ])('refuses %j on %s', async (input, field, message) => {
    expect(await fieldErrors(caller.substitution.encrypt(input as never))).toEqual({ [field]: [message] });
  });

  it('reports every failing field at once, the key rules with the others', async () => {
    expect(await fieldErrors(caller.substitution.decrypt({ text: '', key: 'ABC', preserve_case: 1 } as never))).toEqual(
      {
        text: ['The text must not be empty.'],
        preserve_case: ['The preserve case field must be true or false.'],
        key: ['The key must hold every letter of the selected alphabet: D is missing.'],
      },
    );
    expect(
      await fieldErrors(
        caller.substitution.encrypt({ text: '', key: 'ABC', keyword: 'X', alphabet: 'klingon' } as never),
      ),
    ).toEqual({
      text: ['The text must not be empty.'],
      alphabet: ['The selected alphabet is invalid.', 'Use one of: basic, polish, german, spanish, french, custom.'],
      keyword: [NOT_BOTH],
    });
    expect(await fieldErrors(caller.substitution.encrypt({ text: 'abc', alphabet: 'custom' } as never))).toEqual({
      custom_alphabet: ['The custom alphabet field is required when alphabet is custom.'],
      key: [NEITHER],
    });
  });
});

describe('substitution over REST', () => {
  it('POST /substitution/encrypt and /decrypt answer as the procedures do', async () => {
    const enc = await post(app, '/substitution/encrypt', { text: 'Flee at once!', keyword: 'zebras' });
    expect(enc.status).toBe(200);
    expect(enc.body).toEqual({
      success: true,
      result: 'Siaa zq lkba!',
      method: 'encrypt',
      key: ZEBRAS,
      alphabet: 'basic',
      text_length: 13,
    });
    const dec = await post(app, '/substitution/decrypt', { text: 'Siaa zq lkba!', key: ZEBRAS });
    expect(dec.body).toMatchObject({ result: 'Flee at once!', method: 'decrypt', key: ZEBRAS });
  });

  it('answers a refused key with the contract 422', async () => {
    const r = await post(app, '/substitution/encrypt', { text: 'abc', key: ZEBRAS, keyword: 'ZEBRAS' });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({
      success: false,
      error: 'Validation failed',
      errors: { keyword: ['Give either key or keyword, not both.'] },
      request_id: r.headers.get('x-request-id'),
    });
  });
});
