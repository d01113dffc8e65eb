// The tRPC surface through app.handle: superjson bodies, batching, tRPC-shaped errors and rate-limit headers.
import { describe, expect, it } from 'vitest';
import { makeApp, post, send, trpcPost } from '../helpers.js';

const app = makeApp();

type TrpcOk = { result: { data: { json: Record<string, unknown> } } };
type TrpcErr = { error: { json: { message: string; data: { code: string; httpStatus: number; errors?: object } } } };

describe('tRPC', () => {
  it('answers a single call with the same result as REST', async () => {
    const r = await trpcPost(app, ['caesar.encrypt'], [{ text: 'Hello, World!', shift: 3 }]);
    expect(r.status).toBe(200);
    expect((r.body as TrpcOk).result.data.json).toMatchObject({ result: 'Khoor, Zruog!', method: 'encrypt' });
    expect(r.headers.get('x-ratelimit-limit')).toBe('1000000');
  });

  it('answers a batch, counting each call', async () => {
    const before = Number((await send(app, '/api/v1/health')).headers.get('x-ratelimit-remaining'));
    const r = await trpcPost(
      app,
      ['caesar.encrypt', 'rot13.transform', 'vigenere.encrypt'],
      [{ text: 'abc', shift: 1 }, { text: 'abc' }, { text: 'ATTACKATDAWN', key: 'LEMON' }],
    );
    expect(r.status).toBe(200);
    const results = (r.body as TrpcOk[]).map((x) => x.result.data.json.result);
    expect(results).toEqual(['bcd', 'nop', 'LXFOPVEFRNHR']);
    expect(Number(r.headers.get('x-ratelimit-remaining'))).toBe(before - 3);
  });

  it('answers analysis.identify as REST does', async () => {
    const text = 'Wkh vhfuhw phhwlqj lv dw wkh rog ploo dw vxqvhw; eulqj wkh pds.';
    const r = await trpcPost(app, ['analysis.identify'], [{ text }]);
    expect(r.status).toBe(200);
    const rest = await post(app, '/identify', { text });
    expect((r.body as TrpcOk).result.data.json).toEqual(rest.body);
  });

  it('keeps tRPC error shapes, with the field map in data.errors', async () => {
    const r = await trpcPost(app, ['caesar.encrypt'], [{ text: 'abc', shift: 26 }]);
    expect(r.status).toBe(400);
    const e = (r.body as TrpcErr).error.json;
    expect(e.data.code).toBe('BAD_REQUEST');
    expect(e.data.errors).toEqual({ shift: ['The shift must be between -25 and 25.'] });
    expect(r.text).not.toMatch(/stack|at .*\.ts/);
  });

  it('refuses a field the procedure does not know with BAD_REQUEST and the same map as REST', async () => {
    const r = await trpcPost(app, ['caesar.solve'], [{ text: 'Khoor', lang: 'de' }]);
    expect(r.status).toBe(400);
    expect((r.body as TrpcErr).error.json.data.errors).toEqual({ lang: ['The lang field is not allowed.'] });
  });

  it('serves meta queries over GET without counting them', async () => {
    const r = await send(app, '/trpc/meta.alphabets');
    expect(r.status).toBe(200);
    expect(((r.body as TrpcOk).result.data.json.alphabets as unknown[]).length).toBe(5);
  });

  it('refuses an oversized body with PAYLOAD_TOO_LARGE', async () => {
    const r = await send(app, '/trpc/rot13.transform', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: { text: 'a'.repeat(1024 * 1024 + 1) } }),
    });
    expect(r.status).toBe(413);
    expect((r.body as TrpcErr).error.json.data.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers malformed JSON and unknown procedures with tRPC errors, not 500s', async () => {
    const bad = await send(app, '/trpc/caesar.encrypt', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"json":',
    });
    expect(bad.status).toBe(400);
    const unknown = await trpcPost(app, ['caesar.nope'], [{}]);
    expect(unknown.status).toBe(404);
  });

  const JSON_TYPE = { 'content-type': 'application/json' };
  const twoCalls = '/trpc/caesar.encrypt,caesar.encrypt?batch=1';
  it.each([
    ['a call', '/trpc/caesar.encrypt', '{"json":', 1],
    ['a batch', twoCalls, '{"0":{"json":{"text":"a","shift":1}},', 2],
    ['a call with a stray quote', '/trpc/caesar.encrypt', '{"json":{"text":"it"s"}}', 1],
  ])('says of malformed JSON in %s what REST says, on every call', async (_, path, body, calls) => {
    const rest = await post(app, '/caesar/encrypt', body);
    const trpc = await send(app, path, { method: 'POST', headers: JSON_TYPE, body });
    expect([rest.status, trpc.status]).toEqual([400, 400]);
    const errors = [trpc.body].flat() as TrpcErr[];
    expect(errors).toHaveLength(calls);
    for (const e of errors) {
      expect(e.error.json.message).toBe((rest.body as { message: string }).message);
      expect(e.error.json.data.code).toBe('BAD_REQUEST');
    }
  });

  it('says of a query whose input parameter is malformed JSON that the input parameter is not JSON', async () => {
    const r = await send(app, `/trpc/meta.alphabets?input=${encodeURIComponent('{"json":')}`);
    expect(r.status).toBe(400);
    expect((r.body as TrpcErr).error.json.message).toBe('The input query parameter is not valid JSON.');
  });

  it('keeps its own words for input that is JSON but not what tRPC reads', async () => {
    const r = await send(app, twoCalls, { method: 'POST', headers: JSON_TYPE, body: '[1,2]' });
    expect(r.status).toBe(400);
    expect((r.body as TrpcErr[])[0]?.error.json.message).toBe('"input" needs to be an object when doing a batch call');
  });

  it('refuses a whole batch that does not fit the remaining allowance', async () => {
    const small = makeApp({ rateLimit: 6 });
    const r = await trpcPost(small, Array(7).fill('rot13.transform'), Array(7).fill({ text: 'a' }));
    expect(r.status).toBe(429);
    const body = r.body as TrpcErr[];
    expect(body).toHaveLength(7);
    expect(body[0]?.error.json.data.code).toBe('TOO_MANY_REQUESTS');
    expect(r.headers.get('retry-after')).not.toBeNull();
  });
});
