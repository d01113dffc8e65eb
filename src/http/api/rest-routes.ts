// The REST routes of the app: each request's endpoint read from its URL, charged as its operation asks, then answered.
import type { Elysia } from 'elysia';
import { OPERATIONS } from '../../../routers/index.js';
import { API_PREFIX } from '../../../routers/prefixes.js';
import { errorText } from '../../log.js';
import { cors } from '../cors.js';
import type { Host } from '../host.js';
import { type Exchange, observed, UNKNOWN_ROUTE } from '../observe.js';
import { callCost, rateLimitHeaders, refusal } from '../rate-limit/allowance.js';
import { RateLimiter } from '../rate-limit/limiter.js';
import { noEndpoint, withRequestId } from './errors.js';
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
  const { allowance, ctx, observer } = host;
  const rest = createRestHandler(OPERATIONS, (error, procedure, requestId) =>
    host.log('internal_error', { request_id: requestId, procedure, error: errorText(error) }),
  );

  /**
   * A REST request: its endpoint from the URL, the rate limit its operation asks for, then its answer; an error's
   * body names the request's id. The route is the endpoint's procedure, or UNKNOWN_ROUTE for one that reaches none.
   */
  const restRequest = async (request: Request, set: ReplySink, exchange: Exchange) => {
    cors(set);
    const path = pathUnder(API_PREFIX, pathnameOf(request.url));
    const endpoint =
      path === undefined ? noEndpoint(request.method, pathnameOf(request.url)) : rest.resolve(request.method, path);
    exchange.route = endpoint instanceof Reply ? UNKNOWN_ROUTE : endpoint.procedure;
    const client = host.clientOf(request);
    exchange.client = client;
    const decided = allowance.decide(client, callCost(endpoint instanceof Reply ? undefined : endpoint.operation));
    const decision = RateLimiter.isThenable(decided) ? await decided : decided;
    if (decision && !decision.allowed) {
      observer.refused('rest');
      return refusal(allowance.message, decision, host.docsUrl(), rateLimitHeaders(decision), exchange.id);
    }
    if (endpoint instanceof Reply) return host.send(set, withRequestId(endpoint, exchange.id), decision);
    return host.send(set, await rest.handle(request, endpoint, { ...ctx, client, requestId: exchange.id }), decision);
  };

  const handler = observed(observer, 'rest', restRequest);
  for (const [path, methods] of rest.routes()) {
    for (const method of methods) app.route(method, API_PREFIX + path, handler, { parse: 'none' });
  }
  app.all(`${API_PREFIX}/*`, handler, { parse: 'none' });
}
