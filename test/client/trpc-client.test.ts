// The tRPC client against a live service on Node and on Bun: typed calls, batching, tRPC-shaped errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CipherClient, createCipherClient, isTRPCClientError, retryAfterOf } from '../../client/src/index.js';
import { CAESAR_3 } from './fixtures.js';
import { type LiveServer, type Runtime, startServer } from './live-server.js';

describe.each<Runtime>(['node', 'bun'])('tRPC client against the service on %s', (runtime) => {
  let server: LiveServer;
  let requests: string[];
  let client: CipherClient;

  beforeAll(async () => {
    server = await startServer(runtime);
    const counting: typeof fetch = (input, init) => {
      requests.push(String(input instanceof Request ? input.url : input));
      return fetch(input, init);
    };
    client = createCipherClient({ url: `${server.url}/trpc`, fetch: counting });
  }, 60_000);
  afterAll(() => server?.stop());

  it('batches calls made together into one request', async () => {
    requests = [];
    const [enc, rot, solved, alphabets] = await Promise.all([
      client.caesar.encrypt.mutate({ text: 'Hello, World!', shift: 3 }),
      client.rot13.transform.mutate({ text: 'Hello' }),
      client.caesar.solve.mutate({ text: CAESAR_3 }),
      client.meta.alphabets.query(),
    ]);
    expect(enc.result).toBe('Khoor, Zruog!');
    expect(rot.result).toBe('Uryyb');
    expect(solved.best_solution.shift).toBe(3);
    expect(alphabets.alphabets).toHaveLength(5);
    // Mutations and queries travel in separate batches (POST and GET).
    expect(requests).toHaveLength(2);
    expect(requests.some((u) => u.includes('caesar.encrypt,rot13.transform,caesar.solve'))).toBe(true);
  });

  it('calls the Vigenère procedures', async () => {
    const enc = await client.vigenere.encrypt.mutate({ text: 'Attack at dawn!', key: 'LEMON' });
    expect(enc.result).toBe('Lxfopv ef rnhr!');
    const dec = await client.vigenere.decrypt.mutate({ text: enc.result, key: 'LEMON' });
    expect(dec.result).toBe('Attack at dawn!');
  });

  it('calls analysis.identify', async () => {
    const r = await client.analysis.identify.mutate({ text: CAESAR_3 });
    expect(r.best_solution).toMatchObject({ cipher: 'caesar', shift: 3, language: 'en' });
  });

  it('surfaces validation errors with the field map', async () => {
    const e = await client.caesar.encrypt.mutate({ text: '', shift: 1 }).catch((x: unknown) => x);
    expect(isTRPCClientError(e)).toBe(true);
    if (!isTRPCClientError(e)) return;
    expect(e.data?.code).toBe('BAD_REQUEST');
    expect((e.data as { errors?: unknown }).errors).toEqual({ text: ['The text must not be empty.'] });
  });

  it('accepts the service origin as url', async () => {
    const plain = createCipherClient({ url: server.url });
    expect((await plain.meta.health.query()).status).toBe('ok');
  });
});

describe('tRPC client on the rate limit', () => {
  let limited: LiveServer;
  beforeAll(async () => {
    limited = await startServer('node', { RATE_LIMIT: '1', RATE_LIMIT_WINDOW_S: '20' });
  }, 60_000);
  afterAll(() => limited?.stop());

  it('exposes retryAfter on TOO_MANY_REQUESTS', async () => {
    const client = createCipherClient({ url: `${limited.url}/trpc` });
    await client.rot13.transform.mutate({ text: 'a' });
    const e = await client.rot13.transform.mutate({ text: 'a' }).catch((x: unknown) => x);
    expect(isTRPCClientError(e)).toBe(true);
    if (!isTRPCClientError(e)) return;
    expect(e.data?.code).toBe('TOO_MANY_REQUESTS');
    const wait = retryAfterOf(e);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(20);
  });
});
