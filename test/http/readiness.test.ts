// Readiness (issue 31, item 5): once the service is shutting down, /api/v1/health answers 503 shutting_down, so that
// a load balancer stops sending before the process goes; with SHUTDOWN_DELAY_MS it goes on serving meanwhile.
import { describe, expect, it } from 'vitest';
import { type Runtime, type ServiceProcess, startService } from '../../scripts/lib/service-process.js';
import { createApp } from '../../src/http/app.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('health while draining, in-process', () => {
  let draining = false;
  const app = createApp({ config: { rateLimit: 1000 }, log: () => {}, draining: () => draining });
  const get = async (path: string) => {
    const res = await app.handle(new Request(`http://localhost${path}`));
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it.each([
    [false, 200, 'ok'],
    [true, 503, 'shutting_down'],
  ] as const)('draining %s: REST answers %i with status %s, and the rest of the report', async (now, status, said) => {
    draining = now;
    const r = await get('/api/v1/health');
    expect(r.status).toBe(status);
    expect(r.body).toEqual({
      status: said,
      version: expect.any(String),
      uptime_s: expect.any(Number),
      rate_limit_store: 'memory',
    });
  });

  it('tRPC reports shutting_down in its result (its status stays tRPC’s own: 200)', async () => {
    draining = true;
    const r = await get('/trpc/meta.health');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ result: { data: { json: { status: 'shutting_down' } } } });
  });

  it('the OpenAPI document declares the 503 with the health body', async () => {
    const doc = (await get('/api/v1/openapi.json')).body as {
      paths: Record<string, { get?: { responses: Record<string, { content?: unknown }> } }>;
    };
    const responses = doc.paths['/health']?.get?.responses ?? {};
    expect(responses['503']?.content).toEqual(responses['200']?.content);
  });
});

/** Resolves once the service has printed a line matching `pattern`. */
async function printed(service: ServiceProcess, pattern: RegExp): Promise<void> {
  for (let i = 0; i < 2000 && !pattern.test(service.output.join('')); i++) await sleep(10);
  expect(service.output.join('')).toMatch(pattern);
}

describe.each(['node', 'bun'] as Runtime[])('SIGTERM on %s, as npm start runs it', (runtime) => {
  it('health answers 503 shutting_down during SHUTDOWN_DELAY_MS while calls are still served; then it exits 0', async () => {
    // The delay only bounds how long the checks below have: they run in event order, well within it.
    const service = await startService({ runtime, env: { COMPUTE_WORKERS: '0', SHUTDOWN_DELAY_MS: '5000' } });
    const exited = new Promise<number | null>((resolve) => service.child.once('exit', resolve));
    expect((await fetch(`${service.url}/api/v1/health`)).status).toBe(200);
    service.child.kill('SIGTERM');
    await printed(service, /"event":"shutdown"/);
    const health = await fetch(`${service.url}/api/v1/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'shutting_down' });
    const call = await fetch(`${service.url}/api/v1/rot13/transform`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"text":"abc"}',
    });
    expect(call.status).toBe(200);
    expect(await exited).toBe(0);
    expect(service.output.join('')).toMatch(/"event":"stopped"/);
  }, 60_000);
});
