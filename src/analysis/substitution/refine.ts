// The second stage: the keys the n-gram search found, judged and climbed by a fuller score (words for spaced text,
// the spaced model with its word breaks summed over for letters run together) that costs too much to search with.
import type { Found, scorerOf } from './anneal.js';
import { type Grams, keySignature } from './grams.js';

type Scorer = ReturnType<typeof scorerOf>;

/** The full score of a key (plainOf: cipher letter → plain letter), in nats. */
export type FullScore = (plainOf: Int32Array) => number;

/**
 * How many of a key's one-swap neighbours, the best by the search's own n-grams, the full score judges at each step
 * of the climb: a swap the n-grams put far behind is not one the fuller score brings back.
 */
const JUDGED_NEIGHBOURS = 40;
/** The keys found that the full score judges before climbing from the best of them. */
const JUDGED_FOUND = 12;
/** Climbs start from this many of the keys found, the best judged: another basin may hold the answer. */
const CLIMBS = 3;
/** A climb stops after this many steps at most (each judges JUDGED_NEIGHBOURS keys). */
const MAX_STEPS = 12;

/** The one-swap neighbours of the scorer's current key, best by the n-grams first: [x, y, delta]. */
function neighbours(s: Scorer, grams: Grams, pinned: Int32Array): [number, number, number][] {
  const out: [number, number, number][] = [];
  const n = grams.n;
  for (const x of grams.present) {
    if ((pinned[x] as number) >= 0) continue;
    for (let y = 0; y < n; y++) {
      // Two letters of the text are one swap whichever comes first.
      if (y === x || (pinned[y] as number) >= 0 || ((grams.letterCounts[y] as number) > 0 && y < x)) continue;
      s.trySwap(x, y, (d) => {
        out.push([x, y, d]);
        return false;
      });
    }
  }
  return out.sort((p, q) => q[2] - p[2]);
}

/**
 * The keys judged by the full score, best first: the first JUDGED_FOUND keys found, then a climb from each of the
 * CLIMBS best-judged of them, each step to the best-judged of the current key's likeliest neighbours, until none is
 * better. The keys judged on the way (the last key's neighbours among them) are what the posterior weighs.
 */
export function refine(s: Scorer, found: Found[], grams: Grams, pinned: Int32Array, full: FullScore): Found[] {
  const judged = new Map<string, Found>();
  const judge = (key: Int32Array): Found => {
    const sig = keySignature(grams.present, key);
    let f = judged.get(sig);
    if (!f) {
      f = { plainOf: Int32Array.from(key), score: full(key) };
      judged.set(sig, f);
    }
    return f;
  };
  const starts = found
    .slice(0, JUDGED_FOUND)
    .map((f) => judge(f.plainOf))
    .sort((p, q) => q.score - p.score)
    .slice(0, CLIMBS);
  const trial = new Int32Array(grams.n);
  for (let current of starts) {
    for (let step = 0; step < MAX_STEPS; step++) {
      s.set(current.plainOf);
      let best = current;
      for (const [x, y] of neighbours(s, grams, pinned).slice(0, JUDGED_NEIGHBOURS)) {
        trial.set(current.plainOf);
        trial[x] = current.plainOf[y] as number;
        trial[y] = current.plainOf[x] as number;
        const f = judge(trial);
        if (f.score > best.score) best = f;
      }
      if (best === current) break;
      current = best;
    }
  }
  return [...judged.values()].sort((p, q) => q.score - p.score);
}
