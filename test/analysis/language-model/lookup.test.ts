// The query's inner loop (lookup.ts): the unrolled lookups of one and two hashed orders give, bit for bit, what the
// general walk gives, on models of orders 4–6 counted here from the held-out English passages, every context a
// lookup can meet (seen, unseen, cut short by boundaries) and every symbol.
import { describe, expect, it } from 'vitest';
import { HELD_OUT } from '../../../scripts/lib/held-out.js';
import { ngramTables } from '../../../src/analysis/language-model/build/index.js';
import { passageSymbols } from '../../../src/analysis/language-model/index.js';
import { genericLookupOf, lookupOf } from '../../../src/analysis/language-model/lookup.js';
import { smoothedTables } from '../../../src/analysis/language-model/smoothing.js';
import { namedAlphabet } from '../../../src/core/index.js';

const a = namedAlphabet('basic');
const S = a.size + 2;

/** An order-`order` file of the held-out English passages' n-grams. */
function fileOf(order: number) {
  const counts = new Map<number, number>();
  for (const passage of HELD_OUT.en.map((p) => p.text)) {
    let key = 0;
    for (let i = 0; i < order - 1; i++) key = key * S + a.size;
    for (const z of passageSymbols(passage, a)) {
      key = (key * S + z) % S ** order;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const keys = Int32Array.from(counts.keys()).sort();
  const tables = ngramTables(
    keys,
    Array.from(keys, (k) => counts.get(k) as number),
    S,
    order,
  );
  return { file: { order, temperature: 1, ...tables }, keys };
}

const fail = (why: string): never => {
  throw new Error(why);
};

describe('lookupOf', () => {
  it.each([
    [4, 1],
    [5, 2],
    [5, 1],
    [6, 2],
    [6, 1],
  ])('order %i read at %i hashed orders: the unrolled lookup is the general walk', (order, H) => {
    const { file, keys } = fileOf(order);
    // Separate tables: each lookup smooths what it reaches itself, so neither reads the other's work.
    const unrolled = lookupOf(smoothedTables(file, S, fail), H);
    const general = genericLookupOf(smoothedTables(file, S, fail), H);
    // Read at H hashed orders the model is of order 3 + H (three dense orders below them).
    const contexts = S ** (3 + H - 1);
    // Contexts seen in training (every key's), and others spread over the whole range.
    const seen = Array.from(keys, (k) => Math.floor(k / S) % contexts).filter((_, i) => i % 3 === 0);
    const spread = Array.from({ length: 400 }, (_, i) => Math.floor((i / 400) * contexts));
    let differ = 0;
    for (const ctx of [...seen, ...spread])
      for (let c = 0; c < S; c++) if (!Object.is(unrolled(ctx, c), general(ctx, c))) differ++;
    expect(differ).toBe(0);
    expect(seen.length).toBeGreaterThan(200);
  });

  it('reads a model of three hashed orders (order 6) through the general walk', () => {
    const { file } = fileOf(6);
    const t = smoothedTables(file, S, fail);
    expect(t.H).toBe(3);
    const full = lookupOf(t);
    const general = genericLookupOf(smoothedTables(file, S, fail), 3);
    for (let i = 0; i < 300; i++) {
      const ctx = Math.floor((i / 300) * S ** 5);
      for (let c = 0; c < S; c++) expect(full(ctx, c)).toBe(general(ctx, c));
    }
  });
});
