// Small models counted in the tests themselves: the held-out English passages' top-order n-grams over A–Z, and the
// tables ngramTables builds from them (what build:models does for the shipped models, on a few passages).
import { HELD_OUT } from '../../../scripts/lib/held-out.js';
import { ngramTables } from '../../../src/analysis/language-model/build/index.js';
import { type NgramFile, passageSymbols } from '../../../src/analysis/language-model/index.js';
import { namedAlphabet } from '../../../src/core/index.js';

const a = namedAlphabet('basic');
/** The letters, the word boundary (a.size) and other letters (S − 1). */
export const S = a.size + 2;

/** The top-order counts (key context·S + symbol) of the held-out English passages, each padded with boundaries. */
export function heldOutCounts(order: number): Map<number, number> {
  const counts = new Map<number, number>();
  for (const passage of HELD_OUT.en.map((p) => p.text)) {
    let key = 0;
    for (let i = 0; i < order - 1; i++) key = key * S + a.size;
    for (const z of passageSymbols(passage, a)) {
      key = (key * S + z) % S ** order;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

/** The n-gram file of these counts, keys ascending, at temperature 1. */
export function fileOf(counts: Map<number, number>, order: number, symbols = S): NgramFile {
  const keys = Int32Array.from(counts.keys()).sort();
  const tables = ngramTables(
    keys,
    Array.from(keys, (k) => counts.get(k) as number),
    symbols,
    order,
  );
  return { order, temperature: 1, ...tables };
}
