// createApp(): the Elysia host for REST (/api/v1), tRPC (/trpc), the OpenAPI document and the docs page.
import { Elysia, type ElysiaConfig } from 'elysia';
import { RateLimitError } from '../../routers/errors.js';
import { appRouter } from '../../routers/index.js';
import type { Context, HealthReport } from '../../routers/trpc.js';
import type { ComputeService } from '../compute/compute.js';
import { clientIp } from './client-ip.js';
import { DEFAULT_CONFIG, type ServiceConfig } from './config.js';
import { cors, preflight } from './cors.js';
import { DOCS_SCRIPT_PATH, docsPage } from './docs-page.js';
import { errorResponse, json, Reply, type ReplySink, writeReply } from './errors.js';
import { API_PREFIX, buildOpenApiDocument } from './openapi.js';
import { type RateDecision, RateLimiter, rateLimitHeaders } from './rate-limit.js';
import { createLimiter } from './redis-store.js';
import { createRestHandler, pathnameOf } from './rest.js';
import { docsScript, playgroundAsset, playgroundIndex } from './static.js';
import { createTrpcHandler, TRPC_PREFIX, trpcCalls, trpcErrorResponse, trpcProcedures } from './trpc-mount.js';

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
  let docsHtml: ReturnType<typeof docsPage> | undefined;
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

  type Set = ReplySink;

  // Bun's and the web-standard adapters send a string body with the content type on `set`; @elysiajs/node's labels
  // every string text/plain, so it is given bytes.
  const stringBodies = (options.adapter as { name?: string } | undefined)?.name !== '@elysiajs/node';
  const send = (set: Set, reply: Reply, decision: RateDecision | null) =>
    writeReply(set, reply, decision ? rateLimitHeaders(decision) : undefined, stringBodies);

  // The listening server (Bun's answers requestIP) is read from the app, not from the route's context: a handler
  // that names `server` makes Elysia define a getter on every request's context.

  /** A REST request for `path` (under /api/v1, no trailing slash): rate limit, then the route table's answer. */
  const restRequest = async (request: Request, set: Set, path: string) => {
    cors(set, request);
    const unlimited = request.method === 'GET' && UNLIMITED_REST.has(path);
    const decided = decide(request, app.server, unlimited ? 0 : 1);
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
    return send(set, await rest.handle(request, path, ctx), decision);
  };

  /** A tRPC request naming `calls` (one procedure, or several in a batch). */
  const trpcRequest = async (request: Request, set: Set, calls: readonly string[]) => {
    cors(set, request);
    let cost = 0;
    for (const c of calls) if (!UNLIMITED_TRPC.has(c)) cost++;
    const decided = decide(request, app.server, cost);
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
    if (answer instanceof Reply) return send(set, answer, decision);
    const response = answer;
    // Some of tRPC's own early errors (e.g. an unsupported content type) carry a JSON body labelled text/plain.
    if (!response.headers.get('content-type')?.includes('json')) {
      response.headers.set('content-type', 'application/json');
    }
    return withHeaders(response, decision);
  };

  const app = new Elysia({ adapter: options.adapter })
    .onError(({ code, error, request, set }) => {
      cors(set as Set, request);
      if (code === 'NOT_FOUND')
        return errorResponse(404, `No endpoint at ${request.method} ${new URL(request.url).pathname}.`);
      if (code === 'PARSE') return errorResponse(400, 'The request body could not be parsed.');
      log('internal_error', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      return errorResponse(500, 'The server could not complete the request.');
    })
    // Preflights, on every path, before any route or limit (as @elysiajs/cors answered them).
    .options('/', ({ request }) => preflight(request))
    .options('/*', ({ request }) => preflight(request))
    .get(`${API_PREFIX}/openapi.json`, ({ request, set }) => {
      cors(set, request);
      return json(openApiDocument());
    })
    .get(`${API_PREFIX}/docs`, ({ request, set }) => {
      cors(set, request);
      docsHtml ??= docsPage(openApiDocument());
      return new Response(docsHtml.body, { headers: docsHtml.headers });
    })
    // Pages for people: every asset local (the machines have no internet), never rate-limited.
    .get(DOCS_SCRIPT_PATH, ({ request, set }) => {
      cors(set, request);
      return docsScript(request);
    })
    .get('/', ({ request, set }) => {
      cors(set, request);
      return playgroundIndex(request);
    })
    .get('/assets/*', ({ request, set }) => {
      cors(set, request);
      return playgroundAsset(request);
    });

  // One route per REST endpoint and per tRPC procedure, on their static paths: Bun serves these from its native
  // route table, and both runtimes find them without Elysia's wildcard matching. The wildcards below stay for
  // everything else (other methods, trailing slashes the table does not hold, batches, unknown paths), and
  // answer exactly as these do.
  for (const [path, methods] of rest.routes()) {
    for (const method of methods) {
      app.route(method, API_PREFIX + path, ({ request, set }) => restRequest(request, set, path), {
        parse: 'none',
      });
    }
  }
  for (const [path, type] of trpcProcedures(appRouter)) {
    const calls = [path];
    app.route(
      type === 'mutation' ? 'POST' : 'GET',
      `${TRPC_PREFIX}/${path}`,
      ({ request, set }) => trpcRequest(request, set, calls),
      { parse: 'none' },
    );
  }

  return app
    .all(
      `${API_PREFIX}/*`,
      ({ request, set }) =>
        restRequest(request, set, pathnameOf(request.url).slice(API_PREFIX.length).replace(/\/+$/, '') || '/'),
      { parse: 'none' },
    )
    .all(`${TRPC_PREFIX}/*`, ({ request, set }) => trpcRequest(request, set, trpcCalls(pathnameOf(request.url))), {
      parse: 'none',
    });
}

export type App = ReturnType<typeof createApp>;
