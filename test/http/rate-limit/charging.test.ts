// What each request costs against the rate limit: each operation's own rule, on REST and tRPC alike, read from the
// request's real URL (never from the route that matched), with the headers on every kind of answer.
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../../routers/index.js';
import { API_PREFIX, TRPC_PREFIX } from '../../../routers/prefixes.js';
import { MAX_BATCH_CALLS } from '../../../src/http/api/trpc-mount.js';
import { makeApp, type TestApp } from '../helpers.js';

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
  const input = operation.example?.request;
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

describe('answers from tRPC itself carry the rate-limit headers', () => {
  const app = makeApp({ rateLimit: LIMIT });
  const CASES: Array<[name: string, url: string, init: RequestInit, status: number]> = [
    ['a query', `${TRPC_PREFIX}/meta.alphabets`, {}, 200],
    ['a batch of queries', `${TRPC_PREFIX}/meta.health,meta.languages?batch=1`, {}, 200],
    [
      'a streamed batch',
      `${TRPC_PREFIX}/caesar.encrypt,rot13.transform?batch=1`,
      {
        method: 'POST',
        headers: { ...JSON_TYPE, 'trpc-accept': 'application/jsonl' },
        body: JSON.stringify({ 0: { json: { text: 'abc', shift: 1 } }, 1: { json: { text: 'abc' } } }),
      },
      200,
    ],
    ['an early error of its own', `${TRPC_PREFIX}/caesar.encrypt`, { method: 'POST', body: '{}' }, 415],
    ['a query sent as POST', `${TRPC_PREFIX}/meta.health`, { method: 'POST', headers: JSON_TYPE, body: '{}' }, 405],
  ];
  it.each(CASES)('%s', async (_, url, init, status) => {
    const r = await call(app, url, init);
    expect(r.status).toBe(status);
    expect(r.headers.get('x-ratelimit-limit')).toBe(String(LIMIT));
    expect(Number(r.headers.get('x-ratelimit-remaining'))).toBeGreaterThan(0);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('batches are bounded, even of calls the limit never counts', () => {
  const app = makeApp({ rateLimit: LIMIT });
  const batch = (n: number, procedure = 'meta.alphabets') =>
    `${TRPC_PREFIX}/${Array(n).fill(procedure).join(',')}?batch=1`;

  it(`answers a batch of ${MAX_BATCH_CALLS} calls`, async () => {
    const r = await costOf(app, batch(MAX_BATCH_CALLS));
    expect([r.status, r.cost]).toEqual([200, 0]);
    expect(JSON.parse(r.text)).toHaveLength(MAX_BATCH_CALLS);
  });

  it.each([MAX_BATCH_CALLS + 1, 1000])('refuses a batch of %i calls whole, naming the cap, free', async (n) => {
    for (const procedure of ['meta.alphabets', 'rot13.transform']) {
      const init = procedure === 'meta.alphabets' ? {} : { method: 'POST', headers: JSON_TYPE, body: '{}' };
      const r = await costOf(app, batch(n, procedure), init);
      expect([r.status, r.cost]).toEqual([400, 0]);
      const message = `Batch call exceeds maximum size: a batch may hold at most ${MAX_BATCH_CALLS} calls, and this one holds ${n}.`;
      expect(JSON.parse(r.text)).toMatchObject({ error: { json: { message, data: { code: 'BAD_REQUEST' } } } });
      expect(r.text.length).toBeLessThan(500);
    }
  });
});

describe('what runs is what is charged, whatever the Host and the query say', () => {
  const encrypt = { json: { text: 'abc', shift: 1 } };
  const three = JSON.stringify({ 0: encrypt, 1: encrypt, 2: encrypt });
  const calls = 'caesar.encrypt,caesar.encrypt,caesar.encrypt';
  const decoys = ['', '&/trpc/caesar.encrypt', '&/trpc/meta.health', '&/api/v1/health'];

  for (const host of ['a', 'ab', 'api', 'a.b', 'localhost', 'cipher.example.org']) {
    for (const decoy of decoys) {
      it(`Host ${host}, query decoy ${JSON.stringify(decoy)}: a batch of 3 costs 3, streamed or not`, async () => {
        const app = makeApp({ rateLimit: LIMIT });
        for (const accept of [{}, { 'trpc-accept': 'application/jsonl' }] as Record<string, string>[]) {
          const r = await costOf(app, `http://${host}${TRPC_PREFIX}/${calls}?batch=1${decoy}`, {
            method: 'POST',
            headers: { ...JSON_TYPE, ...accept },
            body: three,
          });
          expect(r.status).toBe(200);
          expect(r.text.match(/"result":"bcd"/g)).toHaveLength(3);
          expect(r.cost).toBe(3);
        }
        const rest = await costOf(app, `http://${host}${API_PREFIX}/caesar/encrypt?x=1${decoy}`, {
          method: 'POST',
          headers: JSON_TYPE,
          body: JSON.stringify(encrypt.json),
        });
        expect([rest.status, rest.cost]).toEqual([200, 1]);
      });
    }
  }

  it('a path that only looks like the endpoint runs nothing', async () => {
    const app = makeApp({ rateLimit: LIMIT });
    const many = Array(200).fill('caesar.encrypt').join(',');
    const body = JSON.stringify(Object.fromEntries(Array.from({ length: 200 }, (_, i) => [i, encrypt])));
    for (const host of ['a', 'api', 'localhost']) {
      const r = await costOf(app, `http://${host}${TRPC_PREFIX}${many}?batch=1&${TRPC_PREFIX}/caesar.encrypt`, {
        method: 'POST',
        headers: { ...JSON_TYPE, 'trpc-accept': 'application/jsonl' },
        body,
      });
      expect(r.status).toBe(404);
      // No call's result (a bare "bcd" could also be part of the error body's random request id).
      expect(r.text).not.toMatch(/"result":"bcd"/);
    }
  });
});
