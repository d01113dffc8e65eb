// An operation's `solver` flag (which puts 503 in its OpenAPI entry) says what its run does: every flagged operation
// hands its example's work to the solvers' pool, and no other operation ever does.
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { appRouter, GROUPS, OPERATIONS } from '../../routers/index.js';
import { type ComputeService, ComputeUnavailableError } from '../../src/compute/compute.js';
import { callOperation } from '../../src/http/api/invoke.js';
import { buildOpenApiDocument } from '../../src/http/openapi.js';

/** A pool that is always busy, counting the tasks it was handed. */
function busyPool(): ComputeService & { handed: number } {
  return {
    handed: 0,
    run() {
      this.handed++;
      return Promise.reject(new ComputeUnavailableError('busy', 'busy'));
    },
    close: () => Promise.resolve(),
  };
}

const ctx = (compute: ComputeService) => ({
  compute,
  health: () => ({ status: 'ok' as const, version: 'test', uptime_s: 1, rate_limit_store: 'memory' as const }),
});

describe('the solver flag', () => {
  const posts = [...OPERATIONS].filter(([, op]) => op.rest.method === 'POST');

  it.each(posts.filter(([, op]) => !op.solver))('%s never hands work to the pool', async (_, op) => {
    const pool = busyPool();
    await callOperation(op, op.example?.request, ctx(pool));
    expect(pool.handed).toBe(0);
  });

  it.each(posts.filter(([, op]) => op.solver))(
    '%s hands its work to the pool, and a busy one is a 503',
    async (_, op) => {
      const pool = busyPool();
      const request = op.example?.request as Record<string, unknown>;
      // A bulk example encrypts; its solve is what runs on the pool.
      const asked = request.method === undefined ? request : { ...request, method: 'solve' };
      const error = await callOperation(op, asked, ctx(pool)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TRPCError);
      expect((error as TRPCError).code).toBe('SERVICE_UNAVAILABLE');
      expect(pool.handed).toBeGreaterThan(0);
    },
  );

  it('is what the OpenAPI document declares 503 for', () => {
    const doc = buildOpenApiDocument(GROUPS, appRouter, 'test', '60 requests per minute');
    for (const [, op] of posts) {
      const paths = doc.paths as Record<string, { post: { responses: object } }>;
      const responses = paths[op.rest.path]?.post.responses ?? {};
      expect('503' in responses, op.rest.path).toBe(op.solver === true);
    }
  });
});
