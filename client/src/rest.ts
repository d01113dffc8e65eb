// createRestClient(): one typed method per REST endpoint, over the platform's fetch (browser, Node, Bun).
// The prefix is the server's own constant, bundled into the package (routers/prefixes.ts imports nothing).
import { API_PREFIX } from '../../routers/prefixes.js';
import { CipherApiError, errorFromResponse } from './errors.js';
import type { CipherGroup, CipherInputs, CipherOutputs, RateLimitInfo } from './types.js';

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

type GroupMethods<G extends CipherGroup> = {
  [P in keyof CipherInputs[G]]: (input: CipherInputs[G][P], options?: CallOptions) => Promise<CipherOutputs[G][P]>;
};

type MetaMethods = {
  [P in keyof CipherOutputs['meta']]: (options?: CallOptions) => Promise<CipherOutputs['meta'][P]>;
};

export type RestClient = { [G in CipherGroup]: GroupMethods<G> } & { meta: MetaMethods };

/** The REST path of every procedure; the mapped type makes a missing procedure a compile error. */
const PATHS: { [G in keyof CipherInputs]: { [P in keyof CipherInputs[G]]: `/${string}` } } = {
  caesar: { encrypt: '/caesar/encrypt', decrypt: '/caesar/decrypt', solve: '/caesar/solve', bulk: '/caesar/bulk' },
  rot13: { transform: '/rot13/transform', bulk: '/rot13/bulk' },
  vigenere: { encrypt: '/vigenere/encrypt', decrypt: '/vigenere/decrypt', analyze: '/vigenere/analyze' },
  analysis: { identify: '/identify' },
  meta: { health: '/health', alphabets: '/alphabets', languages: '/languages' },
};

/** Every REST endpoint the client calls, as `METHOD /api/v1/path` (for docs and coverage tests). */
export const REST_ENDPOINTS: readonly string[] = Object.entries(PATHS).flatMap(([group, procs]) =>
  Object.values(procs).map((p) => `${group === 'meta' ? 'GET' : 'POST'} ${API_PREFIX}${p}`),
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
    if (limit !== null && remaining !== null)
      options.onRateLimit?.({ limit: Number(limit), remaining: Number(remaining) });
    const parsed = await readJson(response);
    if (!response.ok) {
      throw errorFromResponse(response.status, response.statusText, response.headers.get('retry-after'), parsed);
    }
    return parsed;
  };

  const client: Record<string, Record<string, unknown>> = {};
  for (const [group, procedures] of Object.entries(PATHS)) {
    const methods: Record<string, unknown> = {};
    for (const [name, path] of Object.entries(procedures)) {
      methods[name] =
        group === 'meta'
          ? (call?: CallOptions) => request('GET', path, undefined, call)
          : (input: unknown, call?: CallOptions) => request('POST', path, input, call);
    }
    client[group] = methods;
  }
  return client as unknown as RestClient;
}
