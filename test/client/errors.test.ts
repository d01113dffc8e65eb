// The REST client's one error class, from every kind of failure body, including ones a proxy might send.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CipherApiError, createRestClient } from '../../client/src/index.js';
import { ROOT } from './live-server.js';

const reply =
  (status: number, body: string, headers: Record<string, string> = {}): typeof fetch =>
  async () =>
    new Response(body, { status, headers });

const fail = (f: typeof fetch) =>
  createRestClient({ baseUrl: 'http://x', fetch: f })
    .rot13.transform({ text: 'a' })
    .then(
      () => {
        throw new Error('expected a failure');
      },
      (e: unknown) => e as CipherApiError,
    );

describe('CipherApiError', () => {
  it('reads a 429 body, preferring its retry_after to the header', async () => {
    const e = await fail(
      reply(
        429,
        JSON.stringify({
          error: 'Too Many Requests',
          message: 'Slow.',
          retry_after: 7,
          documentation: 'http://x/docs',
        }),
        { 'retry-after': '9' },
      ),
    );
    expect(e).toMatchObject({ status: 429, error: 'Too Many Requests', message: 'Slow.', retryAfter: 7 });
    expect(e.documentation).toBe('http://x/docs');
    expect(e.isRateLimited).toBe(true);
  });

  it('falls back to Retry-After when a 429 body is not ours', async () => {
    const e = await fail(reply(429, 'slow down', { 'retry-after': '12' }));
    expect(e.retryAfter).toBe(12);
    expect(e.body).toBe('slow down');
  });

  it('builds a message from the field map when the body has none', async () => {
    const e = await fail(
      reply(422, JSON.stringify({ success: false, error: 'Validation failed', errors: { text: ['Needed.'] } })),
    );
    expect(e.errors).toEqual({ text: ['Needed.'] });
    expect(e.message).toBe('text: Needed.');
    expect(e.retryAfter).toBeUndefined();
  });

  it('survives an HTML error page from a proxy', async () => {
    const e = await fail(reply(502, '<html>Bad gateway</html>'));
    expect(e).toBeInstanceOf(CipherApiError);
    expect(e.status).toBe(502);
    expect(e.errors).toEqual({});
    expect(e.message).toContain('502');
  });

  it('reports an aborted call as status 0', async () => {
    const controller = new AbortController();
    controller.abort();
    const e = await createRestClient({ baseUrl: 'http://127.0.0.1:9' })
      .meta.health({ signal: controller.signal })
      .catch((x: unknown) => x as CipherApiError);
    expect(e).toMatchObject({ status: 0, error: 'Aborted' });
  });
});

describe('the client sources', () => {
  it('import nothing from the server but types; the server facts they need come generated, with no imports', () => {
    const dir = join(ROOT, 'client/src');
    let serverImports = 0;
    for (const file of readdirSync(dir)) {
      const source = readFileSync(join(dir, file), 'utf8');
      for (const m of source.matchAll(/^(import|export)\s+(type\s+)?[^;]*?from\s+'(\.\.\/\.\.\/[^']+)'/gms)) {
        serverImports++;
        expect(m[2], `${file} imports ${m[3]} for its values`).toBe('type ');
      }
    }
    // The published package bundles the catalog: it must stay free of imports.
    expect(readFileSync(join(dir, 'catalog.ts'), 'utf8')).not.toMatch(/^\s*(import|export .* from)/m);
    // AppRouter and FieldErrors: the pattern above did look at something.
    expect(serverImports).toBe(2);
  });
});
