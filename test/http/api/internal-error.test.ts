// An unexpected failure inside an operation becomes a JSON 500 with no detail, and is logged.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { post } from '../../../routers/operation.js';
import { createRestHandler, type RestEndpoint } from '../../../src/http/api/rest.js';

describe('REST 500', () => {
  it('answers {success:false, error, message} without leaking the cause', async () => {
    const logged: unknown[] = [];
    const boom = post(
      { path: '/boom', summary: 'Fails', description: 'Always throws.' },
      {
        input: z.object({ text: z.string() }),
        output: z.never(),
        run: () => {
          throw new Error('secret detail');
        },
      },
    );
    const rest = createRestHandler(new Map([['test.boom', boom]]), (error) => logged.push(error));
    const endpoint = rest.resolve('POST', '/boom') as RestEndpoint;
    const res = await rest.handle(
      new Request('http://localhost/api/v1/boom', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"text":"a"}',
      }),
      endpoint,
      {},
    );
    expect(res.status).toBe(500);
    const body = JSON.parse(res.body);
    expect(body).toEqual({ success: false, error: 'Internal Server Error', message: expect.any(String) });
    expect(JSON.stringify(body)).not.toContain('secret');
    expect(logged).toHaveLength(1);
    expect(String(logged[0])).toContain('secret detail');
  });
});
