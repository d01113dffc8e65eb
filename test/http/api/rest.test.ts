// Every REST endpoint and every error status through app.handle, with the contract's exact bodies.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { errorBody, rateLimitBody, validationErrorBody } from '../../../src/http/api/errors.js';
import { makeApp, post, send } from '../helpers.js';

const app = makeApp();

const PLAIN =
  'Once the length is known, the message falls apart into several simple shift ciphers, and each of them can be ' +
  'broken by counting letters and comparing the counts with the known frequencies of the language.';

describe('REST success responses', () => {
  it.each([
    ['/caesar/encrypt', { text: 'Hello, World!', shift: 3 }, { result: 'Khoor, Zruog!', method: 'encrypt', shift: 3 }],
    ['/caesar/decrypt', { text: 'Khoor, Zruog!', shift: 3 }, { result: 'Hello, World!', method: 'decrypt', shift: 3 }],
    ['/rot13/transform', { text: 'Hello, World!' }, { result: 'Uryyb, Jbeyq!', method: 'rot13', text_length: 13 }],
    [
      '/rot13/bulk',
      { items: ['abc'] },
      { method: 'rot13', count: 1, results: [{ index: 0, original: 'abc', result: 'nop' }] },
    ],
    ['/vigenere/encrypt', { text: 'ATTACKATDAWN', key: 'LEMON' }, { result: 'LXFOPVEFRNHR', key_length: 5 }],
    ['/vigenere/decrypt', { text: 'LXFOPVEFRNHR', key: 'LEMON' }, { result: 'ATTACKATDAWN', method: 'decrypt' }],
    ['/atbash/transform', { text: 'Hello, World!' }, { result: 'Svool, Dliow!', method: 'atbash', alphabet: 'basic' }],
    [
      '/substitution/encrypt',
      { text: 'Flee at once', keyword: 'ZEBRAS' },
      { result: 'Siaa zq lkba', method: 'encrypt', key: 'ZEBRASCDFGHIJKLMNOPQTUVWXY' },
    ],
    [
      '/substitution/decrypt',
      { text: 'Siaa zq lkba', key: 'ZEBRASCDFGHIJKLMNOPQTUVWXY' },
      { result: 'Flee at once', method: 'decrypt' },
    ],
    ['/affine/encrypt', { text: 'AFFINE CIPHER', a: 5, b: 8 }, { result: 'IHHWVC SWFRCP', a: 5, b: 8 }],
    ['/affine/decrypt', { text: 'IHHWVC SWFRCP', a: 5, b: 8 }, { result: 'AFFINE CIPHER', method: 'decrypt' }],
    [
      '/caesar/bulk',
      { items: [{ text: 'abc', shift: 1 }] },
      {
        method: 'encrypt',
        alphabet: 'basic',
        count: 1,
        results: [{ index: 0, original: 'abc', result: 'bcd', shift: 1 }],
      },
    ],
  ])('POST %s', async (path, body, expected) => {
    const r = await post(app, path, body);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/application\/json/);
    expect(r.body).toMatchObject({ success: true, ...expected });
    expect(r.headers.get('x-ratelimit-limit')).toBe('1000000');
    expect(Number(r.headers.get('x-ratelimit-remaining'))).toBeLessThan(1_000_000);
  });

  it('POST /caesar/solve', async () => {
    const enc = await post(app, '/caesar/encrypt', { text: PLAIN, shift: 7 });
    const r = await post(app, '/caesar/solve', { text: (enc.body as { result: string }).result, language: 'auto' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      language: 'en',
      alphabet: 'basic',
      best_solution: { shift: 7, text: PLAIN },
    });
  });

  it('POST /vigenere/analyze', async () => {
    const text = `${PLAIN} ${PLAIN} ${PLAIN}`;
    const enc = await post(app, '/vigenere/encrypt', { text, key: 'LEMON' });
    const r = await post(app, '/vigenere/analyze', { text: (enc.body as { result: string }).result });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, analysis: { probable_key: 'LEMON', best_key_length: 5 } });
  });

  it('POST /identify: a ROT13 text in groups of five is caesar 13, read back in its groups', async () => {
    const groups = (await post(app, '/rot13/transform', { text: PLAIN })).body as { result: string };
    const letters = groups.result.replace(/[^A-Za-z]/g, '').toUpperCase();
    const text = letters.replace(/(.{5})(?=.)/g, '$1 ');
    const r = await post(app, '/identify', { text });
    expect(r.status).toBe(200);
    const body = r.body as { best_solution: { text: string }; all_solutions: unknown[] };
    expect(body).toMatchObject({
      success: true,
      text_length: text.length,
      best_solution: { cipher: 'caesar', shift: 13 },
    });
    expect(body.best_solution.text.replaceAll(' ', '')).toBe(PLAIN.replace(/[^A-Za-z]/g, '').toUpperCase());
    expect(body.all_solutions[0]).toEqual(body.best_solution);
  });

  it('POST /identify answers a text without letters with the contract 422', async () => {
    const r = await post(app, '/identify', { text: '12345 !?', max_key_length: 101 });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ errors: { max_key_length: ['The max key length must be between 1 and 100.'] } });
    const none = await post(app, '/identify', { text: '12345 !?' });
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({
      errors: { text: ['The text must contain at least one letter of the selected alphabet.'] },
    });
  });

  it.each(['/health', '/alphabets', '/languages'])('GET %s is served and not counted', async (path) => {
    const before = await send(app, '/api/v1/health');
    const r = await send(app, `/api/v1${path}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('x-ratelimit-remaining')).toBe(before.headers.get('x-ratelimit-remaining'));
  });

  it('GET /health reports the store', async () => {
    const r = await send(app, '/api/v1/health');
    expect(r.body).toMatchObject({ status: 'ok', rate_limit_store: 'memory' });
    expect(typeof (r.body as { uptime_s: number }).uptime_s).toBe('number');
  });

  it('GET /openapi.json lists every POST path with our error bodies and no auth', async () => {
    const r = await send(app, '/api/v1/openapi.json');
    const doc = r.body as {
      openapi: string;
      paths: Record<string, { post?: { responses: object; security?: unknown } }>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    const posts = Object.entries(doc.paths).filter(([, item]) => item.post);
    expect(posts.map(([p]) => p).sort()).toEqual([
      '/affine/decrypt',
      '/affine/encrypt',
      '/affine/solve',
      '/atbash/transform',
      '/caesar/bulk',
      '/caesar/decrypt',
      '/caesar/encrypt',
      '/caesar/solve',
      '/identify',
      '/rot13/bulk',
      '/rot13/transform',
      '/substitution/decrypt',
      '/substitution/encrypt',
      '/substitution/solve',
      '/vigenere/analyze',
      '/vigenere/decrypt',
      '/vigenere/encrypt',
    ]);
    for (const [, item] of posts) {
      expect(Object.keys(item.post?.responses ?? {})).toEqual(
        expect.arrayContaining(['200', '400', '413', '415', '422', '429', '500']),
      );
      expect(item.post?.security).toBeUndefined();
    }
    expect(r.text).not.toMatch(/bearer/i);
  });

  it('GET /docs is an HTML page', async () => {
    const r = await send(app, '/api/v1/docs');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/text\/html/);
    expect(r.text).toContain('/caesar/encrypt');
  });
});

describe('REST error responses', () => {
  // Every error body names its request, as its X-Request-Id header does (test/http/request-id.test.ts holds the two equal).
  const errorBody = (error: string) => ({
    success: false,
    error,
    message: expect.any(String),
    request_id: expect.any(String),
  });

  it('422 with the field map', async () => {
    const r = await post(app, '/caesar/encrypt', { text: 'abc', shift: 26 });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({
      success: false,
      error: 'Validation failed',
      errors: { shift: ['The shift must be between -25 and 25.'] },
      request_id: r.headers.get('x-request-id'),
    });
    expect(r.headers.get('x-ratelimit-limit')).toBe('1000000');
  });

  it('422 naming a field the operation does not know (shared/CONTRACT.md, "Defaults and requirements")', async () => {
    const r = await post(app, '/caesar/encrypt', { text: 'abc', shift: 3, shfit: 4 });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({
      success: false,
      error: 'Validation failed',
      errors: { shfit: ['The shfit field is not allowed.'] },
      request_id: r.headers.get('x-request-id'),
    });
  });

  it.each([
    ['malformed JSON', '{"text": "abc", "shift": 3'],
    ['an array', '[1,2,3]'],
    ['null', 'null'],
    ['a number', '42'],
    ['an empty body', ''],
  ])('400 for %s', async (_, body) => {
    const r = await post(app, '/caesar/encrypt', body);
    expect(r.status).toBe(400);
    expect(r.body).toEqual(errorBody('Bad Request'));
  });

  it('400 for a body that is not UTF-8', async () => {
    const r = await send(app, '/api/v1/rot13/transform', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual(errorBody('Bad Request'));
  });

  it('404 for unknown paths, POST and GET', async () => {
    for (const r of [await post(app, '/caesar/nope', { text: 'a' }), await send(app, '/api/v1/no/such/thing')]) {
      expect(r.status).toBe(404);
      expect(r.body).toEqual(errorBody('Not Found'));
    }
    const outside = await send(app, '/nowhere');
    expect(outside.status).toBe(404);
    expect(outside.body).toEqual(errorBody('Not Found'));
  });

  it('404 at GET /api/v1 itself names the path and points to the docs page (issue 30, item 9)', async () => {
    const r = await send(app, '/api/v1');
    expect(r.status).toBe(404);
    expect((r.body as { message: string }).message).toBe(
      'No endpoint at GET /api/v1. The endpoints are listed at /api/v1/docs.',
    );
  });

  it('405 with Allow for a wrong method', async () => {
    const r = await send(app, '/api/v1/caesar/encrypt');
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('POST');
    expect(r.body).toEqual(errorBody('Method Not Allowed'));
    const put = await send(app, '/api/v1/health', { method: 'POST' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET');
  });

  it('413 for a body over 1 MiB, declared or streamed', async () => {
    const big = JSON.stringify({ text: 'a'.repeat(1024 * 1024 + 10) });
    const declared = await post(app, '/rot13/transform', big);
    expect(declared.status).toBe(413);
    expect(declared.body).toEqual(errorBody('Payload Too Large'));
    const chunk = new TextEncoder().encode('a'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 40) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const streamed = await send(app, '/api/v1/rot13/transform', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    // Reading stopped just past the cap instead of draining all 40 chunks.
    expect(sent).toBeLessThan(40);
  });

  it('415 for a non-JSON content type, and accepts a charset', async () => {
    const r = await post(app, '/caesar/encrypt', JSON.stringify({ text: 'abc', shift: 1 }), {
      'content-type': 'text/plain',
    });
    expect(r.status).toBe(415);
    expect(r.body).toEqual(errorBody('Unsupported Media Type'));
    const ok = await post(
      app,
      '/caesar/encrypt',
      { text: 'abc', shift: 1 },
      { 'content-type': 'application/json; charset=utf-8' },
    );
    expect(ok.status).toBe(200);
  });

  it('treats __proto__ and constructor keys as plain data: never a prototype; constructor refused on both surfaces', async () => {
    const r = await post(app, '/caesar/encrypt', '{"text":"abc","shift":1,"__proto__":{"shift":30},"constructor":1}');
    expect(r.status).toBe(422);
    // zod drops a __proto__ key while it parses (its objects never take one as a prototype), so only constructor is
    // left to name, on `body` (tRPC's superjson will not write such a key); the shift inside __proto__ reached nothing.
    expect(r.body).toEqual({
      success: false,
      error: 'Validation failed',
      errors: { body: ['The constructor field is not allowed.'] },
      request_id: r.headers.get('x-request-id'),
    });
    const t = await send(app, '/trpc/caesar.encrypt', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"json":{"constructor":null}}',
    });
    expect(t.status).toBe(400);
    const ok = await post(app, '/caesar/encrypt', '{"text":"abc","shift":1,"__proto__":{"shift":30}}');
    expect((ok.body as { result: string }).result).toBe('bcd');
  });
});

describe('rate limit', () => {
  it('429 with the spec body and Retry-After once the limit is used, on REST and tRPC', async () => {
    const small = makeApp({ rateLimit: 3, rateLimitWindowS: 60 });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(small, '/rot13/transform', { text: 'a' })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const r = await post(small, '/rot13/transform', { text: 'a' });
    expect(r.status).toBe(429);
    expect(r.body).toEqual({
      error: 'Too Many Requests',
      message: 'Rate limit exceeded. You can make up to 3 requests per minute.',
      retry_after: expect.any(Number),
      documentation: 'http://localhost:3000/api/v1/docs',
      request_id: r.headers.get('x-request-id'),
    });
    const retry = (r.body as { retry_after: number }).retry_after;
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(r.headers.get('retry-after')).toBe(String(retry));
    expect(r.headers.get('x-ratelimit-remaining')).toBe('0');
    // Meta endpoints stay available while limited.
    expect((await send(small, '/api/v1/health')).status).toBe(200);
    const t = await send(small, '/trpc/rot13.transform', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: { text: 'a' } }),
    });
    expect(t.status).toBe(429);
    const shape = t.body as { error: { json: { data: { code: string; retryAfter: number; documentation: string } } } };
    expect(shape.error.json.data.code).toBe('TOO_MANY_REQUESTS');
    expect(shape.error.json.data.retryAfter).toBeGreaterThanOrEqual(1);
    // The same link as REST's body (issue 30, item 8).
    expect(shape.error.json.data.documentation).toBe('http://localhost:3000/api/v1/docs');
  });

  it('names other settings in the message', async () => {
    const small = makeApp({ rateLimit: 1, rateLimitWindowS: 5 });
    await post(small, '/rot13/transform', { text: 'a' });
    const r = await post(small, '/rot13/transform', { text: 'a' });
    expect((r.body as { message: string }).message).toBe(
      'Rate limit exceeded. You can make up to 1 requests per 5 seconds.',
    );
  });

  it('reads X-Forwarded-For only when TRUST_PROXY is set', async () => {
    const trusting = makeApp({ rateLimit: 1, trustProxy: true });
    expect((await post(trusting, '/rot13/transform', { text: 'a' }, { 'x-forwarded-for': '10.0.0.1' })).status).toBe(
      200,
    );
    expect((await post(trusting, '/rot13/transform', { text: 'a' }, { 'x-forwarded-for': '10.0.0.2' })).status).toBe(
      200,
    );
    expect((await post(trusting, '/rot13/transform', { text: 'a' }, { 'x-forwarded-for': '10.0.0.1' })).status).toBe(
      429,
    );
    const plain = makeApp({ rateLimit: 1 });
    expect((await post(plain, '/rot13/transform', { text: 'a' }, { 'x-forwarded-for': '10.0.0.1' })).status).toBe(200);
    expect((await post(plain, '/rot13/transform', { text: 'a' }, { 'x-forwarded-for': '10.0.0.2' })).status).toBe(429);
  });
});

describe('error bodies are what the OpenAPI document says they are', () => {
  it('each failure body is exactly its zod schema (the source of the document’s components)', async () => {
    const small = makeApp({ rateLimit: 8 });
    const bodies: Array<[z.ZodType, unknown]> = [
      [errorBody, (await post(small, '/caesar/encrypt', '{')).body],
      [errorBody, (await post(small, '/nope', {})).body],
      [errorBody, (await send(small, '/api/v1/caesar/encrypt')).body],
      [errorBody, (await post(small, '/caesar/encrypt', '{}', { 'content-type': 'text/plain' })).body],
      [errorBody, (await post(small, '/rot13/transform', JSON.stringify({ text: 'a'.repeat(1024 * 1024) }))).body],
      [validationErrorBody, (await post(small, '/caesar/encrypt', { text: 'abc', shift: 26 })).body],
    ];
    let limited = await post(small, '/rot13/transform', { text: 'a' });
    while (limited.status !== 429) limited = await post(small, '/rot13/transform', { text: 'a' });
    bodies.push([rateLimitBody, limited.body]);
    for (const [schema, body] of bodies) expect(schema.parse(body)).toEqual(body);
  });
});
