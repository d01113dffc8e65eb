// createApp(): the Elysia host for REST (/api/v1), tRPC (/trpc), the OpenAPI document and the docs page.
import { Elysia, type ElysiaConfig } from 'elysia';
import { RateLimitError } from '../../routers/errors.js';
import { appRouter, type Context, type HealthReport, OPERATIONS } from '../../routers/index.js';
import { API_PREFIX, TRPC_PREFIX } from '../../routers/prefixes.js';
import type { ComputeService } from '../compute/compute.js';
import { errorReply, errorResponse, json, Reply, type ReplySink, rateLimitResponse, writeReply } from './api/errors.js';
import { createRestHandler } from './api/rest.js';
import { createTrpcHandler, trpcCallsOf, trpcErrorResponse } from './api/trpc-mount.js';
import { pathnameOf, pathUnder } from './api/url.js';
import { DEFAULT_CONFIG, type ServiceConfig } from './config.js';
import { cors, preflight } from './cors.js';
import { buildOpenApiDocument } from './openapi.js';
import { DOCS_SCRIPT_PATH, docsPage } from './pages/docs-page.js';
import { docsScript, playgroundAsset, playgroundIndex } from './pages/static.js';
import { clientIp } from './rate-limit/client-ip.js';
import { type RateDecision, RateLimiter, rateLimitHeaders } from './rate-limit/limiter.js';
import { createLimiter } from './rate-limit/redis-store.js';

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

/**
 * The origin the service listens on, for links in answers when PUBLIC_URL is unset: set by the operator, unlike
 * the request's Host header, which the client writes. A wildcard address (0.0.0.0, ::) reads as localhost.
 */
export function listeningOrigin(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

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

  const rest = createRestHandler(OPERATIONS, (error, procedure) =>
    log('internal_error', {
      procedure,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    }),
  );
  const trpc = createTrpcHandler(appRouter, OPERATIONS);

  let openApi: ReturnType<typeof buildOpenApiDocument> | undefined;
  let docsHtml: ReturnType<typeof docsPage> | undefined;
  const openApiDocument = () => {
    openApi ??= buildOpenApiDocument(OPERATIONS, appRouter, config.version, limiter.describe());
    return openApi;
  };

  /** The docs page, absolute, for the 429 body: PUBLIC_URL, else where the service listens (never the Host header). */
  const docsUrl = (): string => {
    const port: number = (app.server as { port?: number } | null)?.port ?? config.port;
    return `${config.publicUrl ?? listeningOrigin(config.host, port)}${API_PREFIX}/docs`;
  };
  const limitMessage = `Rate limit exceeded. You can make up to ${limiter.describe()}.`;

  /** Counts `cost` requests for the client; a store failure serves the request unlimited. */
  const storeError = (error: unknown): null => {
    log('rate_limit_store_error', { error: String(error) });
    return null;
  };
  /** Synchronous with the memory store; a promise with a shared one. */
  const decide = (ip: string, cost: number): Promise<RateDecision | null> | RateDecision | null => {
    try {
      const decision = cost > 0 ? limiter.take(ip, cost) : limiter.peek(ip);
      return RateLimiter.isThenable(decision) ? Promise.resolve(decision).catch(storeError) : decision;
    } catch (error) {
      return storeError(error);
    }
  };

  type Set = ReplySink;

  // Bun's and the web-standard adapters send a string body with the content type on `set`; @elysiajs/node's labels
  // every string text/plain, so it is given bytes.
  const stringBodies = (options.adapter as { name?: string } | undefined)?.name !== '@elysiajs/node';
  const send = (set: Set, reply: Reply, decision: RateDecision | null) =>
    writeReply(set, reply, decision ? rateLimitHeaders(decision) : undefined, stringBodies);

  /**
   * A Response of tRPC's own (queries, streams, its early errors), with the rate-limit headers. Its
   * `transfer-encoding: chunked` goes: framing is the server's business, and with it Elysia re-streams the body
   * through its own stream handler, which keeps only the headers `set` already had (none of these: a streamed answer
   * went out as text/plain without them on Node) and hands the web-standard adapter chunks that are not bytes.
   */
  const sendResponse = (response: Response, decision: RateDecision | null) => {
    const headers = response.headers;
    headers.delete('transfer-encoding');
    // Some of tRPC's own early errors (e.g. an unsupported content type) carry a JSON body labelled text/plain.
    if (!headers.get('content-type')?.includes('json')) headers.set('content-type', 'application/json');
    if (decision) for (const [k, v] of Object.entries(rateLimitHeaders(decision))) headers.set(k, v);
    return response;
  };

  /**
   * A page route: the playground, the API reference, their files and the OpenAPI document are not API calls and
   * carry no rate-limit headers, but each is counted against a page allowance of its own (pageRateLimit per window;
   * the memory store, per instance): a request of a hundred bytes fetches up to 1.5 MB, so free must still be bounded.
   */
  const pageLimiter = new RateLimiter(config.pageRateLimit, config.rateLimitWindowS);
  const pageMessage = `Too many page loads. You can load up to ${pageLimiter.describe().replace('requests', 'pages and files')}.`;
  function page(answer: (request: Request) => Response) {
    return ({ request, set }: { request: Request; set: Set }): Response => {
      cors(set);
      const decision = pageLimiter.take(clientIp(request, app.server, config.trustProxy)) as RateDecision;
      if (decision.allowed) return answer(request);
      return rateLimitResponse(
        {
          error: 'Too Many Requests',
          message: pageMessage,
          retry_after: decision.retryAfterS,
          documentation: docsUrl(),
        },
        { 'Retry-After': String(decision.retryAfterS) },
      );
    };
  }

  // The listening server (Bun's answers requestIP) is read from the app, not from the route's context: a handler
  // that names `server` makes Elysia define a getter on every request's context.
  //
  // Every handler below reads what to run, and so what to charge, from the request's own URL: never from the route
  // that matched, which on Node can be found inside the query when Host is shorter than Elysia assumes.

  /** A REST request: its endpoint from the URL, the rate limit its operation asks for, then its answer. */
  const restRequest = async (request: Request, set: Set) => {
    cors(set);
    const path = pathUnder(API_PREFIX, pathnameOf(request.url));
    const endpoint =
      path === undefined
        ? errorReply(404, `No endpoint at ${request.method} ${pathnameOf(request.url)}.`)
        : rest.resolve(request.method, path);
    // Unknown paths and wrong methods are counted like any request; only an operation may say it is free.
    const cost = endpoint instanceof Reply || endpoint.operation.rateLimited ? 1 : 0;
    const client = clientIp(request, app.server, config.trustProxy);
    const decided = decide(client, cost);
    const decision = RateLimiter.isThenable(decided) ? await decided : decided;
    if (decision && !decision.allowed) {
      return rateLimitResponse(
        {
          error: 'Too Many Requests',
          message: limitMessage,
          retry_after: decision.retryAfterS,
          documentation: docsUrl(),
        },
        rateLimitHeaders(decision),
      );
    }
    if (endpoint instanceof Reply) return send(set, endpoint, decision);
    return send(set, await rest.handle(request, endpoint, { ...ctx, client }), decision);
  };

  /** A tRPC request: its calls from the URL (one procedure, or a batch), each charged as its operation asks. */
  const trpcRequest = async (request: Request, set: Set) => {
    cors(set);
    const calls = trpcCallsOf(request.url);
    if (!calls) return errorResponse(404, `No endpoint at ${request.method} ${pathnameOf(request.url)}.`);
    const client = clientIp(request, app.server, config.trustProxy);
    const decided = decide(client, trpc.costOf(calls));
    const decision = RateLimiter.isThenable(decided) ? await decided : decided;
    if (decision && !decision.allowed) {
      const cause = new RateLimitError(limitMessage, decision.retryAfterS);
      return trpcErrorResponse(calls, 'TOO_MANY_REQUESTS', limitMessage, cause, rateLimitHeaders(decision));
    }
    const answer = await trpc.handle(request, calls, { ...ctx, client });
    return answer instanceof Reply ? send(set, answer, decision) : sendResponse(answer, decision);
  };

  // Elysia's default (standardHostname) looks for the path from the 11th character of the URL, which assumes a
  // host of at least 4 characters: with `Host: api` it finds it inside the query, or not at all (404 everywhere).
  const app = new Elysia({ adapter: options.adapter, handler: { standardHostname: false } })
    .onError(({ code, error, request, set }) => {
      cors(set as Set);
      if (code === 'NOT_FOUND')
        return errorResponse(404, `No endpoint at ${request.method} ${new URL(request.url).pathname}.`);
      if (code === 'PARSE') return errorResponse(400, 'The request body could not be parsed.');
      log('internal_error', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      return errorResponse(500, 'The server could not complete the request.');
    })
    // Preflights, on every path, before any route or limit (as @elysiajs/cors answered them).
    .options('/', ({ request }) => preflight(request))
    .options('/*', ({ request }) => preflight(request))
    // Pages for people and the OpenAPI document: every asset local (the machines have no internet), counted
    // against the page allowance only.
    .get(
      `${API_PREFIX}/openapi.json`,
      page(() => json(openApiDocument())),
    )
    .get(
      `${API_PREFIX}/docs`,
      page(() => {
        docsHtml ??= docsPage(openApiDocument());
        return new Response(docsHtml.body, { headers: docsHtml.headers });
      }),
    )
    .get(DOCS_SCRIPT_PATH, page(docsScript))
    .get('/', page(playgroundIndex))
    .get('/assets/*', page(playgroundAsset));

  // One route per REST endpoint and per tRPC procedure, on their static paths: Bun serves these from its native
  // route table, and both runtimes find them without Elysia's wildcard matching. The wildcards below stay for
  // everything else (other methods, trailing slashes the table does not hold, batches, unknown paths); every one
  // of them answers from the URL alone, so which one matched never changes the answer or the charge.
  const restHandler = ({ request, set }: { request: Request; set: Set }) => restRequest(request, set);
  const trpcHandler = ({ request, set }: { request: Request; set: Set }) => trpcRequest(request, set);
  for (const [path, methods] of rest.routes()) {
    for (const method of methods) app.route(method, API_PREFIX + path, restHandler, { parse: 'none' });
  }
  for (const [procedure, operation] of OPERATIONS) {
    app.route(operation.rest.method, `${TRPC_PREFIX}/${procedure}`, trpcHandler, { parse: 'none' });
  }

  return app
    .all(`${API_PREFIX}/*`, restHandler, { parse: 'none' })
    .all(`${TRPC_PREFIX}/*`, trpcHandler, { parse: 'none' });
}

export type App = ReturnType<typeof createApp>;
