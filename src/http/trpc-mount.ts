// The tRPC surface at /trpc: tRPC's fetch adapter behind the body cap, and tRPC-shaped early errors.
import { TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { getHTTPStatusCode, getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import {
  type AnyProcedure,
  getErrorShape,
  getTRPCErrorFromUnknown,
  transformTRPCResponse,
} from '@trpc/server/unstable-core-do-not-import';
import type { AppRouter } from '../../routers/index.js';
import type { Context } from '../../routers/trpc.js';
import { readBody } from './body.js';
import { Reply } from './errors.js';
import { createInvoker } from './invoke.js';
import { fastSerialize } from './plain-json.js';

type Invoke = ReturnType<typeof createInvoker>;

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

/** Every query and mutation of the router, by path (e.g. caesar.encrypt). */
export function trpcProcedures(router: AppRouter): [path: string, type: 'query' | 'mutation'][] {
  const out: [string, 'query' | 'mutation'][] = [];
  for (const [path, procedure] of Object.entries(router._def.procedures as unknown as Record<string, AnyProcedure>)) {
    const type = procedure._def.type;
    if (type === 'query' || type === 'mutation') out.push([path, type]);
  }
  return out;
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

const TRPC_HEADERS = { vary: 'trpc-accept, accept' };
const TRPC_TYPE = 'application/json';
/** Procedure paths (comma-separated in a batch) that need no decoding. */
const PLAIN_CALLS = /^[A-Za-z0-9_.,]+$/;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * tRPC over HTTP. The common request (POST of JSON to mutations, single or batched, no streaming) is answered
 * here: the procedures are called as tRPC's resolveResponse calls them and the answer is shaped by tRPC's own
 * helpers (error shape, status, transformer), without building a second Request, re-reading the body or going
 * through the fetch adapter's stream machinery. Anything else (queries, GET, streaming, odd URLs, a body tRPC
 * must reject) goes to tRPC's fetch adapter, which stays the reference (test/http/trpc-fast-path.test.ts).
 */
export function createTrpcHandler(router: AppRouter) {
  const config = router._def._config;
  // superjson's answer for the procedures' (plain JSON) results without its walk: test/http/plain-json.test.ts.
  const serialize = fastSerialize(config.transformer.output.serialize);
  const mutations = new Map<string, Invoke>();
  for (const [path, procedure] of Object.entries(router._def.procedures as unknown as Record<string, AnyProcedure>)) {
    if (procedure._def.type === 'mutation') mutations.set(path, createInvoker(procedure));
  }

  /** The reply for a request on the common path, or null to leave it to tRPC's adapter. */
  const fastPath = async (request: Request, text: string, ctx: Context): Promise<Reply | null> => {
    const url = request.url;
    const start = url.indexOf(`${TRPC_PREFIX}/`, url.indexOf('://') + 3);
    if (start < 0) return null;
    const query = url.indexOf('?', start);
    const search = query < 0 ? '' : url.slice(query + 1);
    if (search !== '' && search !== 'batch=1') return null;
    const isBatch = search === 'batch=1';
    const pathPart = url.slice(start + TRPC_PREFIX.length + 1, query < 0 ? url.length : query);
    if (!PLAIN_CALLS.test(pathPart)) return null;
    const headers = request.headers;
    const type = headers.get('content-type');
    if (type !== 'application/json' && (type ?? '').split(';', 1)[0]?.trim().toLowerCase() !== 'application/json') {
      return null;
    }
    if (headers.get('trpc-accept') !== null || headers.get('accept')?.includes('application/jsonl')) return null;
    const paths = isBatch ? pathPart.split(',') : [pathPart];
    const procedures: Invoke[] = [];
    for (const path of paths) {
      const procedure = mutations.get(path);
      if (!procedure) return null;
      procedures.push(procedure);
    }
    const inputs: unknown[] = [];
    try {
      const raw: unknown = text ? JSON.parse(text) : undefined;
      if (!isBatch) inputs.push(raw === undefined ? undefined : config.transformer.input.deserialize(raw));
      else if (raw !== undefined) {
        if (!isObject(raw)) return null;
        for (let i = 0; i < paths.length; i++) {
          const one = raw[i];
          inputs.push(one === undefined ? undefined : config.transformer.input.deserialize(one));
        }
      }
    } catch {
      // tRPC reports unreadable input per call, in its own words.
      return null;
    }
    const errors: (TRPCError | undefined)[] = [];
    const call = async (path: string, batchIndex: number) => {
      const input = inputs[batchIndex];
      try {
        const data = await (procedures[batchIndex] as Invoke)({
          path,
          type: 'mutation',
          ctx,
          getRawInput: () => Promise.resolve(input),
          signal: undefined,
          batchIndex,
        });
        return { result: { data } };
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        errors[batchIndex] = error;
        return { error: getErrorShape({ config, error, type: 'mutation', path, input, ctx }) };
      }
    };
    // A batch's calls run together, as tRPC runs them; a single call needs no Promise.all.
    const results = isBatch ? await Promise.all(paths.map(call)) : [await call(pathPart, 0)];
    // All calls succeeded: getHTTPStatusCode would answer 200, and transformTRPCResponse would copy each item
    // with its Babel spread helper only to serialise `data`; the items hold nothing else, so do just that.
    if (errors.length === 0) {
      const serialized = results.map((r) => ({
        result: { data: serialize((r as { result: { data: unknown } }).result.data) },
      }));
      return new Reply(200, JSON.stringify(isBatch ? serialized : serialized[0]), TRPC_HEADERS, TRPC_TYPE);
    }
    const status = getHTTPStatusCode(results as never, errors as TRPCError[]);
    const body = JSON.stringify(transformTRPCResponse(config, (isBatch ? results : results[0]) as never));
    return new Reply(status, body, TRPC_HEADERS, TRPC_TYPE);
  };

  return async (request: Request, ctx: Context): Promise<Reply | Response> => {
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
      const reply = await fastPath(request, body.text, ctx);
      if (reply) return reply;
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
