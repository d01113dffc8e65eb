// The slab-backed memory store against a per-client list of timestamps: many clients, spills to Logs, sweeps.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { MemoryStore } from '../../src/http/rate-limit/memory-store.js';

it('answers like one timestamp list per client, through spills, sweeps and repacks', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 1, max: 40 }),
      fc.array(
        fc.record({
          key: fc.integer({ min: 0, max: 40 }),
          dt: fc.integer({ min: 0, max: 6 }),
          cost: fc.integer({ min: 0, max: 4 }),
          op: fc.constantFrom('take', 'take', 'take', 'peek', 'sweep'),
        }),
        { maxLength: 400 },
      ),
      (limit, windowMs, ops) => {
        const store = new MemoryStore(windowMs, 2);
        const logs = new Map<number, number[]>();
        let now = 1_000;
        const live = (k: number) => {
          const log = (logs.get(k) ?? []).filter((t) => t > now - windowMs);
          logs.set(k, log);
          return log;
        };
        try {
          for (const { key, dt, cost, op } of ops) {
            now += dt;
            if (op === 'sweep') {
              store.sweep(now);
              const active = [...logs.keys()].filter((k) => live(k).length > 0).length;
              expect(store.clients).toBe(active);
              continue;
            }
            const log = live(key);
            // The window frees a request when its oldest leaves it; an empty window has none to free.
            const resetMs = () => (log.length ? (log[0] as number) + windowMs - now : 0);
            if (op === 'peek') {
              const remaining = Math.max(0, limit - log.length);
              expect(store.peek(String(key), limit, windowMs, now)).toEqual({ remaining, resetMs: resetMs() });
              continue;
            }
            const got = store.take(String(key), cost, limit, windowMs, now);
            if (log.length + cost <= limit) {
              for (let i = 0; i < cost; i++) log.push(now);
              expect(got).toEqual({
                allowed: true,
                remaining: limit - log.length,
                retryAfterMs: 0,
                resetMs: resetMs(),
              });
            } else {
              const must = log.length + cost - limit;
              const retryAfterMs = must <= log.length ? (log[must - 1] as number) + windowMs - now : windowMs;
              const remaining = Math.max(0, limit - log.length);
              expect(got).toEqual({ allowed: false, remaining, retryAfterMs, resetMs: resetMs() });
            }
          }
        } finally {
          store.close();
        }
      },
    ),
    { numRuns: 300 },
  );
}, 60_000);
