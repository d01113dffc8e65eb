// The query's inner loop (lookup.ts): the unrolled lookups of one and two hashed orders give, bit for bit, what the
// general walk gives, on models of orders 4–6 counted here from the held-out English passages, every context a
// lookup can meet (seen, unseen, cut short by boundaries) and every symbol.
import { describe, expect, it } from 'vitest';
import { genericLookupOf, lookupOf } from '../../../src/analysis/language-model/lookup.js';
import { smoothedTables } from '../../../src/analysis/language-model/smoothing.js';
import { fileOf, heldOutCounts, S } from './held-out-model.js';

/** An order-`order` file of the held-out English passages' n-grams, and their keys. */
function counted(order: number) {
  const counts = heldOutCounts(order);
  return { file: fileOf(counts, order), keys: Int32Array.from(counts.keys()).sort() };
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
    const { file, keys } = counted(order);
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
    const { file } = counted(6);
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
