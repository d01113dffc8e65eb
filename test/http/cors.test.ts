// CORS and nosniff as browsers see them, in-process and on listening Node and Bun servers (Bun answers the routers'
// own paths from its native route table, which app.handle never goes through). Any origin may read an answer, never
// with credentials (issue 14, item 14): a reflected origin with allow-credentials let any site read them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServiceProcess, startService } from '../../scripts/lib/service-process.js';
import { makeApp } from './helpers.js';

const ORIGIN = 'http://example.test';
const EXPOSE =
  'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, RateLimit-Policy, RateLimit, Retry-After, X-Request-Id';
const JSON_TYPE = { 'content-type': 'application/json' };
const ENCRYPT = JSON.stringify({ text: 'Hello', shift: 3 });

type Send = (path: string, init?: RequestInit) => Promise<Response>;

/** The CORS headers of a response (null where absent). */
function corsOf(res: Response) {
  const h = res.headers;
  return {
    origin: h.get('access-control-allow-origin'),
    methods: h.get('access-control-allow-methods'),
    headers: h.get('access-control-allow-headers'),
    expose: h.get('access-control-expose-headers'),
    credentials: h.get('access-control-allow-credentials'),
    maxAge: h.get('access-control-max-age'),
    vary: h.get('vary'),
    nosniff: h.get('x-content-type-options'),
  };
}

const simple = (vary: string | null = null) => ({
  origin: '*',
  methods: null,
  headers: null,
  expose: EXPOSE,
  credentials: null,
  maxAge: null,
  vary,
  nosniff: 'nosniff',
});

function cases(send: () => Send, limited: () => Send) {
  it('REST answers allow any origin without credentials and expose the rate-limit headers', async () => {
    const res = await send()('/api/v1/caesar/encrypt', {
      method: 'POST',
      headers: { ...JSON_TYPE, origin: ORIGIN, 'x-custom': '1' },
      body: ENCRYPT,
    });
    expect(res.status).toBe(200);
    expect(corsOf(res)).toEqual(simple());
    expect(res.headers.get('x-ratelimit-limit')).not.toBeNull();
  });

  it('without an Origin the answer is the same', async () => {
    const res = await send()('/api/v1/health');
    expect(corsOf(res)).toEqual(simple());
  });

  it('tRPC answers keep their own Vary', async () => {
    const res = await send()('/trpc/caesar.encrypt', {
      method: 'POST',
      headers: { ...JSON_TYPE, origin: ORIGIN },
      body: JSON.stringify({ json: { text: 'Hello', shift: 3 } }),
    });
    expect(res.status).toBe(200);
    expect(corsOf(res)).toEqual(simple('trpc-accept, accept'));
  });

  it('errors outside any route, wrong methods and trailing slashes carry them too', async () => {
    const notFound = await send()('/nope', { headers: { origin: ORIGIN } });
    expect(notFound.status).toBe(404);
    expect(corsOf(notFound)).toEqual(simple());
    const wrongMethod = await send()('/api/v1/caesar/encrypt', { method: 'PUT', headers: JSON_TYPE, body: ENCRYPT });
    expect(wrongMethod.status).toBe(405);
    expect(corsOf(wrongMethod)).toEqual(simple());
    const slash = await send()('/api/v1/caesar/encrypt/', { method: 'POST', headers: JSON_TYPE, body: ENCRYPT });
    expect(slash.status).toBe(200);
    expect(corsOf(slash)).toEqual(simple());
    const docs = await send()('/api/v1/openapi.json', { headers: { origin: ORIGIN } });
    expect(corsOf(docs)).toEqual(simple());
  });

  it('a refused request carries them with Retry-After', async () => {
    let res: Response | undefined;
    for (let i = 0; i < 3; i++) {
      res = await limited()('/api/v1/caesar/encrypt', {
        method: 'POST',
        headers: { ...JSON_TYPE, origin: ORIGIN },
        body: ENCRYPT,
      });
    }
    expect(res?.status).toBe(429);
    expect(corsOf(res as Response)).toEqual(simple());
    expect(res?.headers.get('retry-after')).not.toBeNull();
  });

  it('a preflight on any path is answered 204 with what it asked for, and is never counted', async () => {
    for (const path of ['/api/v1/caesar/encrypt', '/trpc/caesar.encrypt', '/', '/nope/x']) {
      const res = await limited()(path, {
        method: 'OPTIONS',
        headers: {
          origin: ORIGIN,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, x-custom',
        },
      });
      expect(res.status).toBe(204);
      expect(await res.text()).toBe('');
      expect(corsOf(res)).toEqual({
        ...simple(),
        methods: 'POST',
        headers: 'content-type, x-custom',
        maxAge: '7200',
      });
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    }
    // A bare OPTIONS: nothing asked, nothing allowed beyond the origin (@elysiajs/cors sent "undefined" headers).
    const bare = await send()('/api/v1/caesar/encrypt', { method: 'OPTIONS' });
    expect(bare.status).toBe(204);
    expect(corsOf(bare)).toEqual({ ...simple(), maxAge: '7200' });
  });
}

describe('CORS in-process', () => {
  const app = makeApp();
  const limitedApp = makeApp({ rateLimit: 1 });
  const via =
    (a: typeof app): Send =>
    (path, init) =>
      a.handle(new Request(`http://localhost${path}`, init));
  cases(
    () => via(app),
    () => via(limitedApp),
  );
});

for (const runtime of ['node', 'bun'] as const) {
  describe(`CORS on a listening ${runtime} server`, () => {
    let open: ServiceProcess | undefined;
    let limited: ServiceProcess | undefined;
    beforeAll(async () => {
      [open, limited] = await Promise.all([
        startService({ runtime, env: { RATE_LIMIT: '1000' } }),
        startService({ runtime, env: { RATE_LIMIT: '1' } }),
      ]);
    }, 60_000);
    afterAll(async () => {
      await Promise.all([open?.stop(), limited?.stop()]);
    }, 20_000);
    const via =
      (server: () => ServiceProcess | undefined): Send =>
      (path, init) =>
        fetch(`${server()?.url}${path}`, init);
    cases(
      () => via(() => open),
      () => via(() => limited),
    );
  });
}
