// The solver pool learns who asked: REST and tRPC pass the rate limit's client key with every task (issue 14, item 7).
import { describe, expect, it } from 'vitest';
import { type ComputeService, inlineCompute } from '../../src/compute/compute.js';
import { createApp } from '../../src/http/app.js';

/** Runs tasks inline and notes which client each was queued for. */
function recording(): ComputeService & { clients: (string | undefined)[] } {
  const clients: (string | undefined)[] = [];
  return {
    clients,
    run: (kind, args, options) => {
      clients.push(options?.client);
      return inlineCompute.run(kind, args);
    },
    close: async () => {},
  };
}

const CIPHER = 'Wkh txlfn eurzq ira mxpsv ryhu wkh odcb grj';

describe('tasks carry their client', () => {
  it.each([
    ['REST', '/api/v1/caesar/solve', { text: CIPHER }],
    ['tRPC', '/trpc/caesar.solve', { json: { text: CIPHER } }],
    [
      'tRPC batch',
      '/trpc/caesar.solve,caesar.solve?batch=1',
      { 0: { json: { text: CIPHER } }, 1: { json: { text: CIPHER } } },
    ],
  ])('%s', async (_, path, body) => {
    const compute = recording();
    const app = createApp({ config: { trustProxy: true, rateLimit: 100 }, compute, log: () => {} });
    const res = await app.handle(
      new Request(`http://localhost${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '2001:db8:5:6::7' },
        body: JSON.stringify(body),
      }),
    );
    expect(res.status).toBe(200);
    expect(compute.clients.length).toBeGreaterThan(0);
    expect(new Set(compute.clients)).toEqual(new Set(['2001:db8:5:6::/64']));
  });
});
