// Prometheus metrics (prom-client): requests by route and status, rate-limit refusals and store, the solver pool, the
// process; served at /metrics on a listener of their own (METRICS_PORT), never on the public port.
import { createServer, type Server } from 'node:http';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../compute/pool.js';
import type { Log } from '../log.js';
import type { RequestMetrics, Surface } from './observe.js';
import type { RateLimiter } from './rate-limit/limiter.js';

export const METRICS_PATH = '/metrics';

/** Seconds: a cipher call takes well under a millisecond, a solve up to the compute budget (10 s by default). */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What the metrics read when scraped: the limiter, and the pool's stats when solvers run on workers. */
export interface MetricSources {
  limiter: RateLimiter;
  pool?: { stats(): PoolStats };
}

export interface ServiceMetrics extends RequestMetrics {
  readonly registry: Registry;
}

/** A gauge read at each scrape. */
function sampled(registry: Registry, name: string, help: string, read: () => number): void {
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });
}

/** A counter kept by its source (a running total), read at each scrape. */
function counted(registry: Registry, name: string, help: string, read: () => number): void {
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

/** The sources' state, read at each scrape: the rate-limit store and, with workers, the solver pool. */
function sourceMetrics(registry: Registry, { limiter, pool }: MetricSources): void {
  new Gauge({
    name: 'cipher_rate_limit_store_info',
    help: 'The rate-limit store in use (label store: memory or redis); always 1.',
    labelNames: ['store'],
    registers: [registry],
    collect() {
      this.reset();
      this.set({ store: limiter.store.kind }, 1);
    },
  });
  sampled(
    registry,
    'cipher_rate_limit_store_degraded',
    '1 while the shared store fails and each instance limits alone.',
    () => (limiter.healthy() ? 0 : 1),
  );
  if (!pool) return;
  const stat =
    <K extends keyof PoolStats>(key: K) =>
    () =>
      pool.stats()[key];
  sampled(registry, 'cipher_compute_workers', 'Solver worker threads.', stat('workers'));
  sampled(registry, 'cipher_compute_queued', 'Solver tasks waiting for a worker.', stat('queued'));
  sampled(registry, 'cipher_compute_running', 'Solver tasks on a worker.', stat('running'));
  counted(registry, 'cipher_compute_timeouts_total', 'Solver tasks abandoned over their budget.', stat('timeouts'));
  counted(registry, 'cipher_compute_refused_total', 'Solver tasks refused, the queue being full.', stat('refused'));
  counted(registry, 'cipher_compute_work_seconds_total', 'Worker time spent on solver tasks.', stat('workSeconds'));
}

/** The service's metrics in a registry of their own, with prom-client's default process metrics (Node and Bun). */
export function createMetrics(sources: MetricSources): ServiceMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'cipher_http_request_duration_seconds',
    help: 'Time to make each answer, by surface, route (the operation or page, never the URL) and status.',
    labelNames: ['surface', 'route', 'status'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const refused = new Counter({
    name: 'cipher_rate_limit_refused_total',
    help: 'Requests refused by the rate limit (429), by surface.',
    labelNames: ['surface'],
    registers: [registry],
  });
  sourceMetrics(registry, sources);
  // Each label set's child made once, found by surface, route and status without building a key string (building
  // and hashing `${surface} ${route} ${status}` cost 0.5 µs a request on Node; these lookups 30 ns).
  type Child = ReturnType<typeof duration.labels>;
  const children: Record<Surface, Map<string, Map<number, Child>>> = {
    rest: new Map(),
    trpc: new Map(),
    page: new Map(),
    other: new Map(),
  };
  return {
    registry,
    request(surface: Surface, route: string, status: number, seconds: number) {
      const routes = children[surface];
      let statuses = routes.get(route);
      if (!statuses) {
        statuses = new Map();
        routes.set(route, statuses);
      }
      let child = statuses.get(status);
      if (!child) {
        child = duration.labels(surface, route, String(status));
        statuses.set(status, child);
      }
      child.observe(seconds);
    },
    refused: (surface) => refused.inc({ surface }),
  };
}

/**
 * The metrics listener: GET /metrics in Prometheus's text format, anything else a JSON 404. Node's http module, on
 * Node and on Bun alike; resolves once it listens.
 */
export function serveMetrics(metrics: ServiceMetrics, port: number, host: string, log: Log): Promise<Server> {
  const server = createServer((req, res) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && req.url?.split('?')[0] === METRICS_PATH) {
      metrics.registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
        (error: unknown) => {
          log('metrics_error', { error: String(error) });
          res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"metrics unavailable"}');
        },
      );
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end(`{"error":"Only GET ${METRICS_PATH} is served."}`);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
