// Pages are free of the API allowance but not unbounded: a page allowance per address (the weakness of issue 14 item
// 3's kind: a 100-byte GET of the API reference's script answers 1.5 MB, and nothing counted it).
import { describe, expect, it } from 'vitest';
import { makeApp, post, send } from '../helpers.js';

describe('the page allowance', () => {
  it.each(['/', '/api/v1/docs', '/api/v1/openapi.json', '/api/v1/docs/assets/scalar.js'])(
    '%s is refused with the 429 body past it, with Retry-After',
    async (path) => {
      const app = makeApp({ pageRateLimit: 3, rateLimit: 5 });
      for (let i = 0; i < 3; i++) expect((await send(app, path)).status).not.toBe(429);
      const refused = await send(app, path);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        error: 'Too Many Requests',
        message: 'Too many page loads. You can load up to 3 pages and files per minute.',
        retry_after: expect.any(Number),
        documentation: expect.stringMatching(/\/api\/v1\/docs$/),
        request_id: refused.headers.get('x-request-id'),
      });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // The API allowance is untouched, and API calls do not spend the page allowance.
      const api = await post(app, '/rot13/transform', { text: 'a' });
      expect(api.headers.get('x-ratelimit-remaining')).toBe('4');
    },
  );

  it('is per address', async () => {
    const app = makeApp({ pageRateLimit: 1, trustProxy: true });
    expect((await send(app, '/', { headers: { 'x-forwarded-for': '198.51.100.1' } })).status).not.toBe(429);
    expect((await send(app, '/', { headers: { 'x-forwarded-for': '198.51.100.1' } })).status).toBe(429);
    expect((await send(app, '/', { headers: { 'x-forwarded-for': '198.51.100.2' } })).status).not.toBe(429);
  });
});
