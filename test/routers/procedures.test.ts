// Every procedure through createCaller: shapes, defaults and the contract's validation messages.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../scripts/lib/random.js';
import { caller, fieldErrors } from './caller.js';

// Text encrypted with a shift, from the first sentence of the Wikipedia article "Caesar cipher".
const CAESAR_PLAIN =
  'In cryptography, a Caesar cipher is one of the simplest and most widely known encryption techniques. ' +
  'It is a type of substitution cipher in which each letter in the plaintext is replaced by a letter some fixed ' +
  'number of positions down the alphabet.';

describe('caesar', () => {
  it('encrypts with the documented shape and defaults', async () => {
    await expect(caller.caesar.encrypt({ text: 'Hello, World!', shift: 3 })).resolves.toEqual({
      success: true,
      result: 'Khoor, Zruog!',
      method: 'encrypt',
      shift: 3,
      alphabet: 'basic',
      text_length: 13,
    });
  });

  it('decrypts and honours preserve_case / preserve_non_alpha', async () => {
    const r = await caller.caesar.decrypt({
      text: 'Khoor, Zruog!',
      shift: 3,
      preserve_case: false,
      preserve_non_alpha: false,
    });
    expect(r).toMatchObject({ result: 'HELLOWORLD', method: 'decrypt', shift: 3 });
  });

  it('uses the chosen alphabet, custom ones included', async () => {
    expect((await caller.caesar.encrypt({ text: 'straße', shift: 1, alphabet: 'german' })).result).toBe('tusbaf');
    const custom = await caller.caesar.encrypt({
      text: 'Call 2024!',
      shift: 3,
      alphabet: 'custom',
      custom_alphabet: '0123456789',
    });
    expect(custom).toMatchObject({ result: 'Call 5357!', alphabet: 'custom' });
  });

  it('solves, ranking every shift by a posterior that sums to 1', async () => {
    const r = await caller.caesar.encrypt({ text: CAESAR_PLAIN, shift: 11 });
    const s = await caller.caesar.solve({ text: r.result });
    expect(s.language).toBe('en');
    expect(s.alphabet).toBe('basic');
    expect(s.best_solution).toEqual({ shift: 11, text: CAESAR_PLAIN, confidence: s.all_solutions[0]?.score });
    expect(s.all_solutions).toHaveLength(26);
    expect(s.all_solutions.reduce((sum, x) => sum + x.score, 0) + s.no_answer).toBeCloseTo(1, 12);
    expect(s.no_answer).toBeLessThan(1e-6);
  });

  it('says why when the best shift is not credible: random letters have "no answer", and the scores sum below 1', async () => {
    // 40 letters drawn uniformly at random (seeded), in groups of five.
    const rng = mulberry32(40);
    const letters = Array.from({ length: 40 }, () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[Math.floor(rng() * 26)]).join('');
    const s = await caller.caesar.solve({ text: letters.replace(/.{5}(?=.)/g, '$& ') });
    expect(s.best_solution.confidence).toBeLessThan(0.5);
    expect(s.reason).toBe('no_answer');
    expect(s.all_solutions.reduce((sum, x) => sum + x.score, 0)).toBeLessThan(0.5);
    // no_answer is the rest: the scores and it sum to 1, and it is what `reason` names.
    expect(s.no_answer).toBeGreaterThan(0.5);
    expect(s.all_solutions.reduce((sum, x) => sum + x.score, 0) + s.no_answer).toBeCloseTo(1, 12);
    const clear = await caller.caesar.solve({
      text: (await caller.caesar.encrypt({ text: CAESAR_PLAIN, shift: 4 })).result,
    });
    expect(clear.reason).toBeUndefined();
  });

  it('bulk encrypts and decrypts, echoing method and alphabet', async () => {
    const r = await caller.caesar.bulk({
      method: 'decrypt',
      alphabet: 'basic',
      items: [
        { text: 'bcd', shift: 1 },
        { text: 'Khoor', shift: 3 },
      ],
    });
    expect(r).toEqual({
      success: true,
      method: 'decrypt',
      alphabet: 'basic',
      count: 2,
      results: [
        { index: 0, original: 'bcd', result: 'abc', shift: 1 },
        { index: 1, original: 'Khoor', result: 'Hello', shift: 3 },
      ],
    });
    expect((await caller.caesar.bulk({ items: [{ text: 'abc', shift: 2 }] })).method).toBe('encrypt');
  });

  it('bulk solve ignores item shifts and reports a confidence per item', async () => {
    const enc = await caller.caesar.encrypt({ text: CAESAR_PLAIN, shift: 5 });
    const r = await caller.caesar.bulk({ method: 'solve', items: [{ text: enc.result, shift: 999 }] });
    expect(r.language).toBe('en');
    expect(r.results[0]).toMatchObject({ index: 0, original: enc.result, result: CAESAR_PLAIN, shift: 5 });
    expect(r.results[0]?.confidence).toBeGreaterThan(0.9);
    // The contract fixes an item's fields: no no_answer beside the confidence (shared/CONTRACT.md, "Bulk solve").
    expect(Object.keys(r.results[0] ?? {}).sort()).toEqual(['confidence', 'index', 'original', 'result', 'shift']);
  });

  // Issue 29: every solver's answer carries no_answer; a bulk item's rides beside the results, by index.
  it('bulk solve gives each item the no_answer its solve gives, by index', async () => {
    const enc = await caller.caesar.encrypt({ text: CAESAR_PLAIN, shift: 5 });
    const noise = 'QXZJV KWPLM ZQVRT XJWKQ';
    const r = await caller.caesar.bulk({
      method: 'solve',
      language: 'en',
      items: [{ text: enc.result }, { text: noise }],
    });
    const solves = await Promise.all([enc.result, noise].map((text) => caller.caesar.solve({ text, language: 'en' })));
    expect(r.no_answer).toEqual(solves.map((s) => s.no_answer));
    expect(r.no_answer?.[0]).toBeLessThan(0.1);
    expect(r.no_answer?.[1]).toBeGreaterThan(0.5);
    const plain = await caller.caesar.bulk({ items: [{ text: 'abc', shift: 1 }] });
    expect(plain).not.toHaveProperty('no_answer');
  });

  it.each([
    [{ shift: 3 }, 'text', 'The text field is required.'],
    [{ text: 'abc', shift: 26 }, 'shift', 'The shift must be between -25 and 25.'],
    [{ text: 'abc', shift: -26 }, 'shift', 'The shift must be between -25 and 25.'],
    [{ text: 'abc', shift: 1.5 }, 'shift', 'The shift must be an integer.'],
    [{ text: 'abc', shift: '3' }, 'shift', 'The shift must be an integer.'],
    [{ text: 'abc' }, 'shift', 'The shift field is required.'],
    [{ text: 'abc', shift: 1, alphabet: 'klingon' }, 'alphabet', 'The selected alphabet is invalid.'],
    [
      { text: 'abc', shift: 1, alphabet: 'custom' },
      'custom_alphabet',
      'The custom alphabet field is required when alphabet is custom.',
    ],
    [
      { text: 'abc', shift: 1, preserve_case: 'yes' },
      'preserve_case',
      'The preserve case field must be true or false.',
    ],
    [{ text: 'a'.repeat(100_001), shift: 1 }, 'text', 'The text must not be greater than 100000 characters.'],
  ])('rejects %j on %s', async (input, field, message) => {
    const errors = await fieldErrors(caller.caesar.encrypt(input as never));
    expect(errors[field]).toContain(message);
  });

  it('reports every failing field at once', async () => {
    const errors = await fieldErrors(caller.caesar.encrypt({ shift: 99, alphabet: 'custom' } as never));
    expect(Object.keys(errors).sort()).toEqual(['custom_alphabet', 'shift', 'text']);
  });

  it('bulk item errors use dotted keys, and solve ignores shifts', async () => {
    const errors = await fieldErrors(
      caller.caesar.bulk({
        method: 'encrypt',
        items: [
          { text: 'a', shift: 1 },
          { text: 'b', shift: 30 },
          { text: '', shift: 2 },
        ],
      }),
    );
    expect(errors['items.1.shift']).toEqual(['The shift must be between -25 and 25.']);
    expect(errors['items.2.text']).toEqual(['The text must not be empty.']);
    const tooMany = Array.from({ length: 1001 }, () => ({ text: 'a', shift: 1 }));
    expect(await fieldErrors(caller.caesar.bulk({ items: tooMany }))).toEqual({
      items: ['The items must not have more than 1000 items.'],
    });
  });

  it('rejects a letterless text on solve and bulk solve', async () => {
    const NO_LETTER = 'The text must contain at least one letter of the selected alphabet.';
    expect(await fieldErrors(caller.caesar.solve({ text: '1234 !!! 😀' }))).toEqual({ text: [NO_LETTER] });
    const errors = await fieldErrors(
      caller.caesar.bulk({ method: 'solve', items: [{ text: 'Khoor' }, { text: '123' }] }),
    );
    expect(errors).toEqual({ 'items.1.text': [NO_LETTER] });
  });
});

describe('messages say what is allowed (shared/CONTRACT.md: the spec’s message first, then what is allowed)', () => {
  it.each([
    [
      { text: 'abc', shift: 1, alphabet: 'klingon' },
      'alphabet',
      ['The selected alphabet is invalid.', 'Use one of: basic, polish, german, spanish, french, custom.'],
    ],
    [{ text: '', shift: 1 }, 'text', ['The text must not be empty.']],
    [{ shift: 1 }, 'text', ['The text field is required.']],
  ])('caesar.encrypt %j: errors.%s', async (input, field, messages) => {
    expect((await fieldErrors(caller.caesar.encrypt(input as never)))[field]).toEqual(messages);
  });

  it('lists the languages, and the bulk methods, from the schemas that declare them', async () => {
    expect((await fieldErrors(caller.caesar.solve({ text: 'abc', language: 'xx' } as never))).language).toEqual([
      'The selected language is invalid.',
      'Use one of: en, pl, de, es, fr, auto.',
    ]);
    expect(
      (await fieldErrors(caller.caesar.bulk({ items: [{ text: 'a', shift: 1 }], method: 'x' } as never))).method,
    ).toEqual(['The selected method is invalid.', 'Use one of: encrypt, decrypt, solve.']);
  });
});

describe('fields an operation does not know', () => {
  // shared/CONTRACT.md: a field that is neither the operation's own nor one of the spec's common request fields is
  // refused, naming it; the common ones stay accepted everywhere and are ignored where they do not apply.
  it.each([
    [
      'caesar.encrypt, a typo of shift',
      () => caller.caesar.encrypt({ text: 'abc', shift: 3, shfit: 4 } as never),
      {
        shfit: ['The shfit field is not allowed.'],
      },
    ],
    [
      'caesar.solve, a typo of language',
      () => caller.caesar.solve({ text: 'Khoor', lang: 'de' } as never),
      {
        lang: ['The lang field is not allowed.'],
      },
    ],
    [
      'a bulk item',
      () => caller.caesar.bulk({ items: [{ text: 'abc', shift: 1, shfit: 2 }] } as never),
      {
        'items.0.shfit': ['The shfit field is not allowed.'],
      },
    ],
    [
      'every error at once',
      () => caller.caesar.encrypt({ shift: 99, max_keylength: 3 } as never),
      {
        text: ['The text field is required.'],
        shift: ['The shift must be between -25 and 25.'],
        max_keylength: ['The max_keylength field is not allowed.'],
      },
    ],
  ])('refuses %s, naming it', async (_, call, errors) => {
    expect(await fieldErrors(call())).toEqual(errors);
  });

  it('accepts the common request fields anywhere, ignoring those an operation does not use', async () => {
    const r = await caller.rot13.transform({
      text: 'abc',
      shift: 3,
      key: 'X',
      max_key_length: 3,
      language: 'de',
    } as never);
    expect(r.result).toBe('nop');
    const v = await caller.vigenere.encrypt({ text: 'abc', key: 'B', shift: 7, items: [], method: 'x' } as never);
    expect(v.result).toBe('bcd');
  });
});

describe('rot13', () => {
  it('transforms and is its own inverse', async () => {
    const r = await caller.rot13.transform({ text: 'Hello, World!' });
    expect(r).toEqual({ success: true, result: 'Uryyb, Jbeyq!', method: 'rot13', text_length: 13 });
    expect((await caller.rot13.transform({ text: r.result })).result).toBe('Hello, World!');
  });

  it('bulk transforms a list of strings', async () => {
    const r = await caller.rot13.bulk({ items: ['abc', 'Hello, Wörld'], preserve_case: false });
    expect(r).toEqual({
      success: true,
      method: 'rot13',
      count: 2,
      results: [
        { index: 0, original: 'abc', result: 'NOP' },
        { index: 1, original: 'Hello, Wörld', result: 'URYYB, JöEYQ' },
      ],
    });
  });
});

describe('vigenere', () => {
  it('encrypts the Wikipedia example ATTACKATDAWN / LEMON', async () => {
    await expect(caller.vigenere.encrypt({ text: 'ATTACKATDAWN', key: 'LEMON' })).resolves.toEqual({
      success: true,
      result: 'LXFOPVEFRNHR',
      method: 'encrypt',
      key_length: 5,
      alphabet: 'basic',
      text_length: 12,
    });
  });

  it('decrypts with the same shape, naming the alphabet as Caesar does (issue 30, item 11)', async () => {
    const r = await caller.vigenere.decrypt({ text: 'Lxfopv ef rnhr!', key: 'lemon' });
    expect(r).toEqual({
      success: true,
      result: 'Attack at dawn!',
      method: 'decrypt',
      key_length: 5,
      alphabet: 'basic',
      text_length: 15,
    });
    const german = await caller.vigenere.encrypt({ text: 'Grüße', key: 'ẞ', alphabet: 'german' });
    expect(german.alphabet).toBe('german');
  });

  const NOT_LETTERS = 'The key must contain only letters of the selected alphabet.';
  it.each([
    [{ text: 'abc' }, 'The key field is required.'],
    [{ text: 'abc', key: 'LE MON' }, NOT_LETTERS],
    // ẞ is a letter of german, not of basic.
    [{ text: 'abc', key: 'ẞ' }, NOT_LETTERS],
    [{ text: 'abc', key: 'x'.repeat(1001) }, 'The key must not be greater than 1000 characters.'],
  ])('rejects %j on key', async (input, message) => {
    expect(await fieldErrors(caller.vigenere.encrypt(input as never))).toEqual({ key: [message] });
  });

  // Wikipedia's "Porta cipher" and "Beaufort cipher" examples and the one of "Autokey cipher"; the Gronsfeld row is
  // worked by hand (each digit a shift: A+3 = D, T+1 = U, T+4 = X, …).
  it.each([
    ['porta', 'DEFENDTHEEASTWALLOFTHECASTLE', 'FORTIFICATION', 'SYNNJSCVRNRLAHUTUKUCVRYRLANY'],
    ['beaufort', 'DEFENDTHEEASTWALLOFTHECASTLE', 'FORTIFICATION', 'CKMPVCPVWPIWUJOGIUAPVWRIWUUK'],
    ['autokey', 'attack at dawn', 'QUEENLY', 'qnxepv yt wtwp'],
    ['gronsfeld', 'ATTACKATDAWN', '31415', 'DUXBHNBXEFZO'],
  ] as const)('variant %s: encrypts the worked example and decrypts it back', async (variant, text, key, result) => {
    const enc = await caller.vigenere.encrypt({ text, key, variant });
    expect(enc).toEqual({
      success: true,
      result,
      method: 'encrypt',
      key_length: key.length,
      alphabet: 'basic',
      text_length: text.length,
    });
    expect((await caller.vigenere.decrypt({ text: result, key, variant })).result).toBe(text);
  });

  it.each([
    [
      { text: 'abc', key: 'LEMON', variant: 'gronsfeld' },
      { key: ['A Gronsfeld key must contain only the digits 0–9.'] },
    ],
    [{ text: 'abc', key: '31415' }, { key: [NOT_LETTERS] }],
    [
      { text: 'abc', key: 'KEY', variant: 'porta', alphabet: 'polish' },
      { variant: ['Porta needs an alphabet of even length; the selected one has 35 letters.'] },
    ],
    [
      { text: 'abc', key: 'KEY', variant: 'caesar' },
      {
        variant: [
          'The selected variant is invalid.',
          'Use one of: vigenere, beaufort, variant_beaufort, gronsfeld, autokey, porta.',
        ],
      },
    ],
  ])('rejects %j, naming the field', async (input, errors) => {
    expect(await fieldErrors(caller.vigenere.encrypt(input as never))).toEqual(errors);
  });

  describe('analyze with a variant', () => {
    const plain = `${CAESAR_PLAIN} ${CAESAR_PLAIN.toLowerCase()}`;
    const encrypt = async (key: string, variant: 'beaufort' | 'vigenere' | 'gronsfeld') =>
      (await caller.vigenere.encrypt({ text: plain, key, variant })).result;

    it('breaks Beaufort, asked for or weighed with auto', async () => {
      const text = await encrypt('KEY', 'beaufort');
      for (const variant of ['beaufort', 'auto'] as const) {
        const { analysis } = await caller.vigenere.analyze({ text, variant, language: 'en' });
        expect(analysis).toMatchObject({ variant: 'beaufort', probable_key: 'KEY', equivalents: [] });
        expect(analysis.decrypted_preview).toBe(plain.slice(0, analysis.decrypted_preview.length));
        expect(analysis.confidence).toBeGreaterThan(0.5);
      }
    });

    it('reads a Vigenère text as variant Beaufort with the negated key, and says both read it', async () => {
      const text = await encrypt('KEY', 'vigenere');
      const { analysis } = await caller.vigenere.analyze({ text, variant: 'variant_beaufort', language: 'en' });
      // K, E, Y are shifts 10, 4, 24: negated 16, 22, 2.
      expect(analysis).toMatchObject({ variant: 'variant_beaufort', probable_key: 'QWC' });
      expect(analysis.equivalents).toEqual([{ variant: 'vigenere', key: 'KEY' }]);
      const auto = await caller.vigenere.analyze({ text, variant: 'auto', language: 'en' });
      expect(auto.analysis).toMatchObject({ variant: 'vigenere', probable_key: 'KEY' });
    });

    it('names a Gronsfeld key in digits, and falls back to Vigenère when the key has a shift above 9', async () => {
      const text = await encrypt('3141', 'gronsfeld');
      const { analysis } = await caller.vigenere.analyze({ text, variant: 'gronsfeld', language: 'en' });
      expect(analysis).toMatchObject({ variant: 'gronsfeld', probable_key: '3141' });
      expect(analysis.equivalents).toContainEqual({ variant: 'vigenere', key: 'DBEB' });
      const wide = await caller.vigenere.analyze({ text: await encrypt('KEY', 'vigenere'), variant: 'gronsfeld' });
      expect(wide.analysis).toMatchObject({ variant: 'vigenere', probable_key: 'KEY' });
    });

    it('breaks Porta (a key of letter pairs: K, E and Y stand for themselves) and autokey (the primer)', async () => {
      for (const variant of ['porta', 'autokey'] as const) {
        const text = (await caller.vigenere.encrypt({ text: plain, key: 'KEY', variant })).result;
        const { analysis } = await caller.vigenere.analyze({ text, variant, language: 'en' });
        expect(analysis).toMatchObject({ variant, probable_key: 'KEY', best_key_length: 3, equivalents: [] });
        expect(analysis.decrypted_preview).toBe(plain.slice(0, analysis.decrypted_preview.length));
      }
    });

    it('carries no_answer in every variant: a key’s confidence never exceeds 1 − no_answer; random letters have none', async () => {
      const text = await encrypt('KEY', 'vigenere');
      for (const variant of ['vigenere', 'beaufort', 'auto', 'porta', 'autokey'] as const) {
        const { analysis } = await caller.vigenere.analyze({ text, variant, language: 'en' });
        expect(analysis.no_answer).toBeGreaterThanOrEqual(0);
        expect(analysis.confidence).toBeLessThanOrEqual(1 - analysis.no_answer + 1e-12);
      }
      const rng = mulberry32(60);
      const letters = Array.from({ length: 60 }, () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[Math.floor(rng() * 26)]).join('');
      for (const variant of ['vigenere', 'auto', 'porta', 'autokey'] as const) {
        const { analysis } = await caller.vigenere.analyze({ text: letters, variant, language: 'en' });
        expect(analysis.no_answer, variant).toBeGreaterThan(0.5);
        expect(analysis.reason, variant).toBe('no_answer');
      }
    });

    it('refuses Porta on an alphabet of odd length, and a variant it does not know', async () => {
      expect(
        await fieldErrors(caller.vigenere.analyze({ text: plain, variant: 'porta', alphabet: 'polish' } as never)),
      ).toEqual({ variant: ['Porta needs an alphabet of even length; the selected one has 35 letters.'] });
      expect(await fieldErrors(caller.vigenere.analyze({ text: plain, variant: 'caesar' } as never))).toEqual({
        variant: [
          'The selected variant is invalid.',
          'Use one of: vigenere, beaufort, variant_beaufort, gronsfeld, autokey, porta, auto.',
        ],
      });
    });
  });

  it('analyses a ciphertext and reports the contract fields', async () => {
    const plain = `${CAESAR_PLAIN} ${CAESAR_PLAIN.toLowerCase()}`;
    const enc = await caller.vigenere.encrypt({ text: plain, key: 'KEY' });
    const r = await caller.vigenere.analyze({ text: enc.result });
    expect(r.success).toBe(true);
    expect(r.analysis.probable_key).toBe('KEY');
    expect(r.analysis.best_key_length).toBe(3);
    expect(r.analysis.probable_key_lengths[0]).toBe(3);
    expect(Object.keys(r.analysis.ioc_scores)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(r.analysis.decrypted_preview).toBe(plain.slice(0, 200));
  });

  it('rejects short texts and bad max_key_length', async () => {
    expect(await fieldErrors(caller.vigenere.analyze({ text: 'ABCDEFGHIJ klmnopq' }))).toEqual({
      text: ['The text must contain at least 20 letters of the selected alphabet for analysis.'],
    });
    const long = 'abcdefghij'.repeat(10);
    expect((await fieldErrors(caller.vigenere.analyze({ text: long, max_key_length: 101 }))).max_key_length).toEqual([
      'The max key length must be between 1 and 100.',
    ]);
    expect(await fieldErrors(caller.vigenere.analyze({ text: long, max_key_length: 0 }))).toEqual({
      max_key_length: ['The max key length must be between 1 and 100.'],
    });
  });
});

describe('atbash', () => {
  it('reads the alphabet backwards with the documented shape and defaults, and is its own inverse', async () => {
    const r = await caller.atbash.transform({ text: 'Hello, World!' });
    expect(r).toEqual({ success: true, result: 'Svool, Dliow!', method: 'atbash', alphabet: 'basic', text_length: 13 });
    expect((await caller.atbash.transform({ text: r.result })).result).toBe('Hello, World!');
  });

  it('uses the chosen alphabet and options', async () => {
    // german: A–Z then ÄÖÜẞ, 30 letters, letter i ↔ letter 29 − i: a ↔ ß, d ↔ ä (26), e ↔ z (25).
    const r = await caller.atbash.transform({ text: 'aä, Zß', alphabet: 'german', preserve_non_alpha: false });
    expect(r.result).toBe('ßdEa');
    const upper = await caller.atbash.transform({ text: 'abc', preserve_case: false });
    expect(upper.result).toBe('ZYX');
  });

  it('reports a custom alphabet it cannot use', async () => {
    expect(await fieldErrors(caller.atbash.transform({ text: 'abc', alphabet: 'custom' }))).toEqual({
      custom_alphabet: ['The custom alphabet field is required when alphabet is custom.'],
    });
  });
});

describe('analysis.identify', () => {
  it('breaks a Vigenère text and names the key, the language and the decryption, with the defaults', async () => {
    const plain = `${CAESAR_PLAIN} ${CAESAR_PLAIN.toLowerCase()}`;
    const enc = await caller.vigenere.encrypt({ text: plain, key: 'KEY' });
    const r = await caller.analysis.identify({ text: enc.result });
    expect(r.best_solution).toMatchObject({ cipher: 'vigenere', key: 'KEY', language: 'en', text: plain });
    expect(r.all_solutions[0]).toEqual(r.best_solution);
    expect(r.text_length).toBe(plain.length);
    expect(r.all_solutions.length).toBeLessThanOrEqual(10);
    expect(r.all_solutions.map((s) => s.cipher)).toContain('unknown');
  });

  it('reads a plain text as plain in its language, in the alphabet asked for', async () => {
    const text =
      'Litwo! Ojczyzno moja! ty jesteś jak zdrowie. Ile cię trzeba cenić, ten tylko się dowie, kto cię stracił.';
    const r = await caller.analysis.identify({ text, alphabet: 'polish', language: 'pl', max_key_length: 5 });
    expect(r.best_solution).toMatchObject({ cipher: 'plain', language: 'pl', text });
    expect(r.best_solution.shift).toBeUndefined();
  });

  it('names an affine key by a and b, and decrypts with it', async () => {
    const plain = `${CAESAR_PLAIN} ${CAESAR_PLAIN.toLowerCase()}`;
    const enc = await caller.affine.encrypt({ text: plain, a: 5, b: 8 });
    const r = await caller.analysis.identify({ text: enc.result });
    expect(r.best_solution).toMatchObject({ cipher: 'affine', a: 5, b: 8, language: 'en', text: plain });
    expect(r.best_solution.key).toBeUndefined();
  });

  it('names Atbash, which takes no key', async () => {
    const plain = `${CAESAR_PLAIN} ${CAESAR_PLAIN.toLowerCase()}`;
    const enc = await caller.atbash.transform({ text: plain });
    const r = await caller.analysis.identify({ text: enc.result, language: 'en' });
    expect(r.best_solution).toMatchObject({ cipher: 'atbash', language: 'en', text: plain });
    expect([r.best_solution.shift, r.best_solution.key, r.best_solution.a]).toEqual([undefined, undefined, undefined]);
  });

  it('reports every field error at once', async () => {
    expect(
      await fieldErrors(
        caller.analysis.identify({ text: '', language: 'xx', alphabet: 'custom', max_key_length: 0 } as never),
      ),
    ).toEqual({
      text: ['The text must not be empty.'],
      language: ['The selected language is invalid.', 'Use one of: en, pl, de, es, fr, auto.'],
      custom_alphabet: ['The custom alphabet field is required when alphabet is custom.'],
      max_key_length: ['The max key length must be between 1 and 100.'],
    });
  });
});

describe('meta', () => {
  it('lists alphabets and languages and reports health', async () => {
    const a = await caller.meta.alphabets();
    expect(a.alphabets.map((x) => [x.name, x.size])).toEqual([
      ['basic', 26],
      ['polish', 35],
      ['german', 30],
      ['spanish', 27],
      ['french', 42],
    ]);
    const l = await caller.meta.languages();
    expect(l.languages.map((x) => x.code)).toEqual(['en', 'pl', 'de', 'es', 'fr']);
    expect((await caller.meta.health()).status).toBe('ok');
  });
});
