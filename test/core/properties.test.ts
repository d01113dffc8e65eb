// fast-check properties of the cipher core: round trips, ROT13, shift arithmetic and length preservation.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Alphabet,
  caesarDecrypt,
  caesarEncrypt,
  codePointLength,
  codePointPrefix,
  customAlphabet,
  letterIndices,
  NAMED_ALPHABETS,
  namedAlphabet,
  PARTNER_FLAG,
  rot13,
  type TextOptions,
  vigenereDecrypt,
  vigenereEncrypt,
} from '../../src/core/index.js';
import {
  anyOptions,
  anyShift,
  anyText,
  CONTRACT_ALPHABETS,
  casedCase,
  customCase,
  keyOver,
  NON_LETTERS,
  textFor,
} from './arbitraries.js';

const RUNS = { numRuns: 150 };

/** The text with every letter in the alphabet's own form (case folded the alphabet's way). */
const fold = (t: string, a: Alphabet): string => caesarEncrypt(t, 0, a, { preserveCase: false });

/** Letter indices of t as a plain array. */
const indices = (t: string, a: Alphabet): number[] => Array.from(letterIndices(t, a));

const mod = (x: number, n: number): number => ((x % n) + n) % n;

describe('code-point helpers on random text', () => {
  it('codePointLength and codePointPrefix agree with string iteration', () => {
    fc.assert(
      fc.property(anyText, fc.integer({ min: -2, max: 50 }), (t, k) => {
        const cps = [...t];
        expect(codePointLength(t)).toBe(cps.length);
        expect(codePointPrefix(t, k)).toBe(cps.slice(0, Math.max(0, k)).join(''));
      }),
      { numRuns: 300 },
    );
  });
});

describe.each(NAMED_ALPHABETS)('properties: %s alphabet', (name) => {
  const a = namedAlphabet(name);
  const [upper, lower] = CONTRACT_ALPHABETS[name];
  const forms = [...upper, ...lower];
  const text = textFor(forms);
  const key = keyOver(forms);

  it('caesarDecrypt(caesarEncrypt(t, s), s) === t for any integer shift', () => {
    fc.assert(
      fc.property(text, anyShift, (t, s) => {
        expect(caesarDecrypt(caesarEncrypt(t, s, a), s, a)).toBe(t);
      }),
      RUNS,
    );
  });

  it('round trip holds for every shift in −25…25', () => {
    fc.assert(
      fc.property(text, (t) => {
        for (let s = -25; s <= 25; s++) expect(caesarDecrypt(caesarEncrypt(t, s, a), s, a)).toBe(t);
      }),
      { numRuns: 40 },
    );
  });

  it('round trip with preserve_case false gives the folded text', () => {
    fc.assert(
      fc.property(text, anyShift, (t, s) => {
        const opts = { preserveCase: false };
        expect(caesarDecrypt(caesarEncrypt(t, s, a, opts), s, a, opts)).toBe(fold(t, a));
      }),
      RUNS,
    );
  });

  it('shifts are taken mod n: s, s + n, s − n and s mod n agree; decrypt(s) = encrypt(−s)', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: -1_000_000, max: 1_000_000 }), anyOptions, (t, s, o) => {
        const e = caesarEncrypt(t, s, a, o);
        expect(caesarEncrypt(t, s + a.size, a, o)).toBe(e);
        expect(caesarEncrypt(t, s - a.size, a, o)).toBe(e);
        expect(caesarEncrypt(t, mod(s, a.size), a, o)).toBe(e);
        expect(caesarDecrypt(t, -s, a, o)).toBe(e);
      }),
      RUNS,
    );
  });

  it('encrypting by s then r is encrypting by s + r', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: -60, max: 60 }), fc.integer({ min: -60, max: 60 }), (t, s, r) => {
        expect(caesarEncrypt(caesarEncrypt(t, s, a), r, a)).toBe(caesarEncrypt(t, s + r, a));
      }),
      RUNS,
    );
  });

  it('moves each letter index by s and keeps letter count, case and non-letters', () => {
    fc.assert(
      fc.property(text, anyShift, anyOptions, (t, s, o) => {
        const e = caesarEncrypt(t, s, a, o);
        expect(indices(e, a)).toEqual(indices(t, a).map((i) => mod(i + mod(s, a.size), a.size)));
        if (o.preserveNonAlpha !== false) expect(codePointLength(e)).toBe(codePointLength(t));
        else expect(codePointLength(e)).toBe(indices(t, a).length);
        if (o.preserveCase === false) expect(fold(e, a)).toBe(e);
      }),
      RUNS,
    );
  });

  it('vigenereDecrypt(vigenereEncrypt(t, k), k) === t for keys drawn from the alphabet', () => {
    fc.assert(
      fc.property(text, key, (t, k) => {
        expect(vigenereDecrypt(vigenereEncrypt(t, k, a), k, a)).toBe(t);
      }),
      RUNS,
    );
  });

  it('Vigenère ignores key case and preserves length when non-letters are kept', () => {
    fc.assert(
      fc.property(text, key, anyOptions, (t, k, o) => {
        const e = vigenereEncrypt(t, k, a, o);
        expect(vigenereEncrypt(t, fold(k, a), a, o)).toBe(e);
        if (o.preserveNonAlpha !== false) expect(codePointLength(e)).toBe(codePointLength(t));
        const ks = indices(k, a);
        const ti = indices(t, a);
        expect(indices(e, a)).toEqual(ti.map((i, j) => mod(i + (ks[j % ks.length] as number), a.size)));
      }),
      RUNS,
    );
  });
});

describe('properties: ROT13', () => {
  const basic = namedAlphabet('basic');
  const text = fc.oneof(anyText, textFor([...CONTRACT_ALPHABETS.basic.join('')]));
  // Letters of the other named alphabets (all precomposed), none of them in A–Z / a–z.
  const OTHER_LETTERS = [...'ĄĆĘŁŃÓŚŹŻąćęłńóśźżÄÖÜẞäöüßÑñÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸàâæçéèêëîïôœùûüÿ'];

  it('rot13(rot13(t)) === t', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(rot13(rot13(t))).toBe(t);
      }),
      { numRuns: 300 },
    );
  });

  it('rot13(t) === caesarEncrypt(t, 13, basic), with any options', () => {
    fc.assert(
      fc.property(text, anyOptions, (t, o) => {
        expect(rot13(t, o)).toBe(caesarEncrypt(t, 13, basic, o));
        expect(rot13(t, o)).toBe(caesarDecrypt(t, 13, basic, o));
      }),
      { numRuns: 300 },
    );
  });

  it('ignores letters of other alphabets', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...OTHER_LETTERS, ...NON_LETTERS) }), (t) => {
        expect(rot13(t)).toBe(t);
      }),
      RUNS,
    );
  });
});

describe('properties: any text in any alphabet', () => {
  it('round trips arbitrary Unicode text (graphemes, astral, lone surrogates)', () => {
    fc.assert(
      fc.property(anyText, fc.constantFrom(...NAMED_ALPHABETS), anyShift, (t, name, s) => {
        const a = namedAlphabet(name);
        expect(caesarDecrypt(caesarEncrypt(t, s, a), s, a)).toBe(t);
        expect(codePointLength(caesarEncrypt(t, s, a))).toBe(codePointLength(t));
      }),
      { numRuns: 300 },
    );
  });
});

describe('properties: random custom alphabets', () => {
  const withText = customCase.chain(({ alphabet, forms }) =>
    fc.record({ alphabet: fc.constant(alphabet), text: textFor(forms), key: keyOver(forms) }),
  );

  it('every letter moves by s (along the partner cycle when it keeps a lower case); length is kept', () => {
    fc.assert(
      fc.property(withText, anyShift, anyOptions, ({ alphabet, text: t }, s, o) => {
        const a = customAlphabet(alphabet);
        const e = caesarEncrypt(t, s, a, o);
        const cycle = Array.from(a.partnerCycle);
        const moved = [...t].flatMap((c) => {
          const hit = a.lookup(c.codePointAt(0) as number);
          if (hit < 0) return [];
          const i = hit & (PARTNER_FLAG - 1);
          if (!(hit & PARTNER_FLAG) || o.preserveCase === false) return [mod(i + mod(s, a.size), a.size)];
          // s is reduced first: i + s past 2^53 would round (s reaches Number.MAX_SAFE_INTEGER).
          return [cycle[mod((a.partnerRank[i] as number) + mod(s, cycle.length), cycle.length)] as number];
        });
        expect(indices(e, a)).toEqual(moved);
        if (o.preserveNonAlpha !== false) expect(codePointLength(e)).toBe(codePointLength(t));
        const back = caesarDecrypt(e, s, a, o);
        const keep: TextOptions = { preserveNonAlpha: o.preserveNonAlpha ?? true };
        expect(fold(back, a)).toBe(caesarEncrypt(fold(t, a), 0, a, keep));
      }),
      RUNS,
    );
  });

  it('caesar round trip is exact on every custom alphabet, mixed case and caseless symbols included', () => {
    fc.assert(
      fc.property(withText, anyShift, ({ alphabet, text: t }, s) => {
        const a = customAlphabet(alphabet);
        expect(caesarDecrypt(caesarEncrypt(t, s, a), s, a)).toBe(t);
      }),
      RUNS,
    );
  });

  it('the OpenAPI example A–Z0–9 keeps case on a round trip (zebra, not Zebra)', () => {
    const a = customAlphabet('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
    // Lower-case letters move among the letters that have a lower case; Z and the digits along all 36.
    expect(caesarEncrypt('zebra Zebra 2024', 1, a)).toBe('afcsb 0fcsb 3135');
    expect(caesarDecrypt('afcsb 0fcsb 3135', 1, a)).toBe('zebra Zebra 2024');
    expect(vigenereDecrypt(vigenereEncrypt('zebra Zebra 2024', 'Z9', a), 'Z9', a)).toBe('zebra Zebra 2024');
    // Without case every letter moves along the whole alphabet, as the index rule says.
    expect(caesarEncrypt('zebra', 1, a, { preserveCase: false })).toBe('0FCSB');
  });

  it('caesar round trip is exact on texts written in the own forms', () => {
    fc.assert(
      fc.property(
        customCase.chain(({ alphabet }) => fc.tuple(fc.constant(alphabet), textFor([...alphabet]))),
        anyShift,
        ([alphabet, t], s) => {
          const a = customAlphabet(alphabet);
          const own = fold(t, a);
          expect(caesarDecrypt(caesarEncrypt(own, s, a), s, a)).toBe(own);
        },
      ),
      RUNS,
    );
  });

  it('round trips are exact when every letter has its own case partner', () => {
    const cased = casedCase.chain(({ alphabet, forms }) =>
      fc.record({ alphabet: fc.constant(alphabet), text: textFor(forms), key: keyOver(forms) }),
    );
    fc.assert(
      fc.property(cased, anyShift, ({ alphabet, text: t, key: k }, s) => {
        const a = customAlphabet(alphabet);
        expect(caesarDecrypt(caesarEncrypt(t, s, a), s, a)).toBe(t);
        expect(vigenereDecrypt(vigenereEncrypt(t, k, a), k, a)).toBe(t);
      }),
      RUNS,
    );
  });

  it('Vigenère round trip (exact when case and non-letters are kept, up to them otherwise)', () => {
    fc.assert(
      fc.property(withText, anyOptions, ({ alphabet, text: t, key: k }, o) => {
        const a = customAlphabet(alphabet);
        const back = vigenereDecrypt(vigenereEncrypt(t, k, a, o), k, a, o);
        const keep: TextOptions = { preserveNonAlpha: o.preserveNonAlpha ?? true };
        expect(fold(back, a)).toBe(caesarEncrypt(fold(t, a), 0, a, keep));
        if (o.preserveCase !== false && o.preserveNonAlpha !== false) expect(back).toBe(t);
      }),
      RUNS,
    );
  });
});
