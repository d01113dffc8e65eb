// createApp(): the Elysia host for REST (/api/v1), tRPC (/trpc), the OpenAPI document and the docs page.
import { Elysia, type ElysiaConfig } from 'elysia';
import type { HealthReport } from '../../routers/index.js';
import type { ComputeService } from '../compute/compute.js';
import { createLogger, errorText, everyEvent, type Log, type Logger } from '../log.js';
import { errorReply, INTERNAL_MESSAGE, noEndpoint, withRequestId } from './api/errors.js';
import type { Reply, ReplySink } from './api/reply.js';
import { mountRest } from './api/rest-routes.js';
import { mountTrpc } from './api/trpc-routes.js';
import { DEFAULT_CONFIG, type ServiceConfig } from './config.js';
import { cors, preflight } from './cors.js';
import { createHost, type Host } from './host.js';
import { createObserver, type Observer, observed, REQUEST_ID_HEADER, type RequestMetrics } from './observe.js';
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
  /** The logger (main's, at LOG_LEVEL); a bare `log` function instead gets every event, the access log's too. */
  logger?: Logger;
  log?: Log;
  /** Where the solvers run (main passes a worker pool); inline when absent. */
  compute?: ComputeService;
  /** The request metrics, when they are served (METRICS_PORT). */
  metrics?: RequestMetrics;
  /** True once the service is shutting down: health then answers shutting_down (503 over REST). */
  draining?: () => boolean;
}

/**
 * Errors Elysia met before or outside a route: unknown paths, unparsable bodies, and anything a route let escape. A
 * route's request already has its id (and its access-log line, observed()); one that reached no route gets both here.
 */
function onError(log: Log, observer: Observer) {
  return ({ code, error, request, set }: { code: unknown; error: unknown; request: Request; set: unknown }) => {
    const sink = set as ReplySink;
    cors(sink);
    const routed = sink.headers[REQUEST_ID_HEADER];
    const exchange = routed === undefined ? observer.begin(request, sink, 'other') : undefined;
    const id = String(routed ?? exchange?.id);
    let reply: Reply;
    if (code === 'NOT_FOUND') reply = noEndpoint(request.method, new URL(request.url).pathname);
    else if (code === 'PARSE') reply = errorReply(400, 'The request body could not be parsed.');
    else {
      log('internal_error', { request_id: id, error: errorText(error) });
      reply = errorReply(500, INTERNAL_MESSAGE);
    }
    reply = withRequestId(reply, id);
    if (exchange) observer.end(exchange, request.method, reply.status, reply.body.length);
    return reply.toResponse();
  };
}

export function createApp(options: AppOptions = {}) {
  const config: ServiceConfig = { ...DEFAULT_CONFIG, ...options.config };
  const logger: Logger = options.logger ?? (options.log ? everyEvent(options.log) : createLogger('warn'));
  const log = logger.log;
  const limiter = options.limiter ?? createLimiter(config, log);
  const observer = createObserver(logger, options.metrics, config.logKeySecret);
  const draining = options.draining ?? (() => false);
  const started = Date.now();
  const health = (): HealthReport => ({
    status: draining() ? 'shutting_down' : limiter.healthy() ? 'ok' : 'degraded',
    version: config.version,
    uptime_s: Math.floor((Date.now() - started) / 1000),
    rate_limit_store: limiter.store.kind,
  });
  const host: Host = createHost(
    { config, log, observer, ctx: { health, compute: options.compute }, allowance: apiAllowance(limiter, log) },
    () => app.server,
    (options.adapter as { name?: string } | undefined)?.name,
  );

  // Elysia's default (standardHostname) looks for the path from the 11th character of the URL, which assumes a
  // host of at least 4 characters: with `Host: api` it finds it inside the query, or not at all (404 everywhere).
  const app = new Elysia({ adapter: options.adapter, handler: { standardHostname: false } });
  app.onError(onError(log, observer));
  // Preflights, on every path, before any route or limit (as @elysiajs/cors answered them).
  const preflighted = observed(observer, 'other', (request, _set, exchange) => {
    exchange.route = 'preflight';
    return preflight(request);
  });
  app.options('/', preflighted);
  app.options('/*', preflighted);
  // A request's path through the app: pages (their own allowance), then the API surfaces (the API allowance).
  mountPages(app, host);
  mountRest(app, host);
  mountTrpc(app, host);
  return app;
}
