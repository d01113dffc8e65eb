// The limiter in front of a shared store that stops answering: no request waits long on it (issue 14, item 12).
import { describe, expect, it } from 'vitest';
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

describe('RateLimiter over a hung store', () => {
  it('lets the requests of its first answerMs, then one request per probe period, wait on it', async () => {
    const store = new HungStore(150);
    const events: string[] = [];
    const limiter = new RateLimiter(1000, 60, store, {
      probeMs: 200,
      answerMs: 30,
      log: (e) => events.push(e),
      fallback: new MemoryStore(60_000),
    });
    const waits: number[] = [];
    const started = Date.now();
    const pending: Promise<unknown>[] = [];
    // A request every 5 ms for a second, as a busy instance would see them.
    while (Date.now() - started < 1000) {
      const t = Date.now();
      pending.push(Promise.resolve(limiter.take('client')).then(() => waits.push(Date.now() - t)));
      await sleep(5);
    }
    await Promise.all(pending);
    const elapsed = Date.now() - started;
    // Requests sent in the first 30 ms (about 6) find out at the command timeout; then one probe per 200 ms.
    expect(store.calls).toBeLessThanOrEqual(Math.ceil(30 / 5) + 3 + Math.ceil(elapsed / 200));
    expect(waits.filter((w) => w >= 25).length).toBe(store.calls);
    expect(waits.filter((w) => w < 25).length).toBeGreaterThan(150);
    expect(limiter.healthy()).toBe(false);
    expect(events).toEqual(['rate_limit_store_failing']);
    // Every request was counted, by the fallback.
    const last = await limiter.take('client');
    expect(last.remaining).toBe(1000 - waits.length - 1);
    await limiter.close();
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
