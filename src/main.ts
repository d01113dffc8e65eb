// Entry point: reads the environment, builds the app and listens, on Node (through @elysiajs/node) or on Bun.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { type ComputeService, inlineCompute } from './compute/compute.js';
import { WorkerPool } from './compute/pool.js';
import { createApp } from './http/app.js';
import { configFromEnv, type ServiceConfig } from './http/config.js';
import { createMetrics, METRICS_PATH, type ServiceMetrics, serveMetrics } from './http/metrics.js';
import { hardenNodeServer, nodeServerOptions } from './http/node-server.js';
import { createLimiter } from './http/rate-limit/create-limiter.js';
import type { RateLimiter } from './http/rate-limit/limiter.js';
import { RedisStore } from './http/rate-limit/redis-store.js';
import { createLogger, type Log, type Logger } from './log.js';
import { isBun } from './runtime.js';

/** What the listen callback hands back: Bun's server, or @elysiajs/node's wrapper around srvx. */
interface ListeningServer {
  port?: number;
  stop(closeActiveConnections?: boolean): unknown;
  /** srvx's server (its public `node` field: Node's http.Server and srvx's request listener). */
  raw?: { node?: { server?: Server; handler?: (req: IncomingMessage, res: ServerResponse) => unknown } };
}

/** The metrics and their listener, when METRICS_PORT is set. */
async function startMetrics(
  config: ServiceConfig,
  limiter: RateLimiter,
  compute: ComputeService,
  log: Log,
): Promise<{ metrics: ServiceMetrics; server: Server } | undefined> {
  if (config.metricsPort === undefined) return undefined;
  const metrics = createMetrics({ limiter, pool: compute instanceof WorkerPool ? compute : undefined });
  const server = await serveMetrics(metrics, config.metricsPort, config.metricsHost, log);
  const { port } = server.address() as { port: number };
  const host = config.metricsHost.includes(':') ? `[${config.metricsHost}]` : config.metricsHost;
  log('metrics_listening', { url: `http://${host}:${port}${METRICS_PATH}` });
  return { metrics, server };
}

/**
 * On SIGTERM or SIGINT: health says shutting_down at once (503 over REST); the service goes on taking requests for
 * SHUTDOWN_DELAY_MS, so that a load balancer's check sees it; then it stops accepting and waits for the requests in
 * flight, up to SHUTDOWN_GRACE_MS, closes its stores and pool, and exits.
 */
function onSignals(
  config: ServiceConfig,
  { log, flush }: Logger,
  server: () => ListeningServer | undefined,
  drain: () => void,
  close: () => Promise<unknown>,
): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    drain();
    log('shutdown', { signal, delay_ms: config.shutdownDelayMs, grace_ms: config.shutdownGraceMs });
    if (config.shutdownDelayMs > 0) await new Promise((r) => setTimeout(r, config.shutdownDelayMs));
    const listening = server();
    // A request still running after the grace period loses its connection rather than holding the exit.
    const grace = setTimeout(() => {
      log('shutdown_grace_expired', { grace_ms: config.shutdownGraceMs });
      listening?.raw?.node?.server?.closeAllConnections();
      void Promise.resolve(listening?.stop(true)).catch(() => {});
    }, config.shutdownGraceMs);
    grace.unref();
    // Node keeps a keep-alive connection open after its last answer until the idle timeout: close them as they idle.
    const node = listening?.raw?.node?.server;
    const idle = setInterval(() => node?.closeIdleConnections(), 50);
    try {
      // Stops accepting at once and resolves when the requests in flight have been answered.
      await listening?.stop(false);
    } catch (error) {
      log('shutdown_error', { error: String(error) });
    }
    clearTimeout(grace);
    clearInterval(idle);
    await close();
    log('stopped', { signal });
    await flush();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

async function main(): Promise<void> {
  const config = configFromEnv();
  const logger = createLogger(config.logLevel);
  const { log } = logger;
  const adapter = isBun ? undefined : (await import('@elysiajs/node')).node();
  const limiter = createLimiter(config, log);
  const compute =
    config.computeWorkers === 0
      ? inlineCompute
      : new WorkerPool({ size: config.computeWorkers, timeoutMs: config.computeTimeoutMs, log });
  // Listening before Redis answers would count the first requests in the fallback and log a false outage.
  if (limiter.store instanceof RedisStore) {
    await limiter.store
      .ready(3000)
      .catch(() => log('redis_unavailable_at_start', { fallback: 'memory, per instance' }));
  }
  const observed = await startMetrics(config, limiter, compute, log);
  let draining = false;
  const app = createApp({
    config,
    adapter,
    limiter,
    compute,
    logger,
    metrics: observed?.metrics,
    draining: () => draining,
  });
  let server: ListeningServer | undefined;
  // On Node these reach srvx: no signal handler of its own (ours below waits for the requests in flight; srvx's
  // would close the listener first, so that ours found it closed and stopped at once), and Node's server options.
  // Bun.serve takes the idle timeout in seconds; it bounds header and body time itself (docs/robustness.md).
  const runtimeOptions = isBun
    ? { idleTimeout: Math.ceil(config.idleTimeoutMs / 1000) }
    : { gracefulShutdown: false, node: nodeServerOptions(config) };
  app.listen({ port: config.port, hostname: config.host, reusePort: false, ...runtimeOptions }, (s) => {
    server = s as unknown as ListeningServer;
    const node = server.raw?.node;
    const budget = node?.server && node.handler ? hardenNodeServer(node.server, node.handler, config) : undefined;
    log('listening', {
      url: `http://${config.host}:${s?.port ?? config.port}`,
      runtime: isBun ? 'bun' : 'node',
      rate_limit: `${config.rateLimit}/${config.rateLimitWindowS}s`,
      rate_limit_store: limiter.store.kind,
      workers: compute instanceof WorkerPool ? compute.size : 0,
      max_connections: budget?.max ?? null,
      log_level: config.logLevel,
    });
  });
  onSignals(
    config,
    logger,
    () => server,
    () => {
      draining = true;
    },
    () =>
      Promise.allSettled([
        limiter.close(),
        compute.close(),
        new Promise((r) => {
          if (!observed) return r(undefined);
          // A scraper's keep-alive connection would hold close() open.
          observed.server.close(r);
          observed.server.closeAllConnections?.();
        }),
      ]),
  );
}

main().catch((error) => {
  // Before the logger exists (a bad setting): the message alone, on stderr.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
