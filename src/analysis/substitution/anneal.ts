// The key search: simulated annealing over which plain letter each cipher letter stands for, restarted from several
// keys, each run polished by hill climbing; a move swaps the plain letters of two cipher letters and rescores only
// the n-grams that hold them.
import type { NgramModel } from '../language-model/index.js';
import { type Grams, keySignature } from './grams.js';
import { MODEL_READ_COST, spentOut, type Work } from './work.js';

export interface AnnealOptions {
  restarts: number;
  /** Moves tried per restart, the temperature falling geometrically from t0 to t1 (nats). */
  steps: number;
  t0: number;
  t1: number;
  /** Per cipher letter, the plain letter a clue pins it to, or −1. */
  pinned: Int32Array;
  /** The plain letters by the language's frequency, most frequent first: the first start pairs them by rank. */
  byFrequency: Int32Array;
  seed: number;
  /** The restarts stop once this many of them reached the best key found. */
  settleAfter: number;
  /** How many distinct local optima to keep. */
  keep: number;
  /** The solve's budget: once it is spent, no restart after the first starts. */
  work?: Work;
}

/** A key found: plainOf[x] is the plain letter of cipher letter x (a permutation of 0…n−1). */
export interface Found {
  plainOf: Int32Array;
  /** ln P(text | key) under the search's model, on its n-grams (untempered). */
  score: number;
}

/** The look-up cache's slots: 2^18. */
const CACHE_SHIFT = 14;
const CACHE_SIZE = 2 ** (32 - CACHE_SHIFT);

/** A model with at most this many n-grams (S^order) is read from a dense table: 28^4 for A–Z, 37^4 for Polish. */
const DENSE_MAX = 2_000_000;
/**
 * The search's coarse tables hold −ln P in steps of 1/COARSE_STEPS nats, a byte each (to −25.5 nats; the models'
 * 4-grams reach −24): a quarter of the exact table's bytes, so that more of it stays in the core's cache. Side by side
 * (bench/core/solve-ab.ts, 18 solves of 200 random letters), the search took 363 CPU ms median a solve against 485
 * with the exact table (and 464 with two bytes a cell). A step errs by 0.05 nats at most, far below the search's
 * temperatures (6 to 2 nats); what an answer says is scored with the exact table.
 */
const COARSE_STEPS = 10;
type Table = Float32Array | Uint8Array;
const denseTables = { exact: new WeakMap<NgramModel, Table>(), coarse: new WeakMap<NgramModel, Table>() };

/** Every ln P(c | context) of a small model in one table, index context·S + c, built once per model and precision. */
function denseTable(ngrams: NgramModel, S: number, precision: Precision): Table | undefined {
  if (!readsDense(ngrams, S)) return undefined;
  const size = S ** ngrams.order;
  let table = denseTables[precision].get(ngrams);
  if (!table) {
    const coarse = precision === 'coarse';
    table = coarse ? new Uint8Array(size) : new Float32Array(size);
    for (let ctx = 0, id = 0; ctx < size / S; ctx++)
      for (let c = 0; c < S; c++) {
        const lp = ngrams.logProb(ctx, c);
        table[id++] = coarse ? Math.min(255, Math.round(-lp * COARSE_STEPS)) : lp;
      }
    denseTables[precision].set(ngrams, table);
  }
  return table;
}

/** Whether a model is read from a dense table (and so has a coarse one); a larger one only through a cache. */
export function readsDense(ngrams: NgramModel, S: number): boolean {
  return S ** ngrams.order <= DENSE_MAX;
}

/** How a dense table holds its log-probabilities: as floats, or coarse (for the search, whose moves they only rank). */
export type Precision = 'exact' | 'coarse';

/** A small seeded generator (mulberry32) whose state lives in `at.state`: the same text gets the same answer every time. */
function generator(at: { state: number }): () => number {
  return () => {
    at.state = (at.state + 0x6d2b79f5) >>> 0;
    let t = at.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * How a scorer reads the n-gram g of the text under the key its `sym` holds (cipher letter → model symbol): every
 * look-up of a small model from one dense table (letters run together: 28^4 entries for A–Z); of a larger one, through
 * a direct-mapped cache of look-ups, since the search meets the same n-grams of plain symbols again and again, and a
 * hit costs a few nanoseconds against tens for the model's walk. `cost`: what one read counts against a budget.
 */
function readerOf(grams: Grams, ngrams: NgramModel, sym: Int32Array, S: number, precision: Precision) {
  const { N, codes, counts } = grams;
  const logProb = ngrams.logProb;
  const dense = denseTable(ngrams, S, precision);
  // A coarse table's byte b stands for ln P = −b / COARSE_STEPS: each n-gram's count carries that factor.
  const weights = dense && precision === 'coarse' ? counts.map((c) => -c / COARSE_STEPS) : counts;
  const tags = new Int32Array(dense ? 0 : CACHE_SIZE).fill(-1);
  const cached = new Float64Array(dense ? 0 : CACHE_SIZE);
  const cost = dense ? 1 : MODEL_READ_COST;
  // One function literal for both kinds of table: the scorers' moves call it from one site, and V8 keeps one feedback
  // cell per literal, so two literals made that site polymorphic once a solve had read a model through the cache (a
  // 5-gram's second search): every later search ran it uninlined, 25 % slower (docs/solver-results.md, 2026-12-04).
  const gram = (g: number): number => {
    const base = g * N;
    if (dense) {
      let id = 0;
      for (let r = 0; r < N; r++) id = id * S + (sym[codes[base + r] as number] as number);
      return (weights[g] as number) * (dense[id] as number);
    }
    let ctx = 0;
    for (let r = 0; r + 1 < N; r++) ctx = ctx * S + (sym[codes[base + r] as number] as number);
    const c = sym[codes[base + N - 1] as number] as number;
    const id = ctx * S + c;
    const slot = (Math.imul(id, 0x9e3779b1) >>> CACHE_SHIFT) as number;
    if (tags[slot] !== id) {
      tags[slot] = id;
      cached[slot] = logProb(ctx, c);
    }
    return (counts[g] as number) * (cached[slot] as number);
  };
  return { gram, cost };
}

/**
 * The scorer of one text under one key at a time: the key lives in `plainOf`, `total` is its score, and `trySwap`
 * swaps two cipher letters' plain letters, keeping the swap only when `accept(delta)` says so. Every n-gram it reads
 * is counted against `work`, if given. A coarse scorer reads a small model's coarse table (the search's).
 */
export function scorerOf(
  grams: Grams,
  ngrams: NgramModel,
  cand: Int32Array,
  S: number,
  work?: Work,
  precision: Precision = 'exact',
) {
  const { n, size, starts, list } = grams;
  const sym = new Int32Array(n + S);
  for (let s = 0; s < S; s++) sym[n + s] = s;
  const plainOf = new Int32Array(n);
  const value = new Float64Array(size);
  const mark = new Int32Array(size);
  const touched = new Int32Array(size);
  const fresh = new Float64Array(size);
  let stamp = 0;
  const { gram, cost } = readerOf(grams, ngrams, sym, S, precision);
  const state = {
    plainOf,
    total: 0,
    /** Takes `key` as the current key and scores it whole. */
    set(key: ArrayLike<number>): void {
      for (let x = 0; x < n; x++) {
        plainOf[x] = key[x] as number;
        sym[x] = cand[key[x] as number] as number;
      }
      let total = 0;
      for (let g = 0; g < size; g++) {
        const v = gram(g);
        value[g] = v;
        total += v;
      }
      state.total = total;
      if (work) work.spent += size * cost;
    },
    trySwap(x: number, y: number, accept: (delta: number) => boolean): boolean {
      const px = plainOf[x] as number;
      const py = plainOf[y] as number;
      sym[x] = cand[py] as number;
      sym[y] = cand[px] as number;
      stamp++;
      let m = 0;
      let delta = 0;
      for (let k = 0; k < 2; k++) {
        const letter = k === 0 ? x : y;
        for (let i = starts[letter] as number, end = starts[letter + 1] as number; i < end; i++) {
          const g = list[i] as number;
          if (mark[g] === stamp) continue;
          mark[g] = stamp;
          const v = gram(g);
          touched[m] = g;
          fresh[m++] = v;
          delta += v - (value[g] as number);
        }
      }
      if (work) work.spent += m * cost;
      if (!accept(delta)) {
        sym[x] = cand[px] as number;
        sym[y] = cand[py] as number;
        return false;
      }
      plainOf[x] = py;
      plainOf[y] = px;
      for (let i = 0; i < m; i++) value[touched[i] as number] = fresh[i] as number;
      state.total += delta;
      return true;
    },
  };
  return state;
}

type Scorer = ReturnType<typeof scorerOf>;

/** A random key that keeps the pins (or, with `ranked`, the present letters paired by frequency rank). */
function startKey(grams: Grams, o: AnnealOptions, random: () => number, ranked: boolean): Int32Array {
  const n = grams.n;
  const key = new Int32Array(n).fill(-1);
  const used = new Uint8Array(n);
  o.pinned.forEach((p, x) => {
    if (p >= 0) {
      key[x] = p;
      used[p] = 1;
    }
  });
  const free = Array.from(ranked ? o.byFrequency : shuffled(n, random)).filter((p) => !used[p]);
  const order = [...grams.present, ...Array.from({ length: n }, (_, x) => x)];
  for (const x of order) if (key[x] === -1) key[x] = free.shift() as number;
  return key;
}

function shuffled(n: number, random: () => number): Int32Array {
  const out = Int32Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = out[i] as number;
    out[i] = out[j] as number;
    out[j] = t;
  }
  return out;
}

/** Swaps that improve the score, in turn, until none does: a local optimum. */
function climb(s: Scorer, movable: Int32Array, presentMovable: Int32Array): void {
  const better = (d: number) => d > 1e-9;
  for (let improved = true; improved; ) {
    improved = false;
    for (const x of presentMovable) for (const y of movable) if (x !== y && s.trySwap(x, y, better)) improved = true;
  }
}

/** The local optimum a climb from `key` reaches by the scorer, pins kept (they are never moved). */
export function climbFrom(s: Scorer, grams: Grams, pinned: Int32Array, key: Int32Array): Found {
  const movable = Int32Array.from({ length: grams.n }, (_, x) => x).filter((x) => (pinned[x] as number) < 0);
  s.set(key);
  climb(
    s,
    movable,
    grams.present.filter((x) => (pinned[x] as number) < 0),
  );
  return { plainOf: Int32Array.from(s.plainOf), score: s.total };
}

/**
 * Where a search stopped: its generator's state, the restarts made, the distinct local optima reached and how often
 * the best of them was. A search of the same text by the same scorer and schedule that goes on from it makes the
 * restarts a longer search would have made after these, so none is made twice.
 */
export interface Progress {
  state: number;
  restarts: number;
  found: Map<string, Found>;
  bestScore: number;
  bestHits: number;
}

/**
 * The distinct local optima the restarts reach, best first (at most o.keep), and where the search stopped. Each
 * restart anneals with `walk` (a coarse scorer, cheaper to read) and climbs to its optimum with `s`, which scores
 * the keys found.
 */
export function anneal(
  s: Scorer,
  grams: Grams,
  o: AnnealOptions,
  from?: Progress,
  walk: Scorer = s,
): { found: Found[]; progress: Progress } {
  const p: Progress = from
    ? { ...from, found: new Map(from.found) }
    : { state: o.seed >>> 0, restarts: 0, found: new Map(), bestScore: Number.NEGATIVE_INFINITY, bestHits: 0 };
  const random = generator(p);
  const n = grams.n;
  const movable = Int32Array.from({ length: n }, (_, x) => x).filter((x) => (o.pinned[x] as number) < 0);
  const presentMovable = grams.present.filter((x) => (o.pinned[x] as number) < 0);
  const cool = o.steps > 1 ? (o.t1 / o.t0) ** (1 / (o.steps - 1)) : 1;
  // A key the restarts keep coming back to, and none better, is most likely the best there is: stop there.
  for (; p.restarts < o.restarts && p.bestHits < o.settleAfter; p.restarts++) {
    if (p.restarts > 0 && spentOut(o.work)) break;
    const start = startKey(grams, o, random, p.restarts === 0);
    if (presentMovable.length === 0 || movable.length < 2) s.set(start);
    else {
      walk.set(start);
      let T = o.t0;
      const accept = (d: number) => d >= 0 || random() < Math.exp(d / T);
      for (let step = 0; step < o.steps; step++, T *= cool) {
        const x = presentMovable[Math.floor(random() * presentMovable.length)] as number;
        let y = movable[Math.floor(random() * (movable.length - 1))] as number;
        if (y === x) y = movable[movable.length - 1] as number;
        walk.trySwap(x, y, accept);
      }
      // A swap the coarse table scores as a tie (its steps are 0.1 nats) is one the exact score may still rank.
      if (walk !== s) s.set(walk.plainOf);
      climb(s, movable, presentMovable);
    }
    const sig = keySignature(grams.present, s.plainOf);
    if (!p.found.has(sig)) p.found.set(sig, { plainOf: Int32Array.from(s.plainOf), score: s.total });
    if (s.total > p.bestScore + 1e-9) {
      p.bestScore = s.total;
      p.bestHits = 1;
    } else if (s.total > p.bestScore - 1e-9) p.bestHits++;
  }
  return { found: [...p.found.values()].sort((x, y) => y.score - x.score).slice(0, o.keep), progress: p };
}
