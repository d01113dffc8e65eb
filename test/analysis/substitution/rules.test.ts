// The rule-bound readings of a cryptogram (src/analysis/substitution/rules.ts): the affine family (Caesar and Atbash
// named) and keyword alphabets near the key found, each family's evidence and its best key's share, worked by hand
// with a full score written for the test.
import { describe, expect, it } from 'vitest';
import { getModel } from '../../../src/analysis/index.js';
import { candidateSymbols, tokenize } from '../../../src/analysis/readings/index.js';
import { scorerOf } from '../../../src/analysis/substitution/anneal.js';
import { gramsOf } from '../../../src/analysis/substitution/grams.js';
import { affineReading, keywordReading, type RuleContext } from '../../../src/analysis/substitution/rules.js';
import { affineEncrypt, keywordAlphabet, namedAlphabet, substitutionEncrypt } from '../../../src/core/index.js';
import { LONG_EN } from '../texts.js';

const basic = namedAlphabet('basic');
const model = getModel('en');
const A = 'A'.charCodeAt(0);
const RULE_PRIOR = Math.log(0.1);
/** 12 values of a are coprime with 26, each with 26 values of b. */
const AFFINE_KEYS = 312;

/** Cipher letter → plain letter of a cipher alphabet (plain letter i became alphabet[i]). */
function plainOfAlphabet(alphabet: string): Int32Array {
  const out = new Int32Array(alphabet.length);
  for (let p = 0; p < alphabet.length; p++) out[alphabet.charCodeAt(p) - A] = p;
  return out;
}
const affinePlainOf = (a: number, b: number) =>
  plainOfAlphabet(Array.from({ length: 26 }, (_, p) => String.fromCharCode(A + ((a * p + b) % 26))).join(''));

/** The context of LONG_EN enciphered by `encrypt`, its letters run together, judged by `full`. */
function contextOf(
  cipher: string,
  full: (plainOf: Int32Array) => number,
  options: { temperature?: number; pinned?: [number, number][] } = {},
): RuleContext {
  const letters = cipher.toUpperCase().replace(/[^A-Z]/g, '');
  const grams = gramsOf(tokenize(letters, basic, model, 'joined'), 26, model, model.joined);
  const pinned = new Int32Array(26).fill(-1);
  for (const [x, p] of options.pinned ?? []) pinned[x] = p;
  return {
    n: 26,
    letters: basic.letters,
    present: grams.present,
    pinned,
    scorer: scorerOf(grams, model.joined, candidateSymbols(basic, model), model.symbolCount),
    full,
    temperature: options.temperature ?? 1,
  };
}
/** A full score of `right` for the key `truth` and of `other` for any other key, counting its calls. */
function scoreOf(truth: Int32Array, right: number, other = 0) {
  const calls = { n: 0 };
  const full = (plainOf: Int32Array) => {
    calls.n++;
    return plainOf.every((p, x) => p === truth[x]) ? right : other;
  };
  return { full, calls };
}
const lse = (xs: number[]) => {
  const m = Math.max(...xs);
  return m + Math.log(xs.reduce((s, x) => s + Math.exp(x - m), 0));
};

describe('affineReading', () => {
  // [what, a, b, the rule it is named]
  const keys: [string, number, number, object][] = [
    ['the affine key of Wikipedia’s example', 5, 8, { cipher: 'affine', a: 5, b: 8 }],
    ['a shift', 1, 3, { cipher: 'caesar', shift: 3 }],
    ['Atbash (a = b = 25)', 25, 25, { cipher: 'atbash' }],
    ['a = 25 with another b', 25, 3, { cipher: 'affine', a: 25, b: 3 }],
    ['b = 25 with another a', 5, 25, { cipher: 'affine', a: 5, b: 25 }],
  ];
  it.each(keys)('reads %s as its rule, every cell said', (_, a, b, rule) => {
    const truth = affinePlainOf(a, b);
    const { full, calls } = scoreOf(truth, 240);
    const r = affineReading(contextOf(affineEncrypt(LONG_EN, { a, b }, basic), full));
    expect(r?.rule).toEqual(rule);
    expect(Array.from(r?.plainOf ?? [])).toEqual(Array.from(truth));
    expect(r?.open).toEqual(Array(26).fill(false));
    // Three judged in full, two of them at 0: ln(e^240 + 2) − ln 312 + ln 0.1.
    expect(calls.n).toBe(3);
    expect(r?.evidence).toBeCloseTo(240 - Math.log(AFFINE_KEYS) + RULE_PRIOR, 9);
    expect(r?.share).toBeCloseTo(1, 12);
  });

  const cipher = affineEncrypt(LONG_EN, { a: 5, b: 8 }, basic);
  const truth = affinePlainOf(5, 8);

  it('judges in full only the three best by the n-grams', () => {
    // The identity key, far down the n-grams' order, would win if it were judged.
    const identity = Int32Array.from({ length: 26 }, (_, i) => i);
    const full = (plainOf: Int32Array) =>
      plainOf.every((p, x) => p === identity[x]) ? 1000 : plainOf.every((p, x) => p === truth[x]) ? 240 : 0;
    expect(affineReading(contextOf(cipher, full))?.rule).toEqual({ cipher: 'affine', a: 5, b: 8 });
  });

  it('tempers the scores and sums the family', () => {
    // T = 4: the truth at 240 / 4; the other two at 236 / 4 = 59 each.
    const { full } = scoreOf(truth, 240, 236);
    const r = affineReading(contextOf(cipher, full, { temperature: 4 }));
    expect(r?.evidence).toBeCloseTo(lse([60, 59, 59]) - Math.log(AFFINE_KEYS) + RULE_PRIOR, 9);
    expect(r?.share).toBeCloseTo(1 / (1 + 2 / Math.E), 12);
    expect(r?.open).toEqual(Array(26).fill(false));
  });

  it('counts keys that read the text alike as one reading, and leaves open the cells they disagree on', () => {
    // All three judged score alike: the best by the n-grams is the one shown, its share the whole family.
    const r = affineReading(contextOf(cipher, () => 5));
    expect(r?.rule).toEqual({ cipher: 'affine', a: 5, b: 8 });
    expect(r?.share).toBeCloseTo(1, 12);
    expect(r?.evidence).toBeCloseTo(5 + Math.log(3) - Math.log(AFFINE_KEYS) + RULE_PRIOR, 9);
    // Two affine alphabets agree on at most two cells (their difference a′ − a is even, or they are the same).
    expect(r?.open.filter(Boolean).length).toBeGreaterThanOrEqual(22);
    // Within 1e-9 of the best is alike; 1e-6 below is not.
    const near = affineReading(contextOf(cipher, scoreOf(truth, 100, 100 - 1e-10).full));
    expect(near?.share).toBeCloseTo(1, 9);
    expect(near?.open.some(Boolean)).toBe(true);
    const apart = affineReading(contextOf(cipher, scoreOf(truth, 100, 100 - 1e-6).full));
    expect(apart?.share).toBeLessThan(0.34);
    expect(apart?.open.some(Boolean)).toBe(false);
  });

  it('keeps the pins: 12 keys keep one pinned letter, and a wrong pin is kept all the same', () => {
    // Cipher letter I is plain A under a = 5, b = 8.
    const pinnedRight = contextOf(cipher, scoreOf(truth, 240).full, { pinned: [[8, 0]] });
    const r = affineReading(pinnedRight);
    expect(r?.rule).toEqual({ cipher: 'affine', a: 5, b: 8 });
    expect(r?.evidence).toBeCloseTo(240 - Math.log(12) + RULE_PRIOR, 9);
    const wrong = affineReading(contextOf(cipher, scoreOf(truth, 240).full, { pinned: [[8, 1]] }));
    expect(wrong?.plainOf[8]).toBe(1);
    expect(wrong?.rule).not.toEqual({ cipher: 'affine', a: 5, b: 8 });
    // Two cipher letters pinned to one plain letter: no key keeps both.
    expect(
      affineReading(
        contextOf(cipher, () => 0, {
          pinned: [
            [8, 0],
            [9, 0],
          ],
        }),
      ),
    ).toBeUndefined();
  });
});

describe('keywordReading', () => {
  // ZEBRASCDFGHIJKLMNOPQTUVWXY (Wikipedia's example). LONG_EN lacks plain J and Z: cipher G and Y are spare.
  const alphabet = keywordAlphabet('ZEBRAS', basic);
  const truth = plainOfAlphabet(alphabet);
  const cipher = substitutionEncrypt(LONG_EN, alphabet, basic);
  /** ln Σ over keyword lengths 1…12 (each equally likely) of the heads of k distinct letters of 26. */
  const logKeys = lse(
    Array.from({ length: 12 }, (_, i) => {
      let heads = Math.log(12);
      for (let j = 0; j <= i; j++) heads += Math.log(26 - j);
      return heads;
    }),
  );
  /** The found key with the plain letters of two cipher letters exchanged (or a cycle of three). */
  const moved = (...cycle: string[]) => {
    const key = Int32Array.from(truth);
    const xs = cycle.map((c) => c.charCodeAt(0) - A);
    const first = key[xs[0] as number] as number;
    for (let i = 0; i < xs.length - 1; i++) key[xs[i] as number] = key[xs[i + 1] as number] as number;
    key[xs[xs.length - 1] as number] = first;
    return key;
  };

  it('names the keyword of the key found, the shortest that spells it', () => {
    const { full, calls } = scoreOf(truth, 240);
    const r = keywordReading(contextOf(cipher, full), truth);
    expect(r?.rule).toEqual({ cipher: 'keyword', keyword: 'ZEBRAS' });
    expect(Array.from(r?.plainOf ?? [])).toEqual(Array.from(truth));
    // Lengths 6…12 spell the same alphabet (10…12 with the open cell J given G, the only spare that fits): one
    // alphabet, judged once, seven readings alike.
    expect(calls.n).toBe(1);
    expect(r?.open).toEqual(Array(26).fill(false));
    expect(r?.share).toBeCloseTo(1, 12);
    expect(r?.evidence).toBeCloseTo(240 + Math.log(7) - logKeys + RULE_PRIOR, 9);
  });

  it('mends up to two cells of the key found past the keyword', () => {
    // Cipher U and W (plain T and V) exchanged in the key found: the keyword alphabet puts them back.
    const r = keywordReading(contextOf(cipher, scoreOf(truth, 240).full), moved('U', 'W'));
    expect(r?.rule).toEqual({ cipher: 'keyword', keyword: 'ZEBRAS' });
    expect(Array.from(r?.plainOf ?? [])).toEqual(Array.from(truth));
    // Three cells (a cycle of U, V, W) are too many.
    expect(
      keywordReading(
        contextOf(cipher, () => 0),
        moved('U', 'V', 'W'),
      ),
    ).toBeUndefined();
  });

  it('tempers the scores, and keeps the pins', () => {
    const r = keywordReading(contextOf(cipher, scoreOf(truth, 240).full, { temperature: 8 }), truth);
    expect(r?.evidence).toBeCloseTo(30 + Math.log(7) - logKeys + RULE_PRIOR, 9);
    // Cipher Z is plain A; pinned to B, no keyword alphabet near the key keeps it.
    expect(
      keywordReading(
        contextOf(cipher, () => 0, { pinned: [[25, 1]] }),
        truth,
      ),
    ).toBeUndefined();
    expect(
      keywordReading(
        contextOf(cipher, () => 0, { pinned: [[25, 0]] }),
        truth,
      )?.rule,
    ).toEqual({
      cipher: 'keyword',
      keyword: 'ZEBRAS',
    });
  });

  it('looks at keywords of up to n − 1 letters on a small alphabet', () => {
    // Five letters, keyword DAB: DABCE, which a keyword of 1…4 letters spells alike (D, DA, DAB, DABC).
    const small = plainOfAlphabet('DABCE');
    const c: RuleContext = {
      ...contextOf(cipher, scoreOf(small, 50).full),
      n: 5,
      letters: [...'ABCDE'],
      present: Int32Array.from([0, 1, 2, 3, 4]),
      pinned: new Int32Array(5).fill(-1),
    };
    const r = keywordReading(c, small);
    expect(r?.rule).toEqual({ cipher: 'keyword', keyword: 'D' });
    const heads = [5, 20, 60, 120].map((h) => Math.log(12 * h));
    expect(r?.evidence).toBeCloseTo(50 + Math.log(4) - lse(heads) + RULE_PRIOR, 9);
  });
});
