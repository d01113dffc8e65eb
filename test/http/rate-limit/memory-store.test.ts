// The memory store's run-length log answers exactly like a plain list of timestamps, in bounded memory (measured
// from outside: the store's layout is its own business).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../../src/http/rate-limit/memory-store.js';

/** The obvious model: one timestamp per accepted request; the window frees one when the oldest leaves it. */
function reference(limit: number, windowMs: number) {
  const log: number[] = [];
  const resetMs = (now: number) => (log.length ? (log[0] as number) + windowMs - now : 0);
  return {
    take(cost: number, now: number) {
      while (log.length && (log[0] as number) <= now - windowMs) log.shift();
      if (log.length + cost <= limit) {
        for (let i = 0; i < cost; i++) log.push(now);
        return { allowed: true, remaining: limit - log.length, retryAfterMs: 0, resetMs: resetMs(now) };
      }
      const mustExpire = log.length + cost - limit;
      const retryAfterMs = mustExpire <= log.length ? (log[mustExpire - 1] as number) + windowMs - now : windowMs;
      return { allowed: false, remaining: Math.max(0, limit - log.length), retryAfterMs, resetMs: resetMs(now) };
    },
    peek(now: number) {
      while (log.length && (log[0] as number) <= now - windowMs) log.shift();
      return { remaining: Math.max(0, limit - log.length), resetMs: resetMs(now) };
    },
  };
}

describe('MemoryStore', () => {
  it('matches the one-timestamp-per-request model', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 50 }),
        fc.array(
          fc.record({ dt: fc.integer({ min: 0, max: 20 }), cost: fc.integer({ min: 0, max: 6 }), peek: fc.boolean() }),
          {
            maxLength: 200,
          },
        ),
        (limit, windowMs, ops) => {
          const store = new MemoryStore(windowMs);
          const model = reference(limit, windowMs);
          let now = 1_000;
          try {
            for (const op of ops) {
              now += op.dt;
              if (op.peek) expect(store.peek('k', limit, windowMs, now)).toEqual(model.peek(now));
              else expect(store.take('k', op.cost, limit, windowMs, now)).toEqual(model.take(op.cost, now));
            }
          } finally {
            store.close();
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('holds a busy client in memory bounded by the window, not by the limit, and stays exact', () => {
    const store = new MemoryStore(60_000);
    const limit = 1_000_000_000;
    const before = memoryInUse();
    // A million requests over 1,000 milliseconds: one entry per request would hold at least 8 MB.
    for (let i = 0; i < 1_000_000; i++) store.take('k', 1, limit, 60_000, 5_000 + Math.floor(i / 1000));
    expect(memoryInUse() - before).toBeLessThan(1_000_000);
    expect(store.take('k', 1, limit, 60_000, 7_000).remaining).toBe(limit - 1_000_001);
    // As the window slides, the requests of each millisecond leave it together, and only they do.
    for (const ms of [0, 1, 499, 999]) {
      expect(store.peek('k', limit, 60_000, 65_000 + ms).remaining).toBe(limit - (1_000_001 - (ms + 1) * 1000));
    }
    store.close();
  });
});

/** Bytes held by the heap and by array buffers, after a full collection. */
function memoryInUse(): number {
  const bun = (globalThis as { Bun?: { gc(force: boolean): void } }).Bun;
  if (bun) bun.gc(true);
  else {
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
  }
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}
