// Prometheus metrics (issue 31, item 1): request durations by route (the operation, never the URL) and status, rate
// limit refusals, the rate-limit store, the solver pool and the process, on a listener of their own (METRICS_PORT),
// never on the public port; on Node and on Bun.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type Runtime, type ServiceProcess, startService } from '../../scripts/lib/service-process.js';
import { WorkerPool } from '../../src/compute/pool.js';
import { createApp } from '../../src/http/app.js';
import { createMetrics, type ServiceMetrics } from '../../src/http/metrics.js';
import { createLimiter } from '../../src/http/rate-limit/create-limiter.js';
import { REQUEST_COUNT as COUNT, samples } from '../support/prometheus.js';

const J = { 'content-type': 'application/json' };

describe('the metrics, in-process', () => {
  let pool: WorkerPool;
  let metrics: ServiceMetrics;
  let send: (path: string, init?: RequestInit) => Promise<Response>;

  beforeAll(async () => {
    pool = new WorkerPool({ size: 1, inlineCost: 0, inlineLanguages: [] });
    await pool.ready();
    const config = { rateLimit: 4, rateLimitWindowS: 60, redisUrl: undefined };
    const limiter = createLimiter(config, () => {});
    metrics = createMetrics({ limiter, pool });
    const app = createApp({ config, limiter, compute: pool, metrics, log: () => {} });
    send = (path, init) => app.handle(new Request(`http://localhost${path}`, init));
  }, 60_000);
  afterAll(() => pool.close());

  it('count each request by surface, route and status, the route never being the URL', async () => {
    const encrypt = { method: 'POST', headers: J, body: '{"text":"abc","shift":1}' };
    expect((await send('/api/v1/caesar/encrypt', encrypt)).status).toBe(200);
    expect((await send('/api/v1/caesar/solve', { ...encrypt, body: '{"text":"Wkh txlfn eurzq ira"}' })).status).toBe(
      200,
    );
    expect((await send('/trpc/caesar.encrypt', { ...encrypt, body: '{"json":{"text":"a","shift":99}}' })).status).toBe(
      400,
    );
    expect((await send('/api/v1/private/path-123')).status).toBe(404);
    expect((await send('/api/v1/caesar/encrypt', encrypt)).status).toBe(429);
    const text = await metrics.registry.metrics();
    const s = samples(text);
    expect(s.get(`${COUNT}{surface="rest",route="caesar.encrypt",status="200"}`)).toBe(1);
    expect(s.get(`${COUNT}{surface="rest",route="caesar.solve",status="200"}`)).toBe(1);
    expect(s.get(`${COUNT}{surface="trpc",route="caesar.encrypt",status="400"}`)).toBe(1);
    expect(s.get(`${COUNT}{surface="rest",route="unknown",status="404"}`)).toBe(1);
    expect(s.get(`${COUNT}{surface="rest",route="caesar.encrypt",status="429"}`)).toBe(1);
    expect(s.get('cipher_rate_limit_refused_total{surface="rest"}')).toBe(1);
    expect(text).not.toContain('private');
    expect(text).not.toContain('path-123');
  });

  it('show the rate-limit store and the solver pool', async () => {
    const s = samples(await metrics.registry.metrics());
    expect(s.get('cipher_rate_limit_store_info{store="memory"}')).toBe(1);
    expect(s.get('cipher_rate_limit_store_degraded')).toBe(0);
    expect(s.get('cipher_compute_workers')).toBe(1);
    expect(s.get('cipher_compute_queued')).toBe(0);
    expect(s.get('cipher_compute_running')).toBe(0);
    expect(s.get('cipher_compute_timeouts_total')).toBe(0);
    expect(s.get('cipher_compute_refused_total')).toBe(0);
    // The solve above ran on the worker (inlineCost 0), so some worker time was spent.
    expect(s.get('cipher_compute_work_seconds_total')).toBeGreaterThan(0);
  });

  it('include the process’s own (prom-client’s defaults)', async () => {
    const s = samples(await metrics.registry.metrics());
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes']) {
      expect(s.has(name), name).toBe(true);
    }
  });
});

describe.each(['node', 'bun'] as Runtime[])('a service on %s with METRICS_PORT, as npm start runs it', (runtime) => {
  let service: ServiceProcess;
  let metricsUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    metricsUrl = `http://127.0.0.1:${port}`;
    service = await startService({ runtime, env: { METRICS_PORT: String(port), COMPUTE_WORKERS: '1' } });
  }, 60_000);
  afterAll(() => service?.stop());

  it('serves them on the metrics port, with its requests, pool and process', async () => {
    const call = await fetch(`${service.url}/api/v1/rot13/transform`, {
      method: 'POST',
      headers: J,
      body: '{"text":"a"}',
    });
    expect(call.status).toBe(200);
    const res = await fetch(`${metricsUrl}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const s = samples(await res.text());
    expect(s.get(`${COUNT}{surface="rest",route="rot13.transform",status="200"}`)).toBe(1);
    // startService polled health until it answered.
    expect(s.get(`${COUNT}{surface="rest",route="meta.health",status="200"}`)).toBeGreaterThanOrEqual(1);
    expect(s.get('cipher_compute_workers')).toBe(1);
    expect(s.has('process_cpu_seconds_total')).toBe(true);
    // Its start line names the address (the log writes at most 250 ms after the line is told: wait for it).
    const line = `"event":"metrics_listening","url":"${metricsUrl}/metrics"`;
    for (let i = 0; i < 500 && !service.output.join('').includes(line); i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(service.output.join('')).toContain(line);
  });

  it('never on the public port, and nothing else on the metrics port', async () => {
    expect((await fetch(`${service.url}/metrics`)).status).toBe(404);
    const other = await fetch(`${metricsUrl}/api/v1/health`);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: 'Only GET /metrics is served.' });
  });
});

describe('without METRICS_PORT', () => {
  it('nothing listens for them', async () => {
    const service = await startService({ env: { COMPUTE_WORKERS: '0' } });
    try {
      expect(service.output.join('')).not.toContain('metrics_listening');
      expect((await fetch(`${service.url}/metrics`)).status).toBe(404);
    } finally {
      await service.stop();
    }
  }, 60_000);
});
