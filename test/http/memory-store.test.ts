// The memory store's run-length log answers exactly like a plain list of timestamps, in bounded memory.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/http/rate-limit.js';

/** The obvious model: one timestamp per accepted request. */
function reference(limit: number, windowMs: number) {
  const log: number[] = [];
  return {
    take(cost: number, now: number) {
      while (log.length && (log[0] as number) <= now - windowMs) log.shift();
      if (log.length + cost <= limit) {
        for (let i = 0; i < cost; i++) log.push(now);
        return { allowed: true, remaining: limit - log.length, retryAfterMs: 0 };
      }
      const mustExpire = log.length + cost - limit;
      const retryAfterMs = mustExpire <= log.length ? (log[mustExpire - 1] as number) + windowMs - now : windowMs;
      return { allowed: false, remaining: Math.max(0, limit - log.length), retryAfterMs };
    },
    peek(now: number) {
      while (log.length && (log[0] as number) <= now - windowMs) log.shift();
      return Math.max(0, limit - log.length);
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
              if (op.peek) expect(store.peek('k', limit, windowMs, now)).toBe(model.peek(now));
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

  it('keeps one entry per millisecond, however high the limit', () => {
    const store = new MemoryStore(60_000);
    const limit = 1_000_000_000;
    for (let i = 0; i < 200_000; i++) store.take('k', 1, limit, 60_000, 5_000 + Math.floor(i / 100));
    const log = (store as unknown as { logs: Map<string, { runs: number; d: number[]; size: number }> }).logs.get('k')!;
    expect(log.size).toBe(200_000);
    expect(log.runs).toBe(2_000);
    // Times and counts interleaved, two numbers per run: the same bound as two arrays of 4096.
    expect(log.d.length).toBeLessThanOrEqual(8192);
    expect(store.take('k', 1, limit, 60_000, 7_000).remaining).toBe(limit - 200_001);
    store.close();
  });
});
