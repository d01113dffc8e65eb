// Entry point: reads the environment, builds the app and listens, on Node (through @elysiajs/node) or on Bun.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { inlineCompute } from './compute/compute.js';
import { WorkerPool } from './compute/pool.js';
import { createApp } from './http/app.js';
import { configFromEnv } from './http/config.js';
import { hardenNodeServer, nodeServerOptions } from './http/node-server.js';
import { createLimiter } from './http/rate-limit/create-limiter.js';
import { RedisStore } from './http/rate-limit/redis-store.js';
import { jsonLog as log } from './log.js';
import { isBun } from './runtime.js';

/** What the listen callback hands back: Bun's server, or @elysiajs/node's wrapper around srvx. */
interface ListeningServer {
  port?: number;
  stop(closeActiveConnections?: boolean): unknown;
  /** srvx's server (its public `node` field: Node's http.Server and srvx's request listener). */
  raw?: { node?: { server?: Server; handler?: (req: IncomingMessage, res: ServerResponse) => unknown } };
}

async function main(): Promise<void> {
  const config = configFromEnv();
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
  const app = createApp({ config, adapter, limiter, compute, log });
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
    console.log(
      JSON.stringify({
        event: 'listening',
        url: `http://${config.host}:${s?.port ?? config.port}`,
        runtime: isBun ? 'bun' : 'node',
        rate_limit: `${config.rateLimit}/${config.rateLimitWindowS}s`,
        rate_limit_store: limiter.store.kind,
        workers: compute instanceof WorkerPool ? compute.size : 0,
        max_connections: budget?.max ?? null,
      }),
    );
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log('shutdown', { signal });
    // A request still running after the grace period loses its connection rather than holding the exit.
    const grace = setTimeout(() => {
      log('shutdown_grace_expired', { grace_ms: config.shutdownGraceMs });
      server?.raw?.node?.server?.closeAllConnections();
      void Promise.resolve(server?.stop(true)).catch(() => {});
    }, config.shutdownGraceMs);
    grace.unref();
    // Node keeps a keep-alive connection open after its last answer until the idle timeout: close them as they idle.
    const node = server?.raw?.node?.server;
    const idle = setInterval(() => node?.closeIdleConnections(), 50);
    try {
      // Stops accepting at once and resolves when the requests in flight have been answered.
      await server?.stop(false);
    } catch (error) {
      log('shutdown_error', { error: String(error) });
    }
    clearTimeout(grace);
    clearInterval(idle);
    await Promise.allSettled([limiter.close(), compute.close()]);
    log('stopped', { signal });
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
