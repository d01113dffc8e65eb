// The tRPC fast path, and the errors shaped outside tRPC, answer exactly as tRPC's own fetch adapter does: status,
// headers and body, call by call.
import { TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { describe, expect, it } from 'vitest';
import { RateLimitError } from '../../../routers/errors.js';
import { appRouter, OPERATIONS } from '../../../routers/index.js';
import { TRPC_PREFIX } from '../../../routers/prefixes.js';
import type { Context } from '../../../routers/trpc.js';
import { Reply } from '../../../src/http/api/reply.js';
import { createTrpcHandler, trpcCallsOf, trpcErrorResponse } from '../../../src/http/api/trpc-mount.js';

const ctx: Context = {};
const trpc = createTrpcHandler(appRouter, OPERATIONS);
const handler = (request: Request, c: Context) => trpc.handle(request, trpcCallsOf(request.url)!, c);
const ok = { json: { text: 'Hello, World!', shift: 3 } };
const bad = { json: { text: 'abc', shift: 26 } };

const CASES: Array<[name: string, path: string, body: unknown, headers?: Record<string, string>]> = [
  ['single call', '/caesar.encrypt', ok],
  ['single validation error', '/caesar.encrypt', bad],
  ['single call, no body', '/caesar.encrypt', undefined],
  ['single call, superjson meta', '/rot13.transform', { json: { text: 'abc' }, meta: { values: {} } }],
  ['batch', '/caesar.encrypt,rot13.transform?batch=1', { 0: ok, 1: { json: { text: 'abc' } } }],
  ['batch, mixed statuses', '/caesar.encrypt,caesar.encrypt?batch=1', { 0: ok, 1: bad }],
  ['batch, all failing', '/caesar.encrypt,vigenere.encrypt?batch=1', { 0: bad, 1: { json: { text: 'a', key: '1' } } }],
  ['batch, a call without input', '/caesar.encrypt,caesar.encrypt?batch=1', { 0: ok }],
  ['batch of one', '/vigenere.encrypt?batch=1', { 0: { json: { text: 'Attack at dawn!', key: 'LEMON' } } }],
  ['charset in content type', '/caesar.encrypt', ok, { 'content-type': 'Application/JSON; charset=utf-8' }],
  ['invalid JSON', '/caesar.encrypt', '{"json":'],
  ['batch body not an object', '/caesar.encrypt?batch=1', [ok]],
  ['unknown procedure', '/caesar.nope', ok],
  ['unknown procedure in a batch', '/caesar.encrypt,nope?batch=1', { 0: ok, 1: ok }],
  ['query over POST', '/meta.health', undefined],
  ['batching flag with other parameters', '/caesar.encrypt?batch=1&x=1', { 0: ok }],
  ['escaped path', '/caesar%2Eencrypt', ok],
  ['text/plain', '/caesar.encrypt', ok, { 'content-type': 'text/plain' }],
  ['jsonl accepted', '/caesar.encrypt?batch=1', { 0: ok }, { 'trpc-accept': 'application/jsonl' }],
  ['trailing slash', '/caesar.encrypt/', ok],
  ['batch flag among other parameters', '/caesar.encrypt,rot13.transform?x=1&batch=1', { 0: ok, 1: bad }],
  [
    'a batch at the cap',
    `/${Array(10).fill('caesar.encrypt').join(',')}?batch=1`,
    Object.fromEntries(Array.from({ length: 10 }, (_, i) => [i, ok])),
  ],
];

function request(path: string, body: unknown, headers?: Record<string, string>, method = 'POST'): Request {
  return new Request(`http://localhost${TRPC_PREFIX}${path}`, {
    method,
    headers: headers ?? { 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function snapshot(r: Reply | Response) {
  const response = r instanceof Reply ? r.toResponse() : r;
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    vary: response.headers.get('vary'),
    body: text ? JSON.parse(text) : null,
  };
}

describe('tRPC fast path', () => {
  for (const [name, path, body, headers] of CASES) {
    it(`matches tRPC's adapter: ${name}`, async () => {
      const ours = await handler(request(path, body, headers), ctx);
      const theirs = await fetchRequestHandler({
        endpoint: TRPC_PREFIX,
        req: request(path, body, headers),
        router: appRouter,
        createContext: () => ctx,
        allowBatching: true,
      });
      expect(await snapshot(ours)).toEqual(await snapshot(theirs));
    });
  }

  it('takes the fast path for plain mutations, and only for them', async () => {
    expect(await handler(request('/meta.health', undefined, {}, 'GET'), ctx)).toBeInstanceOf(Response);
    expect(await handler(request('/caesar.encrypt', ok), ctx)).toBeInstanceOf(Reply);
    expect(await handler(request('/caesar.encrypt,rot13.transform?batch=1', { 0: ok, 1: ok }), ctx)).toBeInstanceOf(
      Reply,
    );
  });
});

describe('errors shaped outside tRPC', () => {
  const CALLS: Array<[name: string, path: string, method: string]> = [
    ['one call', '/caesar.encrypt', 'POST'],
    ['a batch', '/caesar.encrypt,rot13.transform?batch=1', 'POST'],
    ['a meta query', '/meta.health', 'GET'],
  ];
  const ERRORS: Array<[name: string, error: () => TRPCError]> = [
    [
      'the rate limit',
      () =>
        new TRPCError({ code: 'TOO_MANY_REQUESTS', message: 'slow down', cause: new RateLimitError('slow down', 7) }),
    ],
    ['a body over the cap', () => new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: 'too big' })],
    ['an unreadable body', () => new TRPCError({ code: 'PARSE_ERROR', message: 'not UTF-8' })],
  ];
  for (const [callName, path, method] of CALLS) {
    for (const [errorName, make] of ERRORS) {
      it(`${errorName}, ${callName}: as tRPC's adapter shapes an error for every call`, async () => {
        const error = make();
        const url = `http://localhost${TRPC_PREFIX}${path}`;
        const ours = trpcErrorResponse(trpcCallsOf(url)!, error.code, error.message, error.cause as Error);
        const theirs = await fetchRequestHandler({
          endpoint: TRPC_PREFIX,
          req: new Request(url, { method, headers: { 'content-type': 'application/json' } }),
          router: appRouter,
          createContext: () => {
            throw error;
          },
        });
        expect(await snapshot(ours)).toEqual(await snapshot(theirs));
      });
    }
  }
});
