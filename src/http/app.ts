// createApp(): the Elysia host for REST (/api/v1), tRPC (/trpc), the OpenAPI document and the docs page.
import { cors } from '@elysiajs/cors';
import { Elysia, type ElysiaConfig } from 'elysia';
import { RateLimitError } from '../../routers/errors.js';
import { appRouter } from '../../routers/index.js';
import type { Context, HealthReport } from '../../routers/trpc.js';
import type { ComputeService } from '../compute/compute.js';
import { clientIp } from './client-ip.js';
import { DEFAULT_CONFIG, type ServiceConfig } from './config.js';
import { DOCS_SCRIPT_PATH, renderDocsPage } from './docs-page.js';
import { errorResponse, json, Reply, writeReply } from './errors.js';
import { API_PREFIX, buildOpenApiDocument } from './openapi.js';
import { type RateDecision, RateLimiter, rateLimitHeaders } from './rate-limit.js';
import { createLimiter } from './redis-store.js';
import { createRestHandler, pathnameOf } from './rest.js';
import { docsScript, playgroundAsset, playgroundIndex } from './static.js';
import { createTrpcHandler, TRPC_PREFIX, trpcCalls, trpcErrorResponse } from './trpc-mount.js';

export interface AppOptions {
  config?: Partial<ServiceConfig>;
  /** Supply one to share a store (e.g. Redis) or to inspect it in tests. */
  limiter?: RateLimiter;
  /** The Elysia adapter: @elysiajs/node's under Node, Bun's own by default. */
  adapter?: ElysiaConfig<''>['adapter'];
  log?: (event: string, detail: Record<string, unknown>) => void;
  /** Where the solvers run (main passes a worker pool); inline when absent. */
  compute?: ComputeService;
}

/** REST paths and tRPC procedures that are never rate-limited. */
const UNLIMITED_REST = new Set(['/health', '/alphabets', '/languages']);
const UNLIMITED_TRPC = new Set(['meta.health', 'meta.alphabets', 'meta.languages']);

const defaultLog = (event: string, detail: Record<string, unknown>) =>
  console.error(JSON.stringify({ time: new Date().toISOString(), event, ...detail }));

export function createApp(options: AppOptions = {}) {
  const config: ServiceConfig = { ...DEFAULT_CONFIG, ...options.config };
  const log = options.log ?? defaultLog;
  const limiter = options.limiter ?? createLimiter(config, log);
  const started = Date.now();

  const health = (): HealthReport => ({
    status: limiter.healthy() ? 'ok' : 'degraded',
    version: config.version,
    uptime_s: Math.floor((Date.now() - started) / 1000),
    rate_limit_store: limiter.store.kind,
  });
  const ctx: Context = { health, compute: options.compute };

  const rest = createRestHandler(appRouter, (error, path) =>
    log('internal_error', { path, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
  const trpc = createTrpcHandler(appRouter);

  let openApi: ReturnType<typeof buildOpenApiDocument> | undefined;
  let docsHtml: string | undefined;
  const openApiDocument = () => {
    openApi ??= buildOpenApiDocument(appRouter, config.version);
    return openApi;
  };

  const docsUrl = (request: Request) => `${config.publicUrl ?? new URL(request.url).origin}${API_PREFIX}/docs`;
  const limitMessage = `Rate limit exceeded. You can make up to ${limiter.describe()}.`;

  /** Counts `cost` requests for the client; a store failure serves the request unlimited. */
  const storeError = (error: unknown): null => {
    log('rate_limit_store_error', { error: String(error) });
    return null;
  };
  /** Synchronous with the memory store; a promise with a shared one. */
  const decide = (
    request: Request,
    server: unknown,
    cost: number,
  ): Promise<RateDecision | null> | RateDecision | null => {
    const ip = clientIp(request, server, config.trustProxy);
    try {
      const decision = cost > 0 ? limiter.take(ip, cost) : limiter.peek(ip);
      return RateLimiter.isThenable(decision) ? Promise.resolve(decision).catch(storeError) : decision;
    } catch (error) {
      return storeError(error);
    }
  };

  const withHeaders = (response: Response, decision: RateDecision | null): Response => {
    if (decision) for (const [k, v] of Object.entries(rateLimitHeaders(decision))) response.headers.set(k, v);
    return response;
  };

  return (
    new Elysia({ adapter: options.adapter })
      .use(cors({ exposeHeaders: ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'Retry-After'] }))
      .onError(({ code, error, request }) => {
        if (code === 'NOT_FOUND')
          return errorResponse(404, `No endpoint at ${request.method} ${new URL(request.url).pathname}.`);
        if (code === 'PARSE') return errorResponse(400, 'The request body could not be parsed.');
        log('internal_error', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
        return errorResponse(500, 'The server could not complete the request.');
      })
      .get(`${API_PREFIX}/openapi.json`, () => json(openApiDocument()))
      .get(`${API_PREFIX}/docs`, () => {
        docsHtml ??= renderDocsPage(openApiDocument());
        return new Response(docsHtml, { headers: { 'content-type': 'text/html; charset=utf-8' } });
      })
      // Pages for people: every asset local (the machines have no internet), never rate-limited.
      .get(DOCS_SCRIPT_PATH, ({ request }) => docsScript(request))
      .get('/', ({ request }) => playgroundIndex(request))
      .get('/assets/*', ({ request }) => playgroundAsset(request))
      .all(
        `${API_PREFIX}/*`,
        async ({ request, server, set }) => {
          const path = pathnameOf(request.url).slice(API_PREFIX.length).replace(/\/+$/, '') || '/';
          const unlimited = request.method === 'GET' && UNLIMITED_REST.has(path);
          const decided = decide(request, server, unlimited ? 0 : 1);
          const decision = RateLimiter.isThenable(decided) ? await decided : decided;
          if (decision && !decision.allowed) {
            return json(
              {
                error: 'Too Many Requests',
                message: limitMessage,
                retry_after: decision.retryAfterS,
                documentation: docsUrl(request),
              },
              429,
              rateLimitHeaders(decision),
            );
          }
          return writeReply(
            set,
            await rest.handle(request, path, ctx),
            decision ? rateLimitHeaders(decision) : undefined,
          );
        },
        { parse: 'none' },
      )
      .all(
        `${TRPC_PREFIX}/*`,
        async ({ request, server, set }) => {
          const calls = trpcCalls(pathnameOf(request.url));
          const cost = calls.filter((c) => !UNLIMITED_TRPC.has(c)).length;
          const decided = decide(request, server, cost);
          const decision = RateLimiter.isThenable(decided) ? await decided : decided;
          if (decision && !decision.allowed) {
            const cause = new RateLimitError(limitMessage, decision.retryAfterS);
            return trpcErrorResponse(
              appRouter,
              request,
              'TOO_MANY_REQUESTS',
              limitMessage,
              cause,
              rateLimitHeaders(decision),
            );
          }
          const answer = await trpc(request, ctx);
          if (answer instanceof Reply)
            return writeReply(set, answer, decision ? rateLimitHeaders(decision) : undefined);
          const response = answer;
          // Some of tRPC's own early errors (e.g. an unsupported content type) carry a JSON body labelled text/plain.
          if (!response.headers.get('content-type')?.includes('json')) {
            response.headers.set('content-type', 'application/json');
          }
          return withHeaders(response, decision);
        },
        { parse: 'none' },
      )
  );
}

export type App = ReturnType<typeof createApp>;
