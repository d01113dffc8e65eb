// The binary model tables: they round-trip byte for byte, hold exactly what their top-order counts imply,
// the lazily smoothed model does not depend on the order its contexts are first read in, and bad tables are refused.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/analysis/index.js';
import { ngramTables } from '../../../src/analysis/language-model/build/index.js';
import { countAt } from '../../../src/analysis/language-model/format.js';
import {
  compileModel,
  decodeModelFile,
  encodeModelFile,
  type NgramFile,
  readModelFile,
} from '../../../src/analysis/language-model/index.js';
import { fileOf, heldOutCounts, S } from './held-out-model.js';

const MODELS_DIR = new URL('../../../src/analysis/models/', import.meta.url);

/** The top level's n-grams as keys (context·S + symbol) and counts, read back from the stored layout. */
function topCounts(ngrams: NgramFile, S: number): { keys: number[]; counts: number[] } {
  let contexts = Array.from(ngrams.levels[0]?.contexts ?? []);
  const lowestOrder = ngrams.order - ngrams.levels.length + 1;
  for (let h = 1; h < ngrams.levels.length; h++) {
    const level = ngrams.levels[h]!;
    const next: number[] = [];
    for (let p = 0; p < contexts.length; p++) {
      for (let j = level.childStarts[p]!; j < level.childStarts[p + 1]!; j++) {
        next[j] = level.leads[j]! * S ** (lowestOrder + h - 2) + contexts[p]!;
      }
    }
    contexts = next;
  }
  const top = ngrams.levels.at(-1)!;
  const overflow = new Map(Array.from(top.overflowAt, (at, k) => [at, top.overflow[k]!]));
  const out = new Map<number, number>();
  contexts.forEach((ctx, j) => {
    for (let i = top.starts[j]!; i < top.starts[j + 1]!; i++) {
      out.set(ctx * S + top.symbols[i]!, top.counts[i] === 255 ? overflow.get(i)! : top.counts[i]!);
    }
  });
  const keys = [...out.keys()].sort((a, b) => a - b);
  return { keys, counts: keys.map((k) => out.get(k)!) };
}

describe('model tables', () => {
  it.each(LANGUAGES)('%s: decode then encode gives the committed bytes', (language) => {
    const header = readFileSync(new URL(`${language}.json`, MODELS_DIR), 'utf8');
    const tables = readFileSync(new URL(`${language}.bin`, MODELS_DIR));
    const again = encodeModelFile(decodeModelFile(header, tables));
    expect(again.header).toBe(header);
    expect(Buffer.from(again.tables).equals(tables)).toBe(true);
  });

  it.each(LANGUAGES)('%s: everything stored follows from the top-order counts', (language) => {
    const file = readModelFile(language);
    const S = [...file.symbols].length;
    for (const ngrams of [file.spaced, file.joined]) {
      const { keys, counts } = topCounts(ngrams, S);
      const derived = ngramTables(Int32Array.from(keys), counts, S, ngrams.order);
      expect(derived.countsOfCounts).toEqual(ngrams.countsOfCounts);
      // Byte comparison: toEqual over a hundred thousand elements takes seconds.
      const bytes = (a: Int32Array | Uint32Array | Uint8Array): string =>
        `${a.constructor.name}:${Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64')}`;
      expect(derived.dense.map(bytes)).toEqual(ngrams.dense.map(bytes));
      expect(
        derived.levels.map((l) =>
          Object.entries(l)
            .map(([k, v]) => `${k} ${bytes(v)}`)
            .sort(),
        ),
      ).toEqual(
        ngrams.levels.map((l) =>
          Object.entries(l)
            .map(([k, v]) => `${k} ${bytes(v)}`)
            .sort(),
        ),
      );
    }
  });

  it('smooths the same values whichever contexts are read first', () => {
    const file = readModelFile('de');
    const a = compileModel(file);
    const b = compileModel(file);
    for (const kind of ['spaced', 'joined'] as const) {
      const S = a.symbolCount;
      const contexts: number[] = [];
      for (let i = 0; i < 3000; i++)
        contexts.push(Math.floor((((i * 2654435761) % 2 ** 32) / 2 ** 32) * a[kind].contexts));
      const forward = new Float64Array(contexts.length * S);
      const backward = new Float64Array(contexts.length * S);
      contexts.forEach((ctx, i) => {
        for (let c = 0; c < S; c++) forward[i * S + c] = a[kind].logProb(ctx, c);
      });
      for (let i = contexts.length - 1; i >= 0; i--) {
        for (let c = S - 1; c >= 0; c--) backward[i * S + c] = b[kind].logProb(contexts[i]!, c);
      }
      expect(backward.every((v, i) => Object.is(v, forward[i]))).toBe(true);
    }
  });

  it('refuses tables that do not fit their header', () => {
    const header = readFileSync(new URL('es.json', MODELS_DIR), 'utf8');
    const tables = readFileSync(new URL('es.bin', MODELS_DIR));
    expect(() => decodeModelFile(header, tables.subarray(0, tables.length - 4))).toThrow(/bytes/);
    const wrongMagic = Uint8Array.from(tables);
    wrongMagic[0] = 0;
    expect(() => decodeModelFile(header, wrongMagic)).toThrow(/not format/);
    expect(() => decodeModelFile(header.replace('"format": 3', '"format": 2'), tables)).toThrow(/build:models/);
    // An unaligned copy of the bytes still reads (the loader copies it to an aligned buffer).
    const unaligned = new Uint8Array(tables.length + 1).subarray(1);
    unaligned.set(tables);
    expect(compileModel(decodeModelFile(header, unaligned)).spaced.logProb(0, 0)).toBe(
      compileModel(decodeModelFile(header, tables)).spaced.logProb(0, 0),
    );
  });

  it('refuses tables with bytes past their end, and tables cut inside an array (their header saying so)', () => {
    const header = readFileSync(new URL('es.json', MODELS_DIR), 'utf8');
    const tables = readFileSync(new URL('es.bin', MODELS_DIR));
    const sized = (bytes: number) => {
      const h = JSON.parse(header);
      h.tables.bytes = bytes;
      return JSON.stringify(h);
    };
    const longer = new Uint8Array(tables.length + 4);
    longer.set(tables);
    expect(() => decodeModelFile(sized(longer.length), longer)).toThrow(/es\.bin has bytes past its tables/);
    expect(() => decodeModelFile(sized(64), tables.subarray(0, 64))).toThrow(/es\.bin is too short/);
  });

  it('reads an escaped count from the overflow by binary search, and refuses one without an entry', () => {
    const level = {
      contexts: new Int32Array(0),
      childStarts: new Int32Array(0),
      leads: new Uint8Array(0),
      starts: Int32Array.of(0, 5),
      symbols: Uint8Array.of(0, 1, 2, 3, 4),
      counts: Uint8Array.of(255, 3, 255, 255, 255),
      overflowAt: Int32Array.of(0, 2, 3),
      overflow: Uint32Array.of(300, 400, 500),
    };
    expect([0, 1, 2, 3].map((i) => countAt(level, i))).toEqual([300, 3, 400, 500]);
    expect(() => countAt(level, 4)).toThrow(/an escaped count has no overflow entry/);
  });

  it.each([2, 3, 4, 5, 6])('an order-%i model from a few passages is a distribution in every context', (order) => {
    const file = readModelFile('en');
    const counts = heldOutCounts(order);
    const keys = Int32Array.from(counts.keys()).sort();
    const ngrams = fileOf(counts, order);
    const model = compileModel({ ...file, spaced: ngrams, joined: ngrams });
    // Contexts seen (every key's context) and a spread of others.
    const contexts = [...Array.from(keys, (k) => Math.floor(k / S)).slice(0, 400)];
    for (let i = 0; i < 200; i++) contexts.push(Math.floor((i / 200) * model.spaced.contexts));
    for (const ctx of contexts) {
      let sum = 0;
      for (let c = 0; c < S; c++) sum += Math.exp(model.spaced.logProb(ctx, c)) * (c === model.other ? 32 : 1);
      expect(sum).toBeCloseTo(1, 9);
    }
  });
});
