// createApp(): the Elysia host for REST (/api/v1), tRPC (/trpc), the OpenAPI document and the docs page.
import { Elysia, type ElysiaConfig } from 'elysia';
import type { HealthReport } from '../../routers/index.js';
import type { ComputeService } from '../compute/compute.js';
import { errorText, jsonLog, type Log } from '../log.js';
import { errorResponse, INTERNAL_MESSAGE, noEndpoint } from './api/errors.js';
import type { ReplySink } from './api/reply.js';
import { mountRest } from './api/rest-routes.js';
import { mountTrpc } from './api/trpc-routes.js';
import { DEFAULT_CONFIG, type ServiceConfig } from './config.js';
import { cors, preflight } from './cors.js';
import { createHost, type Host } from './host.js';
import { mountPages } from './pages/routes.js';
import { apiAllowance } from './rate-limit/allowance.js';
import { createLimiter } from './rate-limit/create-limiter.js';
import type { RateLimiter } from './rate-limit/limiter.js';

export interface AppOptions {
  config?: Partial<ServiceConfig>;
  /** Supply one to share a store (e.g. Redis) or to inspect it in tests. */
  limiter?: RateLimiter;
  /** The Elysia adapter: @elysiajs/node's under Node, Bun's own by default. */
  adapter?: ElysiaConfig<''>['adapter'];
  log?: Log;
  /** Where the solvers run (main passes a worker pool); inline when absent. */
  compute?: ComputeService;
}

/** Errors Elysia met before or outside a route: unknown paths, unparsable bodies, and anything a route let escape. */
function onError(log: Log) {
  return ({ code, error, request, set }: { code: unknown; error: unknown; request: Request; set: unknown }) => {
    cors(set as ReplySink);
    if (code === 'NOT_FOUND') return noEndpoint(request.method, new URL(request.url).pathname).toResponse();
    if (code === 'PARSE') return errorResponse(400, 'The request body could not be parsed.');
    log('internal_error', { error: errorText(error) });
    return errorResponse(500, INTERNAL_MESSAGE);
  };
}

export function createApp(options: AppOptions = {}) {
  const config: ServiceConfig = { ...DEFAULT_CONFIG, ...options.config };
  const log = options.log ?? jsonLog;
  const limiter = options.limiter ?? createLimiter(config, log);
  const started = Date.now();
  const health = (): HealthReport => ({
    status: limiter.healthy() ? 'ok' : 'degraded',
    version: config.version,
    uptime_s: Math.floor((Date.now() - started) / 1000),
    rate_limit_store: limiter.store.kind,
  });
  const host: Host = createHost(
    { config, log, ctx: { health, compute: options.compute }, allowance: apiAllowance(limiter, log) },
    () => app.server,
    (options.adapter as { name?: string } | undefined)?.name,
  );

  // Elysia's default (standardHostname) looks for the path from the 11th character of the URL, which assumes a
  // host of at least 4 characters: with `Host: api` it finds it inside the query, or not at all (404 everywhere).
  const app = new Elysia({ adapter: options.adapter, handler: { standardHostname: false } });
  app.onError(onError(log));
  // Preflights, on every path, before any route or limit (as @elysiajs/cors answered them).
  app.options('/', ({ request }) => preflight(request));
  app.options('/*', ({ request }) => preflight(request));
  // A request's path through the app: pages (their own allowance), then the API surfaces (the API allowance).
  mountPages(app, host);
  mountRest(app, host);
  mountTrpc(app, host);
  return app;
}
