// Every REST endpoint and tRPC procedure has its own static route, and a listening server (Bun answers those from
// its native route table) answers exactly as the app does in-process through Elysia's router.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../routers/index.js';
import { API_PREFIX, TRPC_PREFIX } from '../../routers/prefixes.js';
import { type ServiceProcess, startService } from '../../scripts/lib/service-process.js';
import { makeApp } from './helpers.js';

const J = { 'content-type': 'application/json' };
const ENCRYPT = JSON.stringify({ text: 'Hello, World!', shift: 3 });
const TRPC_ENCRYPT = JSON.stringify({ json: { text: 'Hello, World!', shift: 3 } });

const REQUESTS: Array<[string, RequestInit]> = [
  ['/api/v1/caesar/encrypt', { method: 'POST', headers: J, body: ENCRYPT }],
  ['/api/v1/caesar/encrypt/', { method: 'POST', headers: J, body: ENCRYPT }],
  ['/api/v1/caesar/encrypt?x=1', { method: 'POST', headers: J, body: ENCRYPT }],
  ['/api/v1/caesar/encrypt', { method: 'POST', headers: J, body: '{"text":"","shift":99}' }],
  ['/api/v1/caesar/encrypt', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: ENCRYPT }],
  ['/api/v1/caesar/encrypt', { method: 'GET' }],
  ['/api/v1/caesar/encrypt', { method: 'HEAD' }],
  ['/api/v1/caesar/encrypt', { method: 'DELETE' }],
  ['/api/v1/Caesar/encrypt', { method: 'POST', headers: J, body: ENCRYPT }],
  ['/api/v1/health', { method: 'GET' }],
  ['/api/v1/health', { method: 'HEAD' }],
  ['/api/v1/health', { method: 'POST', headers: J, body: '{}' }],
  ['/trpc/caesar.encrypt', { method: 'POST', headers: J, body: TRPC_ENCRYPT }],
  ['/trpc/caesar.encrypt?batch=1', { method: 'POST', headers: J, body: `{"0":${TRPC_ENCRYPT}}` }],
  ['/trpc/caesar.encrypt', { method: 'GET' }],
  ['/trpc/caesar.encrypt', { method: 'PUT', headers: J, body: '{}' }],
  ['/trpc/caesar.encrypt', { method: 'POST', headers: J, body: '{"json":{"text":""}}' }],
  ['/trpc/meta.health', { method: 'GET' }],
  ['/trpc/meta.alphabets', { method: 'POST', headers: J, body: '{}' }],
];

/** What a client sees, less what legitimately differs between two servers (uptime, the limiter's count). */
async function seen(res: Response) {
  const headers = [...res.headers]
    .filter(([k]) => !['date', 'connection', 'keep-alive', 'x-ratelimit-remaining', 'transfer-encoding'].includes(k))
    .sort(([a], [b]) => a.localeCompare(b));
  return {
    status: res.status,
    headers: headers.filter(([k]) => k !== 'content-length'),
    body: (await res.text()).replace(/"uptime_s":\d+/, '"uptime_s":0'),
  };
}

describe('routes', () => {
  it('every REST endpoint and tRPC procedure has a route of its own', () => {
    const app = makeApp();
    const routes = new Set(app.routes.map((r) => `${r.method} ${r.path}`));
    expect(OPERATIONS.size).toBeGreaterThan(10);
    for (const [procedure, { rest }] of OPERATIONS) {
      expect(routes).toContain(`${rest.method} ${API_PREFIX}${rest.path}`);
      expect(routes).toContain(`${rest.method} ${TRPC_PREFIX}/${procedure}`);
    }
  });
});

for (const runtime of ['node', 'bun'] as const) {
  describe(`a listening ${runtime} server answers as the app in-process`, () => {
    let server: ServiceProcess | undefined;
    const app = makeApp({ rateLimit: 1000 });
    beforeAll(async () => {
      server = await startService({ runtime, env: { RATE_LIMIT: '1000' } });
    }, 60_000);
    afterAll(async () => {
      await server?.stop();
    }, 20_000);

    it.each(REQUESTS.map((r) => [`${r[1].method} ${r[0]}`, r] as const))('%s', async (_, [path, sent]) => {
      // One id for both, so that the two answers (which carry it) can be compared whole.
      const init = { ...sent, headers: { ...(sent.headers as Record<string, string>), 'x-request-id': 'routes-1' } };
      const local = await seen(await app.handle(new Request(`http://localhost${path}`, init)));
      const remote = await seen(await fetch(`${server?.url}${path}`, init));
      // In-process, HEAD keeps its body (a listening server drops it).
      if (init.method === 'HEAD') local.body = '';
      expect(remote).toEqual(local);
    });
  });
}
