// Build time: a model file's tables (continuation counts, levels, counts of counts) from its top-order n-grams.
import { COUNT_ESCAPE, denseOrder, type NgramFile, type NgramLevel } from '../format.js';
import { countsOfCounts } from '../kneser-ney.js';

/** Distinct values of a key array and how often each occurs, both in ascending key order. */
function runs(keys: Int32Array): { keys: Int32Array; counts: Float64Array } {
  const sorted = keys.slice().sort();
  let distinct = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) distinct++;
  const out = { keys: new Int32Array(distinct), counts: new Float64Array(distinct) };
  for (let i = 0, j = -1; i < sorted.length; i++) {
    if (i === 0 || sorted[i] !== sorted[i - 1]) out.keys[++j] = sorted[i] as number;
    out.counts[j]!++;
  }
  return out;
}

/**
 * The tables of a model file from its top-order n-grams (ascending keys, context·S + symbol, and their
 * counts): the continuation counts of every lower order, the levels' layout and the counts of counts.
 */
export function ngramTables(
  keys: Int32Array,
  counts: ArrayLike<number>,
  S: number,
  order: number,
): Pick<NgramFile, 'levels' | 'dense' | 'countsOfCounts'> {
  const dense = denseOrder(order);
  const byOrder: { keys: Int32Array; counts: ArrayLike<number> }[] = [];
  byOrder[order] = { keys, counts };
  for (let k = order - 1; k > dense; k--) {
    const size = S ** k;
    byOrder[k] = runs((byOrder[k + 1] as { keys: Int32Array }).keys.map((g) => g % size));
  }
  const denseCounts: Float64Array[] = [];
  denseCounts[dense] = new Float64Array(S ** dense);
  for (const g of (byOrder[dense + 1] as { keys: Int32Array }).keys) denseCounts[dense]![g % S ** dense]!++;
  for (let k = dense - 1; k >= 1; k--) {
    const upper = denseCounts[k + 1] as Float64Array;
    const cur = new Float64Array(S ** k);
    for (let g = 0; g < upper.length; g++) if ((upper[g] as number) > 0) cur[g % cur.length]!++;
    denseCounts[k] = cur;
  }
  const levels: NgramLevel[] = [];
  // Each level's contexts in stored order, so the next level can place its contexts under them.
  let below = new Map<number, number>();
  for (let k = dense + 1; k <= order; k++) {
    const { keys: ks, counts: cs } = byOrder[k] as { keys: Int32Array; counts: ArrayLike<number> };
    for (let i = 0; i < ks.length; i++) {
      if (i > 0 && (ks[i] as number) <= (ks[i - 1] as number)) throw new Error('n-gram keys must ascend');
      const n = cs[i] as number;
      if (!(Number.isInteger(n) && n >= 1 && n < 2 ** 32)) throw new Error(`bad n-gram count ${n}`);
    }
    const weight = S ** (k - 2);
    const lowest = k === dense + 1;
    // Stored order: the lowest level by key; higher ones by (suffix context's place below, lead, symbol).
    const rank = (key: number): number => {
      const ctx = Math.floor(key / S);
      return lowest ? key : ((below.get(ctx % weight) as number) * S + Math.floor(ctx / weight)) * S + (key % S);
    };
    const sorted = Array.from(ks.keys()).sort((p, q) => rank(ks[p] as number) - rank(ks[q] as number));
    const contexts: number[] = [];
    const starts: number[] = [];
    const leads: number[] = [];
    const children = new Int32Array(lowest ? 0 : below.size);
    const symbols = new Uint8Array(ks.length);
    const stored = new Uint8Array(ks.length);
    const overflowAt: number[] = [];
    const overflow: number[] = [];
    const placed = new Map<number, number>();
    sorted.forEach((i, at) => {
      const key = ks[i] as number;
      const ctx = Math.floor(key / S);
      if (contexts.length === 0 || contexts.at(-1) !== ctx) {
        placed.set(ctx, contexts.length);
        contexts.push(ctx);
        starts.push(at);
        if (!lowest) {
          const parent = below.get(ctx % weight);
          if (parent === undefined) throw new Error('an n-gram suffix is missing from the order below');
          children[parent]!++;
          leads.push(Math.floor(ctx / weight));
        }
      }
      symbols[at] = key % S;
      const n = cs[i] as number;
      stored[at] = Math.min(n, COUNT_ESCAPE);
      if (n >= COUNT_ESCAPE) {
        overflowAt.push(at);
        overflow.push(n);
      }
    });
    starts.push(ks.length);
    const childStarts = new Int32Array(lowest ? 0 : children.length + 1);
    for (let p = 0; p < children.length; p++) childStarts[p + 1] = (childStarts[p] as number) + (children[p] as number);
    levels.push({
      contexts: lowest ? Int32Array.from(contexts) : new Int32Array(0),
      childStarts,
      leads: Uint8Array.from(leads),
      starts: Int32Array.from(starts),
      symbols,
      counts: stored,
      overflowAt: Int32Array.from(overflowAt),
      overflow: Uint32Array.from(overflow),
    });
    below = placed;
  }
  return {
    levels,
    dense: denseCounts.slice(1).map((c) => Uint8Array.from(c)),
    countsOfCounts: [
      ...denseCounts.slice(1).map(countsOfCounts),
      ...byOrder.slice(dense + 1).map((o) => countsOfCounts(o.counts)),
    ],
  };
}
