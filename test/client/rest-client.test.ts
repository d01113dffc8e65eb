// The REST client against a live service on Node and on Bun: every endpoint, and every kind of failure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CipherApiError,
  createRestClient,
  type RateLimitInfo,
  REST_ENDPOINTS,
  type RestClient,
} from '../../client/src/index.js';
import { ENGLISH } from './fixtures.js';
import { type LiveServer, type Runtime, startServer } from './live-server.js';

describe.each<Runtime>(['node', 'bun'])('REST client against the service on %s', (runtime) => {
  let server: LiveServer;
  let api: RestClient;

  beforeAll(async () => {
    server = await startServer(runtime);
    api = createRestClient({ baseUrl: server.url });
  }, 60_000);
  afterAll(() => server?.stop());

  it('encrypts and decrypts with Caesar', async () => {
    const enc = await api.caesar.encrypt({ text: 'Hello, World!', shift: 3 });
    expect(enc).toEqual({
      success: true,
      result: 'Khoor, Zruog!',
      method: 'encrypt',
      shift: 3,
      alphabet: 'basic',
      text_length: 13,
    });
    const dec = await api.caesar.decrypt({ text: enc.result, shift: 3 });
    expect(dec.result).toBe('Hello, World!');
    expect(dec.method).toBe('decrypt');
  });

  it('solves Caesar with every shift ranked', async () => {
    const { result } = await api.caesar.encrypt({ text: ENGLISH, shift: 7 });
    const solved = await api.caesar.solve({ text: result, language: 'auto' });
    expect(solved.best_solution.shift).toBe(7);
    expect(solved.best_solution.text).toBe(ENGLISH);
    expect(solved.language).toBe('en');
    expect(solved.all_solutions).toHaveLength(26);
    expect(solved.all_solutions.reduce((s, x) => s + x.score, 0)).toBeCloseTo(1, 6);
  });

  it('runs Caesar bulk in all three methods', async () => {
    const enc = await api.caesar.bulk({ items: [{ text: 'abc', shift: 1 }], method: 'encrypt' });
    expect(enc.results[0]).toEqual({ index: 0, original: 'abc', result: 'bcd', shift: 1 });
    const solve = await api.caesar.bulk({ items: [{ text: 'Wkh txlfn eurzq ira' }], method: 'solve' });
    expect(solve.results[0]?.shift).toBe(3);
    expect(solve.language).toBe('en');
  });

  it('applies ROT13 to one text and to many', async () => {
    expect((await api.rot13.transform({ text: 'Hello, World!' })).result).toBe('Uryyb, Jbeyq!');
    const bulk = await api.rot13.bulk({ items: ['abc', 'Uryyb'] });
    expect(bulk.results.map((r) => r.result)).toEqual(['nop', 'Hello']);
  });

  it('encrypts, decrypts and breaks Vigenère', async () => {
    const enc = await api.vigenere.encrypt({ text: 'Attack at dawn!', key: 'LEMON' });
    expect(enc).toMatchObject({ result: 'Lxfopv ef rnhr!', key_length: 5, text_length: 15 });
    expect((await api.vigenere.decrypt({ text: enc.result, key: 'LEMON' })).result).toBe('Attack at dawn!');
    const secret = (await api.vigenere.encrypt({ text: ENGLISH, key: 'LEMON' })).result;
    const { analysis } = await api.vigenere.analyze({ text: secret, max_key_length: 12 });
    expect(analysis.probable_key).toBe('LEMON');
    expect(analysis.best_key_length).toBe(5);
    expect(Object.keys(analysis.ioc_scores)).toHaveLength(12);
  });

  it('applies Atbash, and encrypts and decrypts with substitution and affine', async () => {
    expect((await api.atbash.transform({ text: 'Hello, World!' })).result).toBe('Svool, Dliow!');
    const sub = await api.substitution.encrypt({ text: 'Flee at once!', keyword: 'ZEBRAS' });
    expect(sub).toMatchObject({ result: 'Siaa zq lkba!', key: 'ZEBRASCDFGHIJKLMNOPQTUVWXY' });
    expect((await api.substitution.decrypt({ text: sub.result, key: sub.key })).result).toBe('Flee at once!');
    const aff = await api.affine.encrypt({ text: 'AFFINE CIPHER', a: 5, b: 8 });
    expect(aff).toMatchObject({ result: 'IHHWVC SWFRCP', a: 5, b: 8 });
    expect((await api.affine.decrypt({ text: aff.result, a: 5, b: 8 })).result).toBe('AFFINE CIPHER');
  });

  it('identifies a text: what it is, in which language, and what it says', async () => {
    const secret = (await api.vigenere.encrypt({ text: ENGLISH, key: 'LEMON' })).result;
    const r = await api.analysis.identify({ text: secret, language: 'en', max_key_length: 8 });
    expect(r.best_solution).toMatchObject({ cipher: 'vigenere', key: 'LEMON', language: 'en', text: ENGLISH });
  });

  it('reads the meta endpoints', async () => {
    expect((await api.meta.health()).status).toBe('ok');
    const { alphabets } = await api.meta.alphabets();
    expect(alphabets.map((a) => a.name)).toContain('polish');
    const { languages } = await api.meta.languages();
    expect(languages.map((l) => l.code)).toEqual(expect.arrayContaining(['en', 'pl', 'de', 'es', 'fr']));
  });

  it('throws CipherApiError with the field map on 422', async () => {
    const error = await api.caesar.encrypt({ text: 'abc', shift: 26 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CipherApiError);
    const e = error as CipherApiError;
    expect(e.status).toBe(422);
    expect(e.isValidation).toBe(true);
    expect(e.error).toBe('Validation failed');
    expect(e.errors).toEqual({ shift: ['The shift must be between -25 and 25.'] });
    expect(e.message).toContain('The shift must be between -25 and 25.');
    expect(e.retryAfter).toBeUndefined();
  });

  it('reports dotted keys for bulk items', async () => {
    const e = (await api.caesar
      .bulk({
        items: [
          { text: 'a', shift: 1 },
          { text: 'b', shift: 99 },
        ],
      })
      .catch((x) => x)) as CipherApiError | undefined;
    expect(e?.errors['items.1.shift']).toEqual(['The shift must be between -25 and 25.']);
  });

  it('accepts a base URL that already ends in /api/v1 and reports rate-limit headers', async () => {
    const seen: RateLimitInfo[] = [];
    const client = createRestClient({ baseUrl: `${server.url}/api/v1/`, onRateLimit: (i) => seen.push(i) });
    await client.rot13.transform({ text: 'a' });
    await client.rot13.transform({ text: 'a' });
    expect(seen).toHaveLength(2);
    expect(seen[1]?.remaining).toBe(seen[0]!.remaining - 1);
    // When the window frees a request: within it, once the window holds one.
    for (const { reset } of seen) expect(reset).toBeGreaterThan(0);
  });
});

describe('REST client failures that need their own service', () => {
  let limited: LiveServer;

  beforeAll(async () => {
    limited = await startServer('node', { RATE_LIMIT: '2', RATE_LIMIT_WINDOW_S: '30' });
  }, 60_000);
  afterAll(() => limited?.stop());

  it('throws CipherApiError with retryAfter on 429', async () => {
    const api = createRestClient({ baseUrl: limited.url });
    await api.rot13.transform({ text: 'a' });
    await api.rot13.transform({ text: 'a' });
    const e = (await api.rot13.transform({ text: 'a' }).catch((x) => x)) as CipherApiError;
    expect(e).toBeInstanceOf(CipherApiError);
    expect(e.status).toBe(429);
    expect(e.isRateLimited).toBe(true);
    expect(e.retryAfter).toBeGreaterThanOrEqual(1);
    expect(e.retryAfter).toBeLessThanOrEqual(30);
    expect(e.documentation).toBe(`${limited.url}/api/v1/docs`);
    expect(e.message).toBe('Rate limit exceeded. You can make up to 2 requests per 30 seconds.');
    // Meta endpoints are never limited.
    expect((await api.meta.health()).status).toBe('ok');
  });

  it('throws CipherApiError with status 0 when nothing answers', async () => {
    const api = createRestClient({ baseUrl: 'http://127.0.0.1:9' });
    const e = (await api.meta.health().catch((x) => x)) as CipherApiError;
    expect(e).toBeInstanceOf(CipherApiError);
    expect(e.status).toBe(0);
    expect(e.error).toBe('Network Error');
  });

  it('names exactly the operations of the OpenAPI document', async () => {
    const doc = (await (await fetch(`${limited.url}/api/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const ops = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((m) => `${m.toUpperCase()} /api/v1${path}`),
    );
    expect([...REST_ENDPOINTS].sort()).toEqual(ops.sort());
  });
});
