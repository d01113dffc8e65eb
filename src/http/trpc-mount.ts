// The tRPC surface at /trpc: tRPC's fetch adapter behind the body cap, and tRPC-shaped early errors.
import { TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { getErrorShape } from '@trpc/server/unstable-core-do-not-import';
import type { AppRouter } from '../../routers/index.js';
import type { Context } from '../../routers/trpc.js';
import { readBody } from './body.js';

export const TRPC_PREFIX = '/trpc';

/** The procedure paths a /trpc URL names (several, comma-separated, in a batch). */
export function trpcCalls(pathname: string): string[] {
  const rest = pathname.slice(TRPC_PREFIX.length + 1);
  if (!rest) return [];
  try {
    return decodeURIComponent(rest).split(',');
  } catch {
    return rest.split(',');
  }
}

/** Answers every call of the request with the same error, exactly as tRPC would shape it. */
export function trpcErrorResponse(
  router: AppRouter,
  request: Request,
  code: TRPC_ERROR_CODE_KEY,
  message: string,
  cause?: Error,
  headers: Record<string, string> = {},
): Response {
  const url = new URL(request.url);
  const calls = trpcCalls(url.pathname);
  const isBatch = url.searchParams.get('batch') === '1';
  const config = router._def._config;
  const error = new TRPCError({ code, message, cause });
  const one = (path: string | undefined) => ({
    error: config.transformer.output.serialize(
      getErrorShape({ config, error, type: 'unknown', path, input: undefined, ctx: undefined }),
    ),
  });
  const body = isBatch ? (calls.length ? calls : [undefined]).map(one) : one(calls[0]);
  return new Response(JSON.stringify(body), {
    status: getHTTPStatusCodeFromError(error),
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function createTrpcHandler(router: AppRouter) {
  return async (request: Request, ctx: Context): Promise<Response> => {
    let req = request;
    if (request.method === 'POST') {
      const body = await readBody(request);
      if (!body.ok) {
        return trpcErrorResponse(
          router,
          request,
          body.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'PARSE_ERROR',
          body.message,
        );
      }
      req = new Request(request.url, { method: 'POST', headers: request.headers, body: body.text });
    }
    return fetchRequestHandler({
      endpoint: TRPC_PREFIX,
      req,
      router,
      createContext: () => ctx,
      allowBatching: true,
    });
  };
}
