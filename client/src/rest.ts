// createRestClient(): one typed method per REST endpoint, over the platform's fetch (browser, Node, Bun).
// The routes are the server's own, generated into catalog.ts (npm run build:catalog), so the package bundles no
// server code and copies no path by hand.
import { API_PREFIX, REST_ROUTES } from './catalog.js';
import { CipherApiError, errorFromResponse } from './errors.js';
import type { CipherInputs, CipherOutputs, RateLimitInfo } from './types.js';

export { API_PREFIX };

export interface RestClientOptions {
  /** The service's address, e.g. `http://localhost:3000` (a trailing `/api/v1` is accepted); `''` for same origin. */
  baseUrl: string;
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Sent with every request. */
  headers?: Record<string, string>;
  /** Called with the rate-limit headers of every response that has them. */
  onRateLimit?: (info: RateLimitInfo) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

type Routes = typeof REST_ROUTES;

/** A GET takes no input (the meta procedures); a POST takes its procedure's input. */
type Method<G extends keyof CipherInputs, P extends keyof CipherInputs[G]> = G extends keyof Routes
  ? P extends keyof Routes[G]
    ? Routes[G][P] extends { method: 'GET' }
      ? (options?: CallOptions) => Promise<CipherOutputs[G][P]>
      : (input: CipherInputs[G][P], options?: CallOptions) => Promise<CipherOutputs[G][P]>
    : never
  : never;

export type RestClient = { [G in keyof CipherInputs]: { [P in keyof CipherInputs[G]]: Method<G, P> } };

interface RestRoute {
  method: 'GET' | 'POST';
  path: `/${string}`;
}

/** The REST route of every procedure; the mapped type makes a procedure the catalog lacks a compile error. */
const ROUTES: { [G in keyof CipherInputs]: { [P in keyof CipherInputs[G]]: RestRoute } } = REST_ROUTES;

/** Every REST endpoint the client calls, as `METHOD /api/v1/path` (for docs and coverage tests). */
export const REST_ENDPOINTS: readonly string[] = Object.values(ROUTES).flatMap((procedures) =>
  Object.values<RestRoute>(procedures).map(({ method, path }) => `${method} ${API_PREFIX}${path}`),
);

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createRestClient(options: RestClientOptions): RestClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const root = (base.endsWith(API_PREFIX) ? base.slice(0, -API_PREFIX.length) : base) + API_PREFIX;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));

  const request = async (method: 'GET' | 'POST', path: string, body: unknown, call: CallOptions = {}) => {
    let response: Response;
    try {
      response = await doFetch(root + path, {
        method,
        headers: {
          accept: 'application/json',
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
          ...call.headers,
        },
        body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
        signal: call.signal,
      });
    } catch (cause) {
      const aborted = cause instanceof Error && cause.name === 'AbortError';
      throw new CipherApiError({
        status: 0,
        error: aborted ? 'Aborted' : 'Network Error',
        message: aborted ? 'The request was aborted.' : `Could not reach the cipher service at ${root}.`,
        cause,
      });
    }
    const limit = response.headers.get('x-ratelimit-limit');
    const remaining = response.headers.get('x-ratelimit-remaining');
    const reset = response.headers.get('x-ratelimit-reset');
    if (limit !== null && remaining !== null) {
      const info = { limit: Number(limit), remaining: Number(remaining) };
      options.onRateLimit?.(reset === null ? info : { ...info, reset: Number(reset) });
    }
    const parsed = await readJson(response);
    if (!response.ok) {
      throw errorFromResponse(response.status, response.statusText, response.headers.get('retry-after'), parsed);
    }
    return parsed;
  };

  const client: Record<string, Record<string, unknown>> = {};
  for (const [group, procedures] of Object.entries(ROUTES)) {
    const methods: Record<string, unknown> = {};
    for (const [name, { method, path }] of Object.entries<RestRoute>(procedures)) {
      methods[name] =
        method === 'GET'
          ? (call?: CallOptions) => request('GET', path, undefined, call)
          : (input: unknown, call?: CallOptions) => request('POST', path, input, call);
    }
    client[group] = methods;
  }
  return client as unknown as RestClient;
}
