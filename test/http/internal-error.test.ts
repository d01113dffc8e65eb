// An unexpected failure inside a procedure becomes a JSON 500 with no detail, and is logged.
import { describe, expect, it } from 'vitest';
import { appRouter } from '../../routers/index.js';
import { createRestHandler } from '../../src/http/rest.js';

describe('REST 500', () => {
  it('answers {success:false, error, message} without leaking the cause', async () => {
    const logged: unknown[] = [];
    const exploding = () =>
      new Proxy(
        {},
        {
          get: () =>
            new Proxy(() => {}, { get: () => undefined, apply: () => Promise.reject(new Error('secret detail')) }),
        },
      );
    const rest = createRestHandler(appRouter, exploding as never, (error) => logged.push(error));
    const res = await rest.handle(
      new Request('http://localhost/api/v1/rot13/transform', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"text":"a"}',
      }),
      '/rot13/transform',
      {},
    );
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toEqual({ success: false, error: 'Internal Server Error', message: expect.any(String) });
    expect(JSON.stringify(body)).not.toContain('secret');
    expect(logged).toHaveLength(1);
  });
});
