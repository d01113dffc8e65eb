// The tRPC surface at /trpc: each request read once from its real URL (the calls charged are the calls that run),
// the common POST of mutations answered from the operations, everything else by tRPC's own resolveResponse.
import { getTRPCErrorShape, type TRPC_ERROR_CODE_KEY, TRPCError, transformTRPCResponse } from '@trpc/server';
import { getHTTPStatusCode, getHTTPStatusCodeFromError, resolveResponse } from '@trpc/server/http';
import type { AnyOperation, AppRouter } from '../../../routers/index.js';
import { TRPC_PREFIX } from '../../../routers/prefixes.js';
import { type Context, TRPC_OPTIONS } from '../../../routers/trpc.js';
import { callCost } from '../rate-limit/allowance.js';
import { readBody } from './body.js';
import { callOperation } from './invoke.js';
import { fastSerialize } from './plain-json.js';
import { Reply } from './reply.js';
import { pathnameOf, queryOf } from './url.js';

/**
 * The most calls one batch may hold. A bigger batch is refused whole, before any call runs and without being
 * charged (BAD_REQUEST, tooBigBatch's message): even calls the rate limit never counts (meta) must be bounded per
 * request. The client package batches at most this many (its maxItems).
 */
export const MAX_BATCH_CALLS = 10;

/** What a /trpc request asks for, read once from its real URL. */
export interface TrpcCalls {
  /** The procedure part of the URL, undecoded, exactly as it is handed to tRPC's resolveResponse. */
  path: string;
  isBatch: boolean;
  /** The procedure path of each call (decoded): one, or a batch's, as tRPC splits it. */
  procedures: string[];
  /** The URL's query, without `?`. */
  query: string;
}

const TRPC_HEADERS = { vary: 'trpc-accept, accept' };
const TRPC_TYPE = 'application/json';

/** The calls a request URL names, or undefined when its path is not under the tRPC endpoint. */
export function trpcCallsOf(url: string): TrpcCalls | undefined {
  const pathname = pathnameOf(url);
  if (!pathname.startsWith(`${TRPC_PREFIX}/`)) return undefined;
  // As tRPC's fetch adapter cuts it, which trims one slash off the end of the pathname and one off the end of what
  // follows the endpoint.
  let path = pathname.slice(TRPC_PREFIX.length + 1);
  if (path.endsWith('/')) path = path.slice(0, -1);
  if (path.endsWith('/')) path = path.slice(0, -1);
  const query = queryOf(url);
  // tRPC reads the flag with new URL(url).searchParams.get('batch') === '1'; the common query needs no parsing.
  const isBatch = query === 'batch=1' || (query !== '' && new URLSearchParams(query).get('batch') === '1');
  let decoded = path;
  if (path.includes('%')) {
    try {
      decoded = decodeURIComponent(path);
    } catch {
      // tRPC refuses the encoding (BAD_REQUEST) and runs nothing; the calls are counted as written.
    }
  }
  return { path, isBatch, procedures: isBatch ? decoded.split(',') : [decoded], query };
}

/**
 * The root config tRPC's error-shaping and serialising helpers read (getTRPCErrorShape: isDev, errorFormatter;
 * transformTRPCResponse: transformer), made from the same options the tRPC instance was created with.
 * test/http/api/trpc-fast-path.test.ts holds every answer shaped with it to tRPC's own adapter's.
 */
const ROOT_CONFIG: Parameters<typeof getTRPCErrorShape>[0]['config'] = {
  ...TRPC_OPTIONS,
  $types: undefined as never,
  isServer: true,
  allowOutsideOfServer: false,
  pathSeparator: '.',
};

/** Answers every call of the request with the same error, exactly as tRPC shapes it. */
export function trpcErrorResponse(
  calls: TrpcCalls,
  code: TRPC_ERROR_CODE_KEY,
  message: string,
  cause?: Error,
  headers: Record<string, string> = {},
  ctx?: Context,
): Response {
  const error = new TRPCError({ code, message, cause });
  const one = (path: string | undefined) => errorJson(error, path, ctx);
  const body = calls.isBatch ? calls.procedures.map(one) : one(calls.procedures[0]);
  return errorResponse(error, body, headers);
}

/** One call's error as tRPC serialises it; `path` is undefined for an error of the whole request. */
function errorJson(error: TRPCError, path: string | undefined, ctx: Context | undefined) {
  return transformTRPCResponse(ROOT_CONFIG, {
    error: getTRPCErrorShape({ config: ROOT_CONFIG, error, type: 'unknown', path, input: undefined, ctx }),
  });
}

function errorResponse(error: TRPCError, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status: getHTTPStatusCodeFromError(error),
    headers: { 'content-type': TRPC_TYPE, ...TRPC_HEADERS, ...headers },
  });
}

/**
 * The refusal of a batch over MAX_BATCH_CALLS: tRPC's own words (a client may match on them), then the cap they omit.
 * One error for the whole batch, as tRPC answers it, not one per call (a thousand calls would be a thousand).
 */
function tooBigBatch(calls: TrpcCalls, ctx: Context): Response {
  const message =
    `Batch call exceeds maximum size: a batch may hold at most ${MAX_BATCH_CALLS} calls, ` +
    `and this one holds ${calls.procedures.length}.`;
  const error = new TRPCError({ code: 'BAD_REQUEST', message });
  return errorResponse(error, errorJson(error, undefined, ctx));
}

/** Procedure paths (comma-separated in a batch) that need no decoding. */
const PLAIN_CALLS = /^[A-Za-z0-9_.,]+$/;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export interface TrpcHandler {
  /**
   * What the request costs against the rate limit: each call of a rate-limited operation, and each call of an
   * unknown procedure (answered NOT_FOUND like any other request); nothing for a batch over MAX_BATCH_CALLS,
   * which is refused before any call runs.
   */
  costOf(calls: TrpcCalls): number;
  handle(request: Request, calls: TrpcCalls, ctx: Context): Promise<Reply | Response>;
}

/** The calls of one request on the common path, and the errors they met (by batch index). */
interface CommonCalls {
  called: AnyOperation[];
  inputs: unknown[];
  errors: (TRPCError | undefined)[];
  ctx: Context;
}

/**
 * One call of a request on the common path: its result, or its error shaped as tRPC shapes it. A function of its
 * own rather than a closure made per request: under tsx each named closure costs a defineProperty when made.
 */
async function runCall({ called, inputs, errors, ctx }: CommonCalls, path: string, batchIndex: number) {
  const input = inputs[batchIndex];
  try {
    return { result: { data: await callOperation(called[batchIndex] as AnyOperation, input, ctx) } };
  } catch (cause) {
    // callOperation throws nothing but TRPCErrors (invoke.ts), already in the form tRPC shapes.
    const error = cause as TRPCError;
    errors[batchIndex] = error;
    return {
      error: getTRPCErrorShape({ config: ROOT_CONFIG, error, type: 'mutation', path, input, ctx }),
    };
  }
}

/** The common path: a function that answers a request on it, or answers null to leave the request to tRPC. */
function commonPath(
  operations: ReadonlyMap<string, AnyOperation>,
): (request: Request, calls: TrpcCalls, text: string, ctx: Context) => Promise<Reply | null> {
  const transformer = TRPC_OPTIONS.transformer;
  // superjson's answer for the procedures' (plain JSON) results without its walk: test/http/api/plain-json.test.ts.
  const serialize = fastSerialize(transformer.output.serialize);
  const mutations = new Map<string, AnyOperation>();
  for (const [path, operation] of operations) if (operation.rest.method === 'POST') mutations.set(path, operation);

  return async (request, calls, text, ctx) => {
    const { isBatch, procedures: paths } = calls;
    if (calls.query !== (isBatch ? 'batch=1' : '') || !PLAIN_CALLS.test(calls.path)) return null;
    const headers = request.headers;
    const type = headers.get('content-type');
    if (type !== 'application/json' && (type ?? '').split(';', 1)[0]?.trim().toLowerCase() !== 'application/json') {
      return null;
    }
    if (headers.get('trpc-accept') !== null || headers.get('accept')?.includes('application/jsonl')) return null;
    const called: AnyOperation[] = [];
    for (const path of paths) {
      const operation = mutations.get(path);
      if (!operation) return null;
      called.push(operation);
    }
    const inputs: unknown[] = [];
    try {
      const raw: unknown = text ? JSON.parse(text) : undefined;
      if (!isBatch) inputs.push(raw === undefined ? undefined : transformer.input.deserialize(raw));
      else if (raw !== undefined) {
        if (!isObject(raw)) return null;
        for (let i = 0; i < paths.length; i++) {
          const one = raw[i];
          inputs.push(one === undefined ? undefined : transformer.input.deserialize(one));
        }
      }
    } catch {
      // tRPC reports unreadable input per call, in its own words.
      return null;
    }
    const errors: (TRPCError | undefined)[] = [];
    const run = { called, inputs, errors, ctx };
    // A batch's calls run together, as tRPC runs them; a single call needs no Promise.all.
    const results = isBatch
      ? await Promise.all(paths.map((path, i) => runCall(run, path, i)))
      : [await runCall(run, paths[0] as string, 0)];
    // All calls succeeded: getHTTPStatusCode would answer 200, and transformTRPCResponse would copy each item
    // with its Babel spread helper only to serialise `data`; the items hold nothing else, so do just that.
    if (errors.length === 0) {
      const serialized = results.map((r) => ({
        result: { data: serialize((r as { result: { data: unknown } }).result.data) },
      }));
      return new Reply(200, JSON.stringify(isBatch ? serialized : serialized[0]), TRPC_HEADERS, TRPC_TYPE);
    }
    const status = getHTTPStatusCode(results as never, errors as TRPCError[]);
    const body = JSON.stringify(transformTRPCResponse(ROOT_CONFIG, (isBatch ? results : results[0]) as never));
    return new Reply(status, body, TRPC_HEADERS, TRPC_TYPE);
  };
}

/**
 * tRPC over HTTP. The common request (POST of JSON to mutations, single or batched, no streaming) is answered
 * here: each call runs its operation as its procedure would (invoke.ts), and the answer is shaped by tRPC's own
 * helpers (error shape, status, transformer), without building a second Request, re-reading the body or going
 * through the adapter's stream machinery. Anything else (queries, GET, streaming, odd URLs, a body tRPC must
 * reject) goes to tRPC's resolveResponse with the same path, which stays the reference
 * (test/http/api/trpc-fast-path.test.ts).
 */
export function createTrpcHandler(router: AppRouter, operations: ReadonlyMap<string, AnyOperation>): TrpcHandler {
  const fastPath = commonPath(operations);
  return {
    costOf(calls) {
      if (calls.isBatch && calls.procedures.length > MAX_BATCH_CALLS) return 0;
      let cost = 0;
      for (const path of calls.procedures) cost += callCost(operations.get(path));
      return cost;
    },

    async handle(request, calls, ctx) {
      if (calls.isBatch && calls.procedures.length > MAX_BATCH_CALLS) return tooBigBatch(calls, ctx);
      let req = request;
      if (request.method === 'POST') {
        const body = await readBody(request);
        if (!body.ok) {
          const code = body.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'PARSE_ERROR';
          return trpcErrorResponse(calls, code, body.message, undefined, {}, ctx);
        }
        const reply = await fastPath(request, calls, body.text, ctx);
        if (reply) return reply;
        req = new Request(request.url, { method: 'POST', headers: request.headers, body: body.text });
      }
      return resolveResponse({
        router,
        req,
        path: calls.path,
        createContext: async () => ctx,
        allowBatching: true,
        maxBatchSize: MAX_BATCH_CALLS,
        error: null,
      });
    },
  };
}
