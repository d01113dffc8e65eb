// The second stage (src/analysis/substitution/refine.ts): keys found judged by a fuller score, climbs from the best
// judged to the best-judged of their n-gram neighbours, every key judged listed once, best first, pins kept.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../scripts/lib/random.js';
import { getModel } from '../../../src/analysis/index.js';
import { candidateSymbols, tokenize } from '../../../src/analysis/readings/index.js';
import { type Found, scorerOf } from '../../../src/analysis/substitution/anneal.js';
import { gramsOf, keySignature } from '../../../src/analysis/substitution/grams.js';
import { refine } from '../../../src/analysis/substitution/refine.js';
import { namedAlphabet, substitutionEncrypt } from '../../../src/core/index.js';
import { LONG_EN } from '../texts.js';

const basic = namedAlphabet('basic');
const model = getModel('en');
const KEY = 'QWERTYUIOPASDFGHJKLZXCVBNM';
/** Plain letter of each cipher letter under KEY. */
const TRUE_PLAIN = Int32Array.from({ length: 26 }, (_, x) => KEY.indexOf(String.fromCharCode(65 + x)));
const letters = substitutionEncrypt(LONG_EN, KEY, basic)
  .toUpperCase()
  .replace(/[^A-Z]/g, '');
const grams = gramsOf(tokenize(letters, basic, model, 'joined'), basic.size, model, model.joined);
const scorer = () => scorerOf(grams, model.joined, candidateSymbols(basic, model), model.symbolCount);
const unpinned = () => new Int32Array(26).fill(-1);

/** The true key with the plain letters of these cipher letters swapped in pairs. */
function swapped(...pairs: [number, number][]): Int32Array {
  const key = Int32Array.from(TRUE_PLAIN);
  for (const [x, y] of pairs) [key[x], key[y]] = [key[y] as number, key[x] as number];
  return key;
}

/** A full score that counts the text's cipher letters read right, and how often it was asked. */
function agreement() {
  const calls = { n: 0 };
  const full = (plainOf: Int32Array): number => {
    calls.n++;
    let right = 0;
    for (const x of grams.present) if (plainOf[x] === TRUE_PLAIN[x]) right++;
    return right;
  };
  return { full, calls };
}

const found = (key: Int32Array): Found => ({ plainOf: key, score: 0 });
const present = grams.present.length;
/** Cipher letters of the text, commonest first: a swap of two of them is among the n-grams' likeliest neighbours. */
const common = Array.from(grams.present).sort(
  (x, y) => (grams.letterCounts[y] as number) - (grams.letterCounts[x] as number),
);
const at = (i: number): number => common[i] as number;

describe('refine', () => {
  it('climbs from a key two swaps off to the key the full score prefers', () => {
    const { full } = agreement();
    const start = swapped([at(0), at(1)], [at(2), at(3)]);
    const out = refine(scorer(), [found(start)], grams, unpinned(), full);
    expect(Array.from(out[0]!.plainOf)).toEqual(Array.from(TRUE_PLAIN));
    expect(out[0]!.score).toBe(present);
  });

  it('lists every key it judged once, best first, each with its full score', () => {
    const { full } = agreement();
    const out = refine(
      scorer(),
      [found(swapped([at(0), at(1)])), found(swapped([at(4), at(5)]))],
      grams,
      unpinned(),
      full,
    );
    const sigs = out.map((f) => keySignature(grams.present, f.plainOf));
    expect(new Set(sigs).size).toBe(out.length);
    for (let i = 1; i < out.length; i++) expect(out[i - 1]!.score).toBeGreaterThanOrEqual(out[i]!.score);
    for (const f of out) expect(f.score).toBe(full(f.plainOf));
    // The last key's neighbours are judged too: the posterior weighs them.
    expect(out.length).toBeGreaterThan(40);
  });

  it('judges each key once, however often the climbs meet it', () => {
    const { full, calls } = agreement();
    const start = swapped([at(0), at(1)]);
    const out = refine(scorer(), [found(start), found(Int32Array.from(start))], grams, unpinned(), full);
    expect(calls.n).toBe(out.length);
  });

  it('judges the first 12 keys found and climbs from the 3 best of them', () => {
    const { full } = agreement();
    // Twelve keys each one swap off, ranked by the full score alike; a thirteenth two swaps off is never judged.
    const keys = Array.from({ length: 12 }, (_, i) => swapped([at(i), at(i + 1)]));
    const thirteenth = swapped([at(0), at(5)], [at(1), at(6)]);
    const out = refine(scorer(), [...keys, thirteenth].map(found), grams, unpinned(), full);
    const sigs = new Set(out.map((f) => keySignature(grams.present, f.plainOf)));
    for (const k of keys) expect(sigs.has(keySignature(grams.present, k))).toBe(true);
    expect(sigs.has(keySignature(grams.present, thirteenth))).toBe(false);
    expect(out[0]!.score).toBe(present);
  });

  it('a climb from a key worse than three others is not made', () => {
    const { full } = agreement();
    const near = [swapped([at(0), at(1)]), swapped([at(2), at(3)]), swapped([at(4), at(5)])];
    // Fourth: far off (five swaps); with CLIMBS = 3 it is judged but no climb starts from it.
    const far = swapped([at(6), at(7)], [at(8), at(9)], [at(10), at(11)], [at(12), at(13)], [at(14), at(15)]);
    const withFar = refine(scorer(), [...near, far].map(found), grams, unpinned(), full);
    const without = refine(scorer(), near.map(found), grams, unpinned(), full);
    expect(withFar.length).toBe(without.length + 1);
  });

  it('stops a climb after 12 steps, each judging the 40 likeliest neighbours', () => {
    // Judged by the n-grams themselves, a climb from a random key goes on improving for more than 12 steps.
    const judge = scorer();
    let calls = 0;
    const full = (plainOf: Int32Array): number => {
      calls++;
      judge.set(plainOf);
      return judge.total;
    };
    const rng = mulberry32(0x5eed);
    const scrambled = Int32Array.from({ length: 26 }, (_, i) => i);
    for (let i = 25; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [scrambled[i], scrambled[j]] = [scrambled[j] as number, scrambled[i] as number];
    }
    const out = refine(scorer(), [found(scrambled)], grams, unpinned(), full);
    expect(calls).toBe(out.length);
    // The start, then 40 new keys a step (a step's best neighbours never lead back), for 12 steps.
    expect(calls).toBe(1 + 12 * 40);
  });

  it('never moves a pinned letter', () => {
    const { full } = agreement();
    const pinned = unpinned();
    // at(0) pinned to the plain letter it wrongly holds: the swap that mends it is never tried.
    const start = swapped([at(0), at(1)], [at(2), at(3)]);
    pinned[at(0)] = start[at(0)] as number;
    const out = refine(scorer(), [found(start)], grams, pinned, full);
    for (const f of out) expect(f.plainOf[at(0)]).toBe(start[at(0)]);
    // The other swap is mended.
    expect(out[0]!.plainOf[at(2)]).toBe(TRUE_PLAIN[at(2)]);
    expect(out[0]!.score).toBe(present - 2);
  });
});
