// The query side of a model (ngram-model.ts, smoothing.ts): what it refuses to load or to read, the plain trigram
// guide rebuilt from the stored levels, and the lower orders, on a small model counted here from the held-out
// English passages.
import { describe, expect, it } from 'vitest';
import type { NgramFile } from '../../../src/analysis/language-model/index.js';
import { densePyramid } from '../../../src/analysis/language-model/kneser-ney.js';
import { compileNgrams } from '../../../src/analysis/language-model/ngram-model.js';
import { OTHER_SPREAD } from '../../../src/analysis/language-model/smoothing.js';
import { namedAlphabet } from '../../../src/core/index.js';
import { fileOf, heldOutCounts, S } from './held-out-model.js';

const a = namedAlphabet('basic');
const OTHER = S - 1;

const ORDER = 5;
const COUNTS = heldOutCounts(ORDER);
const FILE = fileOf(COUNTS, ORDER);

/** Σ P(c | context) over c, the other letters' share counted whole (it is spread over OTHER_SPREAD letters). */
const total = (logs: (c: number) => number) =>
  Array.from({ length: S }, (_, c) => Math.exp(logs(c)) * (c === OTHER ? OTHER_SPREAD : 1)).reduce((x, y) => x + y);

describe('compileNgrams: the plain guide and the lower orders', () => {
  // Compiled in each test, not when the file is collected, so that a mutation test sees the test that reads it.
  const compiled = () => compileNgrams(FILE, S, 'en');

  // The raw counts of orders 1–3 are sums of the top-order counts by suffix; the plain model smooths them. Scaled by
  // 300, many counts pass a byte and are read from the overflow.
  it.each([1, 300])(
    'rebuilds the plain models of orders 1–3 from the stored levels, exactly as counted from the top n-grams (counts ×%i)',
    (scale) => {
      const counts = new Map(Array.from(COUNTS, ([k, n]) => [k, n * scale]));
      const model = scale === 1 ? compiled() : compileNgrams(fileOf(counts, ORDER), S, 'en');
      const raw: Float64Array[] = [];
      for (const k of [1, 2, 3]) {
        raw[k] = new Float64Array(S ** k);
        for (const [key, n] of counts) (raw[k] as Float64Array)[key % S ** k]! += n;
      }
      const pyramid = densePyramid(raw, S);
      for (const k of [1, 2, 3]) {
        const p = pyramid[k] as Float64Array;
        const want = Float64Array.from(p, (v, i) => Math.log(v) - (i % S === OTHER ? Math.log(OTHER_SPREAD) : 0));
        expect(Buffer.from((model.short[k] as Float64Array).buffer).equals(Buffer.from(want.buffer))).toBe(true);
      }
      expect(model.fast).toBe(model.short[3]);
    },
  );

  it('gives distributions: the unigrams, and every context of each order it reads', () => {
    const model = compiled();
    expect(total((c) => model.uni[c] as number)).toBeCloseTo(1, 9);
    let m: typeof model | undefined = model;
    const orders: number[] = [];
    for (; m; m = m.lower) {
      orders.push(m.order);
      expect(m.contexts).toBe(S ** (m.order - 1));
      for (let i = 0; i < 50; i++) {
        const ctx = Math.floor((i / 50) * m.contexts);
        const lm = m;
        expect(total((c) => lm.logProb(ctx, c))).toBeCloseTo(1, 9);
      }
    }
    // Orders above the dense ones (1–3) can be read one lower; the lowest stored order has none below.
    expect(orders).toEqual([5, 4]);
    expect(model.lower).toBe(model.lower);
  });

  it('reads English as English: a frequent trigram above a rare one, under every order', () => {
    const model = compiled();
    const [T, H, E, Q] = ['T', 'H', 'E', 'Q'].map((x) => a.lookup(x.codePointAt(0) as number)) as number[];
    const th = (T as number) * S + (H as number);
    expect(model.fast[th * S + (E as number)]).toBeGreaterThan(model.fast[th * S + (Q as number)] as number);
    const ctx = ((a.size * S + a.size) * S + (T as number)) * S + (H as number); // "  TH"
    expect(model.logProb(ctx, E as number)).toBeGreaterThan(model.logProb(ctx, Q as number));
  });
});

describe('compileNgrams refuses tables that do not fit together', () => {
  type Level = NgramFile['levels'][number];
  const level = (h: number, change: Partial<Level>): NgramFile => ({
    ...FILE,
    levels: FILE.levels.map((l, i) => (i === h ? { ...l, ...change } : l)),
  });
  const set = <T extends Int32Array | Uint8Array | Uint32Array>(arr: T, at: number, v: number): T => {
    const out = arr.slice() as T;
    out[at < 0 ? out.length + at : at] = v;
    return out;
  };
  const [low, high] = FILE.levels as [Level, Level];
  it.each([
    ['order 1', { ...FILE, order: 1 }, S, /order 1 does not fit/],
    ['more than 255 symbols', fileOf(new Map([[(3 * 256 + 7) * 256 + 9, 2]]), 3, 256), 256, /order 3 does not fit/],
    ['S^order past 2^31 (75^5)', FILE, 75, /order 5 does not fit/],
    ['a level missing', { ...FILE, levels: FILE.levels.slice(0, 1) }, S, /order 5 needs 2 levels/],
    ['a level too many', { ...FILE, levels: [...FILE.levels, high] }, S, /order 5 needs 2 levels/],
    ['no starts', level(0, { starts: new Int32Array(0) }), S, /order 4 arrays do not fit/],
    ['lowest: contexts short', level(0, { contexts: low.contexts.slice(1) }), S, /order 4 arrays/],
    ['lowest: child starts', level(0, { childStarts: Int32Array.of(0) }), S, /order 4 arrays/],
    ['lowest: leads', level(0, { leads: Uint8Array.of(0) }), S, /order 4 arrays/],
    ['first start not 0', level(0, { starts: set(low.starts, 0, 1) }), S, /order 4 arrays/],
    ['last start not the end', level(0, { starts: set(low.starts, -1, low.symbols.length - 1) }), S, /order 4 arrays/],
    ['counts short', level(0, { counts: low.counts.slice(1) }), S, /order 4 arrays/],
    ['overflow unpaired', level(0, { overflow: Uint32Array.of(...low.overflow, 1) }), S, /order 4 arrays/],
    ['upper: contexts', level(1, { contexts: Int32Array.of(0) }), S, /order 5 arrays/],
    ['upper: child starts short', level(1, { childStarts: high.childStarts.slice(1) }), S, /order 5 arrays/],
    ['upper: leads short', level(1, { leads: high.leads.slice(1) }), S, /order 5 arrays/],
    ['upper: first child start', level(1, { childStarts: set(high.childStarts, 0, 1) }), S, /order 5 arrays/],
    ['upper: last child start', level(1, { childStarts: set(high.childStarts, -1, 0) }), S, /order 5 arrays/],
    ['a dense order missing', { ...FILE, dense: FILE.dense.slice(1) }, S, /dense orders do not fit/],
    ['a dense order short', { ...FILE, dense: [FILE.dense[0], FILE.dense[1]?.slice(1), FILE.dense[2]] }, S, /dense/],
    ['counts of counts short', { ...FILE, countsOfCounts: FILE.countsOfCounts.slice(1) }, S, /counts of counts/],
    [
      'counts of counts of 3',
      { ...FILE, countsOfCounts: [[1, 2, 3], ...FILE.countsOfCounts.slice(1)] },
      S,
      /counts of/,
    ],
  ] as [string, NgramFile, number, RegExp][])('%s', (_, file, symbols, message) => {
    expect(() => compileNgrams(file, symbols, 'xx')).toThrow(message);
    expect(() => compileNgrams(file, symbols, 'xx')).toThrow(/^model xx: /);
  });

  it('loads the largest tables that fit: order 2, and 255 symbols at order 3', () => {
    expect(compileNgrams(fileOf(heldOutCounts(2), 2), S, 'en').order).toBe(2);
    const wide = fileOf(new Map([[(3 * 255 + 7) * 255 + 9, 2]]), 3, 255);
    expect(compileNgrams(wide, 255, 'wide').contexts).toBe(255 ** 2);
  });
});

describe('compileNgrams refuses what its lookups find wrong in the stored n-grams', () => {
  type Level = NgramFile['levels'][number];
  const [low, high] = FILE.levels as [Level, Level];
  const withLevels = (l0: Partial<Level>, l1: Partial<Level> = {}): NgramFile => ({
    ...FILE,
    levels: [
      { ...low, ...l0 },
      { ...high, ...l1 },
    ],
  });
  /** The first lowest-level context with at least two n-grams, and where they start. */
  const j = Array.from({ length: low.starts.length - 1 }, (_, i) => i).find(
    (i) => (low.starts[i + 1] as number) - (low.starts[i] as number) >= 2,
  ) as number;
  const at = low.starts[j] as number;
  const ctx = low.contexts[j] as number;

  it('lowest contexts out of order or out of range, at load', () => {
    const swapped = low.contexts.slice();
    [swapped[0], swapped[1]] = [swapped[1] as number, swapped[0] as number];
    expect(() => compileNgrams(withLevels({ contexts: swapped }), S, 'xx')).toThrow(/order 4 contexts out of order/);
    const repeated = low.contexts.slice();
    repeated[1] = repeated[0] as number;
    expect(() => compileNgrams(withLevels({ contexts: repeated }), S, 'xx')).toThrow(/contexts out of order/);
    const past = low.contexts.slice();
    past[past.length - 1] = S ** 3;
    expect(() => compileNgrams(withLevels({ contexts: past }), S, 'xx')).toThrow(/contexts out of order/);
    const negative = low.contexts.slice();
    negative[0] = -1;
    expect(() => compileNgrams(withLevels({ contexts: negative }), S, 'xx')).toThrow(/contexts out of order/);
  });

  it('n-grams out of order, a symbol past the vocabulary, a context with none: when a lookup reaches them', () => {
    const swapped = low.symbols.slice();
    [swapped[at], swapped[at + 1]] = [swapped[at + 1] as number, swapped[at] as number];
    const repeated = low.symbols.slice();
    repeated[at + 1] = repeated[at] as number;
    const past = low.symbols.slice();
    past[(low.starts[j + 1] as number) - 1] = S;
    const empty = low.starts.slice();
    empty[j + 1] = empty[j] as number;
    for (const [file, message] of [
      [withLevels({ symbols: swapped }), /order 4 n-grams out of order/],
      [withLevels({ symbols: repeated }), /order 4 n-grams out of order/],
      [withLevels({ symbols: past }), /order 4 n-grams out of order/],
    ] as const) {
      const model = compileNgrams(file, S, 'xx');
      expect(() => model.logProb(ctx, 0)).toThrow(message);
    }
    // An empty context is caught where the arrays are first checked, or where the lookup reaches it.
    expect(() => compileNgrams(withLevels({ starts: empty }), S, 'xx').logProb(ctx, 0)).toThrow(/order 4 arrays/);
    // The same lookups on the tables as stored answer.
    expect(Number.isFinite(compileNgrams(FILE, S, 'en').logProb(ctx, 0))).toBe(true);
  });

  it('an n-gram whose suffix the order below lacks, when a lookup reaches it', () => {
    // An upper context of one n-gram, its parent below, and a symbol the parent never saw.
    const parentOf = (g: number) =>
      Array.from({ length: high.childStarts.length - 1 }, (_, p) => p).find(
        (p) => (high.childStarts[p] as number) <= g && g < (high.childStarts[p + 1] as number),
      ) as number;
    const g = Array.from({ length: high.starts.length - 1 }, (_, i) => i).find(
      (i) => (high.starts[i + 1] as number) - (high.starts[i] as number) === 1,
    ) as number;
    const p = parentOf(g);
    const seen = new Set(low.symbols.slice(low.starts[p] as number, low.starts[p + 1] as number));
    const unseen = Array.from({ length: S }, (_, x) => x).find((x) => !seen.has(x)) as number;
    const symbols = high.symbols.slice();
    symbols[high.starts[g] as number] = unseen;
    const model = compileNgrams(withLevels({}, { symbols }), S, 'xx');
    const context = (high.leads[g] as number) * S ** 3 + (low.contexts[p] as number);
    expect(() => model.logProb(context, unseen)).toThrow(/order 5 has an n-gram whose suffix is missing/);
  });
});
