// CORS and the headers every answer carries, written by each route itself instead of by a request hook.
import type { ReplySink } from './api/reply.js';
import { REQUEST_ID_HEADER } from './observe.js';
import { RATE_LIMIT_HEADERS, RETRY_AFTER } from './rate-limit/allowance.js';

/** Response headers a browser script may read: the rate-limit headers and the request's id. */
const EXPOSE_HEADERS = [...Object.keys({ ...RATE_LIMIT_HEADERS, ...RETRY_AFTER }), REQUEST_ID_HEADER].join(', ');
/**
 * How long (seconds) a browser may cache a preflight answer: two hours, Chromium's cap (Firefox allows a day). The
 * answer allows whatever method and headers are asked for and never changes, so a longer cache only saves a browser
 * a round trip per request; 5 s (the old @elysiajs/cors default) made nearly every call from a page pay for two.
 */
const PREFLIGHT_MAX_AGE = '7200';

/** The headers every answer of the API carries (see cors()). */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': EXPOSE_HEADERS,
  'x-content-type-options': 'nosniff',
} as const;

/**
 * Puts the headers of a simple (non-preflight) response on Elysia's `set`, before the route adds its own (which
 * win where both name a header: tRPC's `vary`): any origin may read the answer (`*`), but never with credentials
 * (the API has none, and a reflected origin with `allow-credentials: true` would let any site read answers sent
 * with a user's cookies), the rate-limit headers are readable, and no browser may sniff a JSON answer into
 * something else (`nosniff`).
 */
export function cors(set: ReplySink): void {
  // Three writes rather than Object.assign, which costs about 20 ns more on every request on Node and on Bun.
  const h = set.headers;
  h['access-control-allow-origin'] = CORS_HEADERS['access-control-allow-origin'];
  h['access-control-expose-headers'] = CORS_HEADERS['access-control-expose-headers'];
  h['x-content-type-options'] = CORS_HEADERS['x-content-type-options'];
}

/**
 * The answer to any OPTIONS request, on every path, before any route or limit: 204, the requested method and
 * headers allowed for any origin, cached for PREFLIGHT_MAX_AGE seconds. Never rate-limited.
 */
export function preflight(request: Request): Response {
  const get = (name: string) => request.headers.get(name);
  const headers: Record<string, string> = { ...CORS_HEADERS };
  const method = get('access-control-request-method');
  if (method) headers['access-control-allow-methods'] = method;
  const requested = get('access-control-request-headers');
  if (requested !== null) headers['access-control-allow-headers'] = requested;
  headers['access-control-max-age'] = PREFLIGHT_MAX_AGE;
  return new Response(null, { status: 204, headers });
}
