// The tRPC routes of the app: each request's calls read from its URL, each charged as its operation asks, then run.
import type { Elysia } from 'elysia';
import { appRouter, OPERATIONS } from '../../../routers/index.js';
import { TRPC_PREFIX } from '../../../routers/prefixes.js';
import { cors } from '../cors.js';
import type { Host } from '../host.js';
import { type Exchange, observed, UNKNOWN_ROUTE } from '../observe.js';
import { rateLimitHeaders } from '../rate-limit/allowance.js';
import { type RateDecision, RateLimiter } from '../rate-limit/limiter.js';
import { noEndpoint, withRequestId } from './errors.js';
import { Reply, type ReplySink } from './reply.js';
import { createTrpcHandler, trpcCallsOf, trpcErrorResponse } from './trpc-mount.js';
import { pathnameOf } from './url.js';

/**
 * A Response of tRPC's own (queries, streams, its early errors), with the rate-limit headers. Its
 * `transfer-encoding: chunked` goes: framing is the server's business, and with it Elysia re-streams the body
 * through its own stream handler, which keeps only the headers `set` already had (none of these: a streamed answer
 * went out as text/plain without them on Node) and hands the web-standard adapter chunks that are not bytes.
 */
function withRateLimitHeaders(response: Response, decision: RateDecision | null): Response {
  const headers = response.headers;
  headers.delete('transfer-encoding');
  // Some of tRPC's own early errors (e.g. an unsupported content type) carry a JSON body labelled text/plain.
  if (!headers.get('content-type')?.includes('json')) headers.set('content-type', 'application/json');
  if (decision) for (const [k, v] of Object.entries(rateLimitHeaders(decision))) headers.set(k, v);
  return response;
}

/**
 * One route per procedure on its static path, and a wildcard under TRPC_PREFIX for everything else (batches, other
 * methods, unknown procedures); every one of them reads the calls, and so the charge, from the request's own URL.
 */
export function mountTrpc(app: Elysia, host: Host): void {
  const { allowance, ctx, observer } = host;
  const trpc = createTrpcHandler(appRouter, OPERATIONS);

  /**
   * A tRPC request: its calls from the URL (one procedure, or a batch), each charged as its operation asks. The
   * route is the procedure called, `batch` for a batch, UNKNOWN_ROUTE for a procedure that does not exist.
   */
  const trpcRequest = async (request: Request, set: ReplySink, exchange: Exchange) => {
    cors(set);
    const calls = trpcCallsOf(request.url);
    if (!calls) return withRequestId(noEndpoint(request.method, pathnameOf(request.url)), exchange.id).toResponse();
    const single = calls.isBatch ? undefined : calls.procedures[0];
    exchange.route = calls.isBatch ? 'batch' : single !== undefined && OPERATIONS.has(single) ? single : UNKNOWN_ROUTE;
    const client = host.clientOf(request);
    exchange.client = client;
    const callCtx = { ...ctx, client, requestId: exchange.id };
    const decided = allowance.decide(client, trpc.costOf(calls));
    const decision = RateLimiter.isThenable(decided) ? await decided : decided;
    if (decision && !decision.allowed) {
      observer.refused('trpc');
      const headers = rateLimitHeaders(decision);
      const cause = allowance.cause(decision, host.docsUrl());
      return trpcErrorResponse(calls, 'TOO_MANY_REQUESTS', allowance.message, cause, headers, callCtx);
    }
    const answer = await trpc.handle(request, calls, callCtx);
    return answer instanceof Reply ? host.send(set, answer, decision) : withRateLimitHeaders(answer, decision);
  };

  const handler = observed(observer, 'trpc', trpcRequest);
  for (const [procedure, operation] of OPERATIONS) {
    app.route(operation.rest.method, `${TRPC_PREFIX}/${procedure}`, handler, { parse: 'none' });
  }
  app.all(`${TRPC_PREFIX}/*`, handler, { parse: 'none' });
}
