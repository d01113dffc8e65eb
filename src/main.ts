// Entry point: reads the environment, builds the app and listens, on Node (through @elysiajs/node) or on Bun.
import type { Duplex } from 'node:stream';
import { inlineCompute } from './compute/compute.js';
import { WorkerPool } from './compute/pool.js';
import { createApp } from './http/app.js';
import { configFromEnv } from './http/config.js';
import { ERROR_LABEL } from './http/errors.js';
import { createLimiter, RedisStore } from './http/redis-store.js';

const isBun = typeof (globalThis as { Bun?: unknown }).Bun !== 'undefined';

const log = (event: string, detail: Record<string, unknown> = {}) =>
  console.error(JSON.stringify({ time: new Date().toISOString(), event, ...detail }));

/** What the listen callback hands back: Bun's server, or @elysiajs/node's wrapper around srvx. */
interface ListeningServer {
  port?: number;
  stop(closeActiveConnections?: boolean): unknown;
  raw?: { node?: { server?: NodeServer } };
}

interface NodeServer {
  closeAllConnections?: () => void;
  closeIdleConnections?: () => void;
  on?: (event: 'clientError', listener: (error: Error & { code?: string }, socket: Duplex) => void) => void;
}

/**
 * Node's HTTP parser refuses some requests before the app sees them (a URL or headers over 16 KiB, malformed
 * HTTP) with an empty body; answer those in the contract's JSON shape too.
 */
function answerClientErrors(server: NodeServer | undefined): void {
  server?.on?.('clientError', (error, socket) => {
    if (!socket.writable || (error as { code?: string }).code === 'ECONNRESET') return socket.destroy();
    const [status, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request line or headers are larger than 16 KiB.']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'The request took too long to arrive.']
          : [400, 'The request is not valid HTTP.'];
    const label = ERROR_LABEL[status] ?? 'Request Header Fields Too Large';
    const body = JSON.stringify({ success: false, error: label, message });
    socket.end(
      `HTTP/1.1 ${status} ${label}\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
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
  app.listen({ port: config.port, hostname: config.host, reusePort: false }, (s) => {
    server = s as unknown as ListeningServer;
    answerClientErrors(server.raw?.node?.server);
    console.log(
      JSON.stringify({
        event: 'listening',
        url: `http://${config.host}:${s?.port ?? config.port}`,
        runtime: isBun ? 'bun' : 'node',
        rate_limit: `${config.rateLimit}/${config.rateLimitWindowS}s`,
        rate_limit_store: limiter.store.kind,
        workers: compute instanceof WorkerPool ? compute.size : 0,
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
      server?.raw?.node?.server?.closeAllConnections?.();
      void Promise.resolve(server?.stop(true)).catch(() => {});
    }, config.shutdownGraceMs);
    grace.unref();
    // Node keeps a keep-alive connection open after its last answer until the idle timeout: close them as they idle.
    const node = server?.raw?.node?.server;
    const idle = setInterval(() => node?.closeIdleConnections?.(), 50);
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
