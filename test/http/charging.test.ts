// What each request costs against the rate limit: each operation's own rule, on REST and tRPC alike.
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../routers/index.js';
import { API_PREFIX, TRPC_PREFIX } from '../../routers/prefixes.js';
import { OPERATION_EXAMPLES } from '../../src/http/openapi.js';
import { makeApp, type TestApp } from './helpers.js';

const LIMIT = 1000;
const JSON_TYPE = { 'content-type': 'application/json' };

async function call(app: TestApp, url: string, init: RequestInit = {}) {
  const res = await app.handle(new Request(url.startsWith('http') ? url : `http://localhost${url}`, init));
  const text = await res.text();
  return { status: res.status, headers: res.headers, text };
}

const remainingOf = (r: { headers: Headers }) => Number(r.headers.get('x-ratelimit-remaining'));

/** How much a request cost: the allowance before it (read for free) less the allowance it reports. */
async function costOf(app: TestApp, url: string, init: RequestInit = {}) {
  const before = remainingOf(await call(app, `${API_PREFIX}/health`));
  const r = await call(app, url, init);
  return { ...r, cost: before - remainingOf(r) };
}

/** A valid call of the operation: REST init and body, tRPC URL and init. */
function callsOf(procedure: string) {
  const operation = OPERATIONS.get(procedure)!;
  const input = OPERATION_EXAMPLES[operation.rest.path]?.request;
  const rest: RequestInit =
    operation.rest.method === 'GET' ? {} : { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(input) };
  const trpc: RequestInit =
    operation.rest.method === 'GET'
      ? {}
      : { method: 'POST', headers: JSON_TYPE, body: JSON.stringify({ json: input }) };
  return { operation, rest, trpc };
}

describe('each operation is charged as its data says', () => {
  it('the operations that are never rate-limited are exactly the meta ones', () => {
    const free = [...OPERATIONS].filter(([, op]) => !op.rateLimited).map(([procedure]) => procedure);
    expect(free).toEqual(['meta.health', 'meta.alphabets', 'meta.languages']);
  });

  for (const procedure of OPERATIONS.keys()) {
    it(`${procedure} on REST and on tRPC, singly and in a batch`, async () => {
      const app = makeApp({ rateLimit: LIMIT });
      const { operation, rest, trpc } = callsOf(procedure);
      const price = operation.rateLimited ? 1 : 0;
      const viaRest = await costOf(app, `${API_PREFIX}${operation.rest.path}`, rest);
      expect([viaRest.status, viaRest.cost]).toEqual([200, price]);
      const viaTrpc = await costOf(app, `${TRPC_PREFIX}/${procedure}`, trpc);
      expect([viaTrpc.status, viaTrpc.cost]).toEqual([200, price]);
      const batchBody =
        trpc.body && JSON.stringify({ 0: JSON.parse(String(trpc.body)), 1: JSON.parse(String(trpc.body)) });
      const batch = await costOf(app, `${TRPC_PREFIX}/${procedure},${procedure}?batch=1`, { ...trpc, body: batchBody });
      expect([batch.status, batch.cost]).toEqual([200, 2 * price]);
      if (operation.rest.method === 'GET') {
        // HEAD is GET without the body: the same answer, the same price.
        const head = await costOf(app, `${API_PREFIX}${operation.rest.path}`, { method: 'HEAD' });
        expect([head.status, head.cost]).toEqual([200, 0]);
        expect(head.headers.get('x-ratelimit-limit')).toBe(String(LIMIT));
      }
    }, 60_000);
  }

  it('unknown paths, wrong methods and unknown procedures are charged like any request', async () => {
    const app = makeApp({ rateLimit: LIMIT });
    expect((await costOf(app, `${API_PREFIX}/nope`)).cost).toBe(1);
    const wrongMethod = await costOf(app, `${API_PREFIX}/health`, { method: 'POST', headers: JSON_TYPE, body: '{}' });
    expect([wrongMethod.status, wrongMethod.cost, wrongMethod.headers.get('allow')]).toEqual([405, 1, 'GET']);
    const head = await costOf(app, `${API_PREFIX}/caesar/encrypt`, { method: 'HEAD' });
    expect([head.status, head.cost, head.headers.get('allow')]).toEqual([405, 1, 'POST']);
    const unknown = await costOf(app, `${TRPC_PREFIX}/meta.health,nope?batch=1`);
    expect(unknown.cost).toBe(1);
  });
});
