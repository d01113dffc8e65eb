// Every answer carries X-Request-Id (issue 31, item 3): the client's own when it is a bounded token, else a new UUID;
// error bodies carry the same id (REST's request_id, tRPC's data.requestId).
import { Socket } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServiceProcess, startService } from '../../scripts/lib/service-process.js';
import { requestIdOf } from '../../src/http/observe.js';
import { makeApp, send } from './helpers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const J = { 'content-type': 'application/json' };

/** One request of each kind of answer: success, each error family, pages, preflights, tRPC. */
const REQUESTS: [name: string, path: string, init: RequestInit, error: 'rest' | 'trpc' | null][] = [
  ['REST 200', '/api/v1/caesar/encrypt', { method: 'POST', headers: J, body: '{"text":"a","shift":1}' }, null],
  ['REST 422', '/api/v1/caesar/encrypt', { method: 'POST', headers: J, body: '{"text":"a","shift":99}' }, 'rest'],
  ['REST 400', '/api/v1/caesar/encrypt', { method: 'POST', headers: J, body: '{"text":' }, 'rest'],
  ['REST 415', '/api/v1/caesar/encrypt', { method: 'POST', body: '{}' }, 'rest'],
  ['REST 404 under the prefix', '/api/v1/nothing', { method: 'GET' }, 'rest'],
  ['REST 405', '/api/v1/caesar/encrypt', { method: 'GET' }, 'rest'],
  ['404 outside any route', '/nothing/here', { method: 'GET' }, 'rest'],
  ['health', '/api/v1/health', { method: 'GET' }, null],
  ['a page', '/api/v1/openapi.json', { method: 'GET' }, null],
  ['a preflight', '/api/v1/caesar/encrypt', { method: 'OPTIONS', headers: { origin: 'http://a.test' } }, null],
  ['tRPC 200', '/trpc/caesar.encrypt', { method: 'POST', headers: J, body: '{"json":{"text":"a","shift":1}}' }, null],
  [
    'tRPC 400',
    '/trpc/caesar.encrypt',
    { method: 'POST', headers: J, body: '{"json":{"text":"a","shift":99}}' },
    'trpc',
  ],
  ['tRPC unknown', '/trpc/nope.nothing', { method: 'POST', headers: J, body: '{}' }, 'trpc'],
];

/** The id an error body names, or undefined where it names none. */
function bodyId(body: unknown, kind: 'rest' | 'trpc'): unknown {
  if (kind === 'rest') return (body as { request_id?: unknown }).request_id;
  return (body as { error?: { json?: { data?: { requestId?: unknown } } } }).error?.json?.data?.requestId;
}

describe('X-Request-Id', () => {
  const app = makeApp();

  it.each(REQUESTS)(
    '%s: a new UUID when the client sends none, in the body of an error too',
    async (_, path, init, kind) => {
      const r = await send(app, path, init);
      const id = r.headers.get('x-request-id');
      expect(id).toMatch(UUID);
      if (kind) expect(bodyId(r.body, kind)).toBe(id);
    },
  );

  it.each(REQUESTS)('%s: the client’s own, kept', async (_, path, init, kind) => {
    const own = 'Root=1-67891233-abcdef012345678912345678';
    const r = await send(app, path, { ...init, headers: { ...(init.headers as object), 'x-request-id': own } });
    expect(r.headers.get('x-request-id')).toBe(own);
    if (kind) expect(bodyId(r.body, kind)).toBe(own);
  });

  it('differs from one request to the next', async () => {
    const ids = new Set<string | null>();
    for (let i = 0; i < 20; i++) ids.add((await send(app, '/api/v1/health')).headers.get('x-request-id'));
    expect(ids.size).toBe(20);
  });

  it('is exposed to browser scripts', async () => {
    const r = await send(app, '/api/v1/health', { headers: { origin: 'http://a.test' } });
    expect(r.headers.get('access-control-expose-headers')).toMatch(/X-Request-Id/i);
  });
});

describe('which client ids are kept (requestIdOf)', () => {
  const idOf = (own: string) => requestIdOf(new Request('http://localhost/', { headers: { 'x-request-id': own } }));

  it.each([
    ['a UUID', '3f1c2a9e-5b7d-4c1a-8e2f-0a9b8c7d6e5f', true],
    ['a ULID', '01ARZ3NDEKTSV4RRFFQ69G5FAV', true],
    ['a trace id with = ; :', 'Root=1-5e1b4151-5ac6c58f;Parent=53995c3f', true],
    ['128 characters', 'a'.repeat(128), true],
    ['129 characters', 'a'.repeat(129), false],
    ['spaces', 'two words', false],
    ['quotes', 'say"hi"', false],
    ['non-ASCII', 'naïve', false],
    ['HTML', '<script>', false],
  ])('%s: kept = %s', (_, own, kept) => {
    const id = idOf(own);
    if (kept) expect(id).toBe(own);
    else expect(id).toMatch(UUID);
  });

  it('keeps any token of 1 to 128 allowed characters, and replaces any header value holding another', () => {
    const allowed = 'abcXYZ0189._:;=+/@-';
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...allowed), minLength: 1, maxLength: 128 }), (own) => {
        expect(idOf(own)).toBe(own);
      }),
    );
    // Printable ASCII (what a header can hold) with at least one character outside the allowed set.
    const printable = fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c));
    fc.assert(
      fc.property(fc.string({ unit: printable, minLength: 1, maxLength: 60 }), (own) => {
        fc.pre([...own].some((c) => !/[A-Za-z0-9._:;=+/@-]/.test(c)));
        expect(idOf(own)).toMatch(UUID);
      }),
    );
  });
});

/** Sends raw bytes and resolves with what came back once the server closes the connection. */
function raw(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let data = '';
    const socket = new Socket();
    socket.on('data', (d) => {
      data += d;
    });
    socket.once('error', reject);
    socket.once('close', () => resolve(data));
    socket.connect(Number(port), hostname, () => socket.write(bytes));
  });
}

describe('what Node refuses before the app (src/http/node-server.ts), as npm start runs it', () => {
  let service: ServiceProcess;
  beforeAll(async () => {
    service = await startService({ env: { COMPUTE_WORKERS: '0' } });
  }, 60_000);
  afterAll(() => service?.stop());

  it.each([
    ['a request target that is not a URL (400), the client’s id kept', 'GET http://[bad/ HTTP/1.1', 'own-id-1', 400],
    ['malformed HTTP (400), a new id', 'GET nonsense HTTP/1.1', undefined, 400],
    ['headers over 16 KiB (431), a new id', `GET / HTTP/1.1\r\nX: ${'a'.repeat(20_000)}`, undefined, 431],
  ])('%s', async (_, head, own, status) => {
    const idLine = own ? `\r\nX-Request-Id: ${own}` : '';
    const answer = await raw(service.url, `${head}\r\nHost: x${idLine}\r\n\r\n`);
    const [top = '', body = ''] = answer.split('\r\n\r\n');
    expect(top).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    const id = /\r\nx-request-id: ([^\r]+)/i.exec(top)?.[1];
    expect(id).toBe(own ?? id?.match(UUID)?.[0]);
    expect(id).toBeDefined();
    expect(JSON.parse(body)).toMatchObject({ success: false, request_id: id });
  });
});
