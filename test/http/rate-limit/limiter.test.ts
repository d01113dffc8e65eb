// The limiter in front of a shared store that stops answering: no request waits long on it (issue 14, item 12).
import { describe, expect, it, vi } from 'vitest';
import { RateLimiter } from '../../../src/http/rate-limit/limiter.js';
import { MemoryStore } from '../../../src/http/rate-limit/memory-store.js';
import type { RateLimitStore, TakeResult, WindowState } from '../../../src/http/rate-limit/store.js';

/** A shared store that has hung: every call is counted and fails only at the command timeout, as ioredis's do. */
class HungStore implements RateLimitStore {
  readonly kind = 'redis' as const;
  calls = 0;
  constructor(private readonly timeoutMs: number) {}
  private hang<T>(): Promise<T> {
    this.calls++;
    return new Promise((_, reject) => setTimeout(() => reject(new Error('Command timed out')), this.timeoutMs));
  }
  take(): Promise<TakeResult> {
    return this.hang();
  }
  peek(): Promise<WindowState> {
    return this.hang();
  }
  healthy(): boolean {
    return true;
  }
  close(): void {}
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Moves the fake clock on by `ms`, running what falls due in order with the promises it settles. Vitest has this
 * built in; Bun's runner (npm run test:bun) has only the synchronous step, and fakes neither setImmediate nor the
 * promises between timers, so there the clock moves a millisecond at a time with a real turn of the loop around each.
 */
async function advance(ms: number): Promise<void> {
  // Read as optional: the types are vitest's, which always has it.
  if (typeof (vi as { advanceTimersByTimeAsync?: unknown }).advanceTimersByTimeAsync === 'function') {
    await vi.advanceTimersByTimeAsync(ms);
    return;
  }
  const turn = () => new Promise((r) => setImmediate(r));
  for (let i = 0; i < ms; i++) {
    await turn();
    vi.advanceTimersByTime(1);
  }
  await turn();
}

describe('RateLimiter over a hung store', () => {
  it('lets the requests of its first answerMs, then one request per probe period, wait on it', async () => {
    // On a fake clock the requests, the store's timeouts and the limiter's watch run in one fixed order, so what
    // each request waited is exact whatever the machine's load (a real clock needed a 25 ms line between a wait and
    // none, which a loaded two-core machine can cross).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'Date'] });
    try {
      const store = new HungStore(150);
      const events: string[] = [];
      const limiter = new RateLimiter(1000, 60, store, {
        probeMs: 200,
        answerMs: 30,
        log: (e) => events.push(e),
        fallback: new MemoryStore(60_000),
      });
      const waits: number[] = [];
      const pending: Promise<unknown>[] = [];
      // A request every 5 ms for a second, as a busy instance would see them: 200 in all.
      for (let i = 0; i < 200; i++) {
        const sent = Date.now();
        pending.push(
          Promise.resolve(limiter.take('client')).then(() => {
            waits[i] = Date.now() - sent;
          }),
        );
        await advance(5);
      }
      await advance(150);
      await Promise.all(pending);
      expect(waits).toHaveLength(200);
      // The six sent at 0…25 ms wait for the command timeout; at 30 ms the watch finds the store silent.
      expect(waits.slice(0, 6)).toEqual(Array(6).fill(150));
      // After that at most one request per probe period tries the store (the last 970 ms hold at most five periods),
      // and every other is answered by the fallback at once.
      const probes = store.calls - 6;
      expect(probes).toBeGreaterThanOrEqual(1);
      expect(probes).toBeLessThanOrEqual(Math.ceil(970 / 200));
      expect(waits.filter((w) => w === 150)).toHaveLength(store.calls);
      expect(waits.filter((w) => w === 0)).toHaveLength(200 - store.calls);
      expect(limiter.healthy()).toBe(false);
      expect(events).toEqual(['rate_limit_store_failing']);
      // Every request was counted, by the fallback (this one may be a probe: the clock runs on until it is answered).
      const last = Promise.resolve(limiter.take('client'));
      await advance(150);
      expect((await last).remaining).toBe(1000 - 200 - 1);
      await limiter.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('recovers when the store answers a probe in time', async () => {
    let hung = true;
    const memory = new MemoryStore(60_000);
    const timedOut = () => Promise.reject(new Error('Command timed out'));
    const store: RateLimitStore = {
      kind: 'redis',
      take: (...args) => (hung ? timedOut() : Promise.resolve(memory.take(...args))),
      peek: (...args) => (hung ? timedOut() : Promise.resolve(memory.peek(...args))),
      healthy: () => true,
      close: () => memory.close(),
    };
    const events: string[] = [];
    const limiter = new RateLimiter(10, 60, store, { probeMs: 50, answerMs: 20, log: (e) => events.push(e) });
    await limiter.take('a');
    expect(limiter.healthy()).toBe(false);
    hung = false;
    await sleep(60);
    await limiter.take('a');
    expect(limiter.healthy()).toBe(true);
    expect(events).toEqual(['rate_limit_store_failing', 'rate_limit_store_recovered']);
    await limiter.close();
  });
});
