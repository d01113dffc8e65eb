// Security headers (issue 14, item 14): nosniff on every answer, a CSP and no framing on the pages.
import { describe, expect, it } from 'vitest';
import { scriptHash } from '../../../src/http/pages/page-headers.js';
import { makeApp, post, send, trpcPost } from '../helpers.js';

const app = makeApp();

describe('every answer says nosniff', () => {
  it.each([
    ['REST', () => post(app, '/caesar/encrypt', { text: 'abc', shift: 1 })],
    ['REST 422', () => post(app, '/caesar/encrypt', { text: 'abc', shift: 99 })],
    ['tRPC', () => trpcPost(app, ['caesar.encrypt'], [{ text: 'abc', shift: 1 }])],
    [
      'tRPC batch',
      () => trpcPost(app, ['caesar.encrypt', 'rot13.transform'], [{ text: 'a', shift: 1 }, { text: 'a' }]),
    ],
    ['tRPC query', () => send(app, '/trpc/meta.health')],
    ['404', () => send(app, '/nowhere')],
    ['405', () => send(app, '/api/v1/caesar/encrypt')],
    ['OpenAPI', () => send(app, '/api/v1/openapi.json')],
    ['meta', () => send(app, '/api/v1/alphabets')],
    ['preflight', () => send(app, '/api/v1/caesar/encrypt', { method: 'OPTIONS' })],
    ['playground', () => send(app, '/')],
    ['docs', () => send(app, '/api/v1/docs')],
  ])('%s', async (_, request) => {
    expect((await request()).headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('the pages', () => {
  it.each(['/', '/api/v1/docs'])('%s may not be framed and runs only its own scripts', async (path) => {
    const { headers } = await send(app, path);
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*;/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(headers.get('x-frame-options')).toBe('DENY');
  });

  it("allows the docs page's inline script by its hash, and only it", async () => {
    const { text, headers } = await send(app, '/api/v1/docs');
    const inline = [...text.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] as string);
    expect(inline).toHaveLength(1);
    const hashes = (headers.get('content-security-policy') ?? '').match(/'sha256-[^']+'/g);
    expect(hashes).toEqual([scriptHash(inline[0] as string)]);
  });
});
