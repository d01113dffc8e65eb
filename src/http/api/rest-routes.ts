// The REST routes of the app: each request's endpoint read from its URL, charged as its operation asks, then answered.
import type { Elysia } from 'elysia';
import { OPERATIONS } from '../../../routers/index.js';
import { API_PREFIX } from '../../../routers/prefixes.js';
import { errorText } from '../../log.js';
import { cors } from '../cors.js';
import type { Host } from '../host.js';
import { callCost, rateLimitHeaders, refusal } from '../rate-limit/allowance.js';
import { RateLimiter } from '../rate-limit/limiter.js';
import { noEndpoint } from './errors.js';
import { Reply, type ReplySink } from './reply.js';
import { createRestHandler } from './rest.js';
import { pathnameOf, pathUnder } from './url.js';

/**
 * One route per REST endpoint on its static path (Bun serves these from its native route table, and both runtimes
 * find them without Elysia's wildcard matching), and a wildcard under API_PREFIX for everything else (other methods,
 * trailing slashes the table does not hold, unknown paths). Every one of them reads what to run, and so what to
 * charge, from the request's own URL: never from the route that matched, which on Node can be found inside the
 * query when Host is shorter than Elysia assumes.
 */
export function mountRest(app: Elysia, host: Host): void {
  const { allowance, ctx } = host;
  const rest = createRestHandler(OPERATIONS, (error, procedure) =>
    host.log('internal_error', { procedure, error: errorText(error) }),
  );

  /** A REST request: its endpoint from the URL, the rate limit its operation asks for, then its answer. */
  const restRequest = async (request: Request, set: ReplySink) => {
    cors(set);
    const path = pathUnder(API_PREFIX, pathnameOf(request.url));
    const endpoint =
      path === undefined ? noEndpoint(request.method, pathnameOf(request.url)) : rest.resolve(request.method, path);
    const client = host.clientOf(request);
    const decided = allowance.decide(client, callCost(endpoint instanceof Reply ? undefined : endpoint.operation));
    const decision = RateLimiter.isThenable(decided) ? await decided : decided;
    if (decision && !decision.allowed) {
      return refusal(allowance.message, decision, host.docsUrl(), rateLimitHeaders(decision));
    }
    if (endpoint instanceof Reply) return host.send(set, endpoint, decision);
    return host.send(set, await rest.handle(request, endpoint, { ...ctx, client }), decision);
  };

  const handler = ({ request, set }: { request: Request; set: ReplySink }) => restRequest(request, set);
  for (const [path, methods] of rest.routes()) {
    for (const method of methods) app.route(method, API_PREFIX + path, handler, { parse: 'none' });
  }
  app.all(`${API_PREFIX}/*`, handler, { parse: 'none' });
}
