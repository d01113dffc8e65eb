// The rate-limit headers every API answer carries (issue 30, item 10): X-RateLimit-Limit/Remaining/Reset and the
// IETF draft's RateLimit-Policy and RateLimit, on REST and tRPC, accepted and refused, with the memory store and Redis.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../src/http/app.js';
import { RateLimiter } from '../../../src/http/rate-limit/limiter.js';
import { RedisStore } from '../../../src/http/rate-limit/redis-store.js';
import { send, type TestApp } from '../helpers.js';
import { RedisServer } from '../redis-server.js';

const JSON_TYPE = { 'content-type': 'application/json' };
const encrypt = JSON.stringify({ text: 'abc', shift: 1 });
const one = JSON.stringify({ json: { text: 'abc', shift: 1 } });

/** Each kind of answer that carries the rate-limit headers: path, init, and the status it answers with. */
const REQUESTS = {
  'a REST call': ['/api/v1/caesar/encrypt', { method: 'POST', headers: JSON_TYPE, body: encrypt }],
  'a REST meta call (free)': ['/api/v1/health', {}],
  'a REST validation error': ['/api/v1/caesar/encrypt', { method: 'POST', headers: JSON_TYPE, body: '{}' }],
  'a tRPC call': ['/trpc/caesar.encrypt', { method: 'POST', headers: JSON_TYPE, body: one }],
  'a tRPC batch of two': [
    '/trpc/caesar.encrypt,caesar.encrypt?batch=1',
    { method: 'POST', headers: JSON_TYPE, body: `{"0":${one},"1":${one}}` },
  ],
  'a tRPC query (tRPC’s own adapter)': ['/trpc/meta.alphabets', {}],
} as const satisfies Record<string, readonly [string, RequestInit]>;
type Kind = keyof typeof REQUESTS;

function ask(app: TestApp, kind: Kind) {
  const [path, init] = REQUESTS[kind];
  return send(app, path, init);
}

/** The five headers of an answer, and Retry-After. */
function headersOf(r: { headers: Headers }) {
  const h = (name: string) => r.headers.get(name);
  return {
    limit: h('x-ratelimit-limit'),
    remaining: h('x-ratelimit-remaining'),
    reset: h('x-ratelimit-reset'),
    policy: h('ratelimit-policy'),
    ratelimit: h('ratelimit'),
    retryAfter: h('retry-after'),
  };
}

/** What the headers say of a window: remaining, reset seconds, and Retry-After when refused. */
const expected = (remaining: number, reset: number, retryAfter: number | null = null) => ({
  limit: '3',
  remaining: String(remaining),
  reset: String(reset),
  policy: '"3-in-1min";q=3;w=60',
  ratelimit: `"3-in-1min";r=${remaining};t=${reset}`,
  retryAfter: retryAfter === null ? null : String(retryAfter),
});

describe('the memory store, on a clock the test moves', () => {
  // Date.now is the limiter's clock; spied on rather than faked, which Bun's runner cannot do.
  let now = 1_000_000;
  afterEach(() => {
    vi.restoreAllMocks();
  });

  // Limit 3 per minute. Each step: what is sent, after how long, and what the headers then say. Reset counts the
  // seconds until the oldest request in the window leaves it, not until the newest does.
  const STEPS: [after: number, kind: Kind, status: number, headers: ReturnType<typeof expected>][] = [
    [0, 'a REST meta call (free)', 200, expected(3, 0)],
    [0, 'a tRPC query (tRPC’s own adapter)', 200, expected(3, 0)],
    [0, 'a REST call', 200, expected(2, 60)],
    [1500, 'a tRPC call', 200, expected(1, 59)],
    [0, 'a tRPC batch of two', 429, expected(1, 59, 59)],
    [0, 'a REST validation error', 422, expected(0, 59)],
    [0, 'a REST call', 429, expected(0, 59, 59)],
    [0, 'a tRPC call', 429, expected(0, 59, 59)],
    [0, 'a REST meta call (free)', 200, expected(0, 59)],
    // The first request leaves the window at 60 s; the two of 1.5 s are then the oldest.
    [59_000, 'a REST call', 200, expected(0, 1)],
  ];

  it('says what remains and when the window frees a request, on every kind of answer', async () => {
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const app = createApp({ config: { rateLimit: 3, rateLimitWindowS: 60 }, log: () => {} });
    for (const [after, kind, status, headers] of STEPS) {
      now += after;
      const r = await ask(app, kind);
      expect({ kind, status: r.status, ...headersOf(r) }).toEqual({ kind, status, ...headers });
    }
  });

  it.each([
    [1, 60, '"1-in-1min";q=1;w=60'],
    [10, 5, '"10-in-5sec";q=10;w=5'],
    [100, 3600, '"100-in-1hr";q=100;w=3600'],
    [100, 7200, '"100-in-2hrs";q=100;w=7200'],
    [5, 86_400, '"5-in-1day";q=5;w=86400'],
    [5, 90, '"5-in-90sec";q=5;w=90'],
  ])('names the policy of %i requests per %i s as %s', async (rateLimit, rateLimitWindowS, policy) => {
    const app = createApp({ config: { rateLimit, rateLimitWindowS }, log: () => {} });
    expect((await ask(app, 'a REST call')).headers.get('ratelimit-policy')).toBe(policy);
  });
});

describe('the Redis store, on its own clock', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await RedisServer.start();
  }, 60_000);
  afterAll(async () => {
    await redis?.stop();
  });

  it('says the same, from its scripts', async () => {
    const store = new RedisStore(redis.url, { prefix: `h${Date.now()}:` });
    const limiter = new RateLimiter(3, 60, store);
    await store.ready();
    const app = createApp({ limiter, log: () => {} });
    try {
      expect(headersOf(await ask(app, 'a REST meta call (free)'))).toEqual(expected(3, 0));
      const first = performance.now();
      expect(headersOf(await ask(app, 'a REST call'))).toEqual(expected(2, 60));
      await new Promise((r) => setTimeout(r, 1100));
      const r = await ask(app, 'a tRPC batch of two');
      const elapsed = performance.now() - first;
      // The oldest request has been in the window for more than a second, and for at most `elapsed`.
      const reset = Number(r.headers.get('x-ratelimit-reset'));
      expect(reset).toBeLessThanOrEqual(59);
      expect(reset).toBeGreaterThanOrEqual(60 - Math.ceil(elapsed / 1000));
      expect([r.status, headersOf(r)]).toEqual([200, expected(0, reset)]);
      const refused = await ask(app, 'a tRPC call');
      expect(refused.status).toBe(429);
      // Refused, a single call waits exactly until the window frees a request.
      const later = Number(refused.headers.get('x-ratelimit-reset'));
      expect(headersOf(refused)).toEqual(expected(0, later, later));
      expect(later).toBeLessThanOrEqual(reset);
      const peeked = headersOf(await ask(app, 'a tRPC query (tRPC’s own adapter)'));
      expect(peeked).toEqual(expected(0, Number(peeked.reset)));
      expect(Number(peeked.reset)).toBeLessThanOrEqual(59);
    } finally {
      await limiter.close();
    }
  }, 60_000);
});
