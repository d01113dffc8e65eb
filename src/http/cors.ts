// CORS for every response: the headers @elysiajs/cors answered with (origin reflected, credentials allowed, the
// rate-limit headers exposed), written by each route itself instead of by a request hook.
import type { ReplySink } from './errors.js';

/** Response headers a browser script may read: the rate-limit headers. */
export const EXPOSE_HEADERS = 'X-RateLimit-Limit, X-RateLimit-Remaining, Retry-After';
/** How long (seconds) a browser may cache a preflight answer. */
export const PREFLIGHT_MAX_AGE = '5';

/**
 * Puts the CORS headers of a simple (non-preflight) response on Elysia's `set`, before the route adds its own
 * (which win where both name a header: tRPC's `vary`). The origin is reflected, `*` without one.
 *
 * @elysiajs/cors also listed every request header's name in Access-Control-Allow-Headers on these responses;
 * browsers read that header only on a preflight's answer, and building the list (a full Headers object per
 * request) was the largest single cost of a request on Bun, so it is sent on preflights only (`preflight`).
 */
export function cors(set: ReplySink, request: Request): void {
  const h = set.headers;
  h['access-control-expose-headers'] = EXPOSE_HEADERS;
  h['access-control-allow-credentials'] = 'true';
  h.vary = '*';
  h['access-control-allow-origin'] = request.headers.get('origin') || '*';
  h['access-control-allow-methods'] = request.method;
}

/**
 * The answer to any OPTIONS request, on every path (as @elysiajs/cors answered before routing): 204, the
 * requested method and headers allowed, cached for PREFLIGHT_MAX_AGE seconds. Never rate-limited.
 */
export function preflight(request: Request): Response {
  const get = (name: string) => request.headers.get(name);
  const headers: Record<string, string> = {
    'access-control-expose-headers': EXPOSE_HEADERS,
    'access-control-allow-credentials': 'true',
    vary: '*',
    'access-control-allow-origin': get('origin') || '*',
  };
  const method = get('access-control-request-method');
  if (method) headers['access-control-allow-methods'] = method;
  // @elysiajs/cors sent the string "undefined" when the preflight asked for no headers; now nothing is sent.
  const requested = get('access-control-request-headers');
  if (requested !== null) headers['access-control-allow-headers'] = requested;
  headers['access-control-max-age'] = PREFLIGHT_MAX_AGE;
  return new Response(null, { status: 204, headers });
}
