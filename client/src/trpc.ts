// createCipherClient(): tRPC's own typed client for AppRouter, with superjson and request batching.
import { createTRPCClient, type HTTPHeaders, httpBatchLink, type TRPCClient } from '@trpc/client';
import superjson from 'superjson';
import { MAX_BATCH_CALLS, TRPC_PREFIX } from './catalog.js';
import type { AppRouter } from './types.js';

export interface CipherClientOptions {
  /** The tRPC endpoint, e.g. `http://localhost:3000/trpc`; a bare origin gets `/trpc` appended. */
  url: string;
  headers?: HTTPHeaders | (() => HTTPHeaders | Promise<HTTPHeaders>);
  fetch?: typeof fetch;
  /** Calls made in the same tick travel in one request, up to this many (default: the service's own batch limit). */
  maxItems?: number;
}

export type CipherClient = TRPCClient<AppRouter>;

export function createCipherClient(options: CipherClientOptions): CipherClient {
  const url = new URL(options.url, 'http://localhost');
  const endpoint = url.pathname === '/' ? `${options.url.replace(/\/+$/, '')}${TRPC_PREFIX}` : options.url;
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: endpoint,
        transformer: superjson,
        maxItems: options.maxItems ?? MAX_BATCH_CALLS,
        ...(options.headers ? { headers: options.headers } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      }),
    ],
  });
}

/** Seconds to wait, when a tRPC call failed on the rate limit (TOO_MANY_REQUESTS carries `data.retryAfter`). */
export function retryAfterOf(error: unknown): number | undefined {
  const data = (error as { data?: { retryAfter?: unknown } } | null)?.data;
  return typeof data?.retryAfter === 'number' ? data.retryAfter : undefined;
}
