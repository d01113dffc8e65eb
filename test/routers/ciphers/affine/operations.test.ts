// Affine encrypt and decrypt through createCaller and REST: Wikipedia's example, a and b taken mod n, round trips
// over every kind of alphabet, and each refusal with its message, a checked against the chosen alphabet's size.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AFFINE_COEFFICIENT } from '../../../../routers/ciphers/affine/schemas.js';
import { alphabetCase, textFor } from '../../../core/arbitraries.js';
import { makeApp, post } from '../../../http/helpers.js';
import { caller, fieldErrors } from '../../caller.js';

const app = makeApp();

const gcd = (x: number, y: number): number => (y === 0 ? Math.abs(x) : gcd(y, x % y));
const coprime = (n: number) => `The a must share no factor with the alphabet's ${n} letters.`;

describe('affine.encrypt and .decrypt', () => {
  // Wikipedia, "Affine cipher", "Encrypting": a = 5, b = 8.
  it('enciphers Wikipedia’s AFFINE CIPHER with a = 5, b = 8, and back', async () => {
    await expect(caller.affine.encrypt({ text: 'AFFINE CIPHER', a: 5, b: 8 })).resolves.toEqual({
      success: true,
      result: 'IHHWVC SWFRCP',
      method: 'encrypt',
      a: 5,
      b: 8,
      alphabet: 'basic',
      text_length: 13,
    });
    const back = await caller.affine.decrypt({ text: 'IHHWVC SWFRCP', a: 5, b: 8 });
    expect(back).toMatchObject({ result: 'AFFINE CIPHER', method: 'decrypt' });
  });

  it('takes a and b mod n and echoes them as sent', async () => {
    // −21 ≡ 5 and 34 ≡ −18 ≡ 8 (mod 26).
    for (const [a, b] of [
      [-21, -18],
      [31, 34],
    ] as const) {
      const r = await caller.affine.encrypt({ text: 'affine cipher', a, b });
      expect(r).toMatchObject({ result: 'ihhwvc swfrcp', a, b });
    }
  });

  it('is the Caesar shift by b when a = 1', async () => {
    const caesar = await caller.caesar.encrypt({ text: 'Grüße, Jürgen!', shift: 7, alphabet: 'german' });
    const affine = await caller.affine.encrypt({ text: 'Grüße, Jürgen!', a: 1, b: 7, alphabet: 'german' });
    expect(affine.result).toBe(caesar.result);
  });

  it('works in a custom alphabet, and keeps what is not one of its letters', async () => {
    const r = await caller.affine.encrypt({
      text: 'Call 2024!',
      a: 3,
      b: -12,
      alphabet: 'custom',
      custom_alphabet: '0123456789',
    });
    // d ↦ 3d + 8 (mod 10): 2 → 4, 0 → 8, 4 → 0.
    expect(r).toMatchObject({ result: 'Call 4840!', a: 3, b: -12, alphabet: 'custom' });
  });

  it('decrypts what it encrypts, for every a that shares no factor with n, in any alphabet (property)', async () => {
    const coefficient = fc.integer({ min: -MAX_AFFINE_COEFFICIENT, max: MAX_AFFINE_COEFFICIENT });
    const request = alphabetCase.chain(({ spec, letters, forms }) =>
      fc.record({
        spec: fc.constant(spec),
        text: textFor(forms).filter((t) => t.length > 0),
        a: coefficient.filter((a) => gcd(a, letters.length) === 1),
        b: coefficient,
      }),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ spec, text, a, b }) => {
        const enc = await caller.affine.encrypt({ ...spec, text, a, b });
        expect((await caller.affine.decrypt({ ...spec, text: enc.result, a, b })).result).toBe(text);
      }),
      { numRuns: 150 },
    );
  });
});

describe('affine refusals', () => {
  it.each([
    [{ text: 'abc', a: 13, b: 0 }, { a: [coprime(26)] }],
    [{ text: 'abc', a: 2, b: 0 }, { a: [coprime(26)] }],
    [{ text: 'abc', a: 0, b: 0 }, { a: [coprime(26)] }],
    [{ text: 'abc', a: -26, b: 0 }, { a: [coprime(26)] }],
    // Checked against the chosen alphabet: 3 divides german's 30, 7 polish's 35, 5 these ten digits.
    [{ text: 'abc', a: 3, b: 0, alphabet: 'german' }, { a: [coprime(30)] }],
    [{ text: 'abc', a: 7, b: 0, alphabet: 'polish' }, { a: [coprime(35)] }],
    [{ text: 'abc', a: 5, b: 8, alphabet: 'custom', custom_alphabet: '0123456789' }, { a: [coprime(10)] }],
    [{ text: 'abc', a: 10_001, b: 0 }, { a: ['The a must be between -10000 and 10000.'] }],
    [{ text: 'abc', a: 1.5, b: 0 }, { a: ['The a must be an integer.'] }],
    [{ text: 'abc', a: '5', b: 0 }, { a: ['The a must be an integer.'] }],
    [{ text: 'abc', b: 8 }, { a: ['The a field is required.'] }],
    [{ text: 'abc', a: 5 }, { b: ['The b field is required.'] }],
    [{ text: 'abc', a: 5, b: -10_001 }, { b: ['The b must be between -10000 and 10000.'] }],
  ])('refuses %j', async (input, errors) => {
    expect(await fieldErrors(caller.affine.encrypt(input as never))).toEqual(errors);
  });

  it('reports every failing field at once, a’s factor with the others', async () => {
    expect(await fieldErrors(caller.affine.decrypt({ text: '', a: 13, b: 0.5, alphabet: 'basic' } as never))).toEqual({
      text: ['The text must not be empty.'],
      a: [coprime(26)],
      b: ['The b must be an integer.'],
    });
    // Without a usable alphabet there is no n to weigh a against: only the alphabet is refused.
    expect(await fieldErrors(caller.affine.encrypt({ text: 'abc', a: 2, b: 0, alphabet: 'custom' }))).toEqual({
      custom_alphabet: ['The custom alphabet field is required when alphabet is custom.'],
    });
  });
});

describe('affine over REST', () => {
  it('POST /affine/encrypt and /decrypt answer as the procedures do', async () => {
    const enc = await post(app, '/affine/encrypt', { text: 'Affine cipher', a: 5, b: 8 });
    expect(enc.status).toBe(200);
    expect(enc.body).toEqual({
      success: true,
      result: 'Ihhwvc swfrcp',
      method: 'encrypt',
      a: 5,
      b: 8,
      alphabet: 'basic',
      text_length: 13,
    });
    const dec = await post(app, '/affine/decrypt', { text: 'Ihhwvc swfrcp', a: 5, b: 8 });
    expect(dec.body).toMatchObject({ result: 'Affine cipher', method: 'decrypt' });
  });

  it('answers an a that shares a factor with n with the contract 422 naming n', async () => {
    const r = await post(app, '/affine/encrypt', { text: 'abc', a: 4, b: 1, alphabet: 'spanish' });
    expect(r.status).toBe(200);
    const bad = await post(app, '/affine/encrypt', { text: 'abc', a: 3, b: 1, alphabet: 'spanish' });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({
      success: false,
      error: 'Validation failed',
      errors: { a: [coprime(27)] },
      request_id: bad.headers.get('x-request-id'),
    });
  });
});
