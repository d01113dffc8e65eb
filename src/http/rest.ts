// The REST surface: routes read from the routers' OpenAPI metadata, built once, each calling its procedure directly.
import { TRPCError } from '@trpc/server';
import { type AnyProcedure, getTRPCErrorFromUnknown } from '@trpc/server/unstable-core-do-not-import';
import { forEachOpenApiProcedure, type OpenApiRouter } from 'trpc-to-openapi';
import type { Context } from '../../routers/trpc.js';
import { isJsonContentType, readBody } from './body.js';
import { errorReply, jsonReply, type Reply, restErrorReply } from './errors.js';
import { createInvoker } from './invoke.js';

interface Route {
  /** Dotted procedure path, e.g. caesar.encrypt. */
  path: string;
  type: 'query' | 'mutation';
  invoke: ReturnType<typeof createInvoker>;
}

interface Resource {
  byMethod: Map<string, Route>;
  /** The Allow header's value and the 405 reply's message, made once. */
  allow: string;
}

export interface RestHandler {
  /** Which methods a REST path answers, if it is one of ours. */
  methodsOf(path: string): string[] | undefined;
  /** Every REST path (under /api/v1) with the methods it answers, from the routers' OpenAPI metadata. */
  routes(): [path: string, methods: string[]][];
  handle(request: Request, path: string, ctx: Context): Promise<Reply>;
}

const UNSUPPORTED_TYPE = 'The request body must be JSON, sent with Content-Type: application/json.';

/**
 * trpc-to-openapi's own handler rebuilds itself per request and permanently switches the routers' number and
 * boolean schemas to coercion (so "yes" would pass as true on both surfaces); we keep its metadata, not its handler.
 * Each route holds an invoker for its procedure, made once, that calls it as tRPC's caller would (same
 * middlewares, input and output validation, errors), without building a caller proxy per request.
 */
export function createRestHandler(
  router: OpenApiRouter,
  onInternalError: (error: unknown, path: string) => void,
): RestHandler {
  const resources = new Map<string, Resource>();
  forEachOpenApiProcedure(router._def.procedures, ({ path, procedure, meta }) => {
    const type = procedure._def.type;
    if (type === 'subscription') return;
    const resource = resources.get(meta.openapi.path) ?? { byMethod: new Map<string, Route>(), allow: '' };
    resource.byMethod.set(meta.openapi.method, { path, type, invoke: createInvoker(procedure as AnyProcedure) });
    resources.set(meta.openapi.path, resource);
  });
  for (const resource of resources.values()) resource.allow = [...resource.byMethod.keys()].join(', ');

  const call = (ctx: Context, route: Route, input: unknown): Promise<unknown> =>
    route.invoke({
      path: route.path,
      type: route.type,
      ctx,
      getRawInput: () => Promise.resolve(input),
      signal: undefined,
      batchIndex: 0,
    });

  return {
    methodsOf(path) {
      const resource = resources.get(path);
      return resource && [...resource.byMethod.keys()];
    },

    routes() {
      return [...resources].map(([path, resource]) => [path, [...resource.byMethod.keys()]]);
    },

    async handle(request, path, ctx) {
      const resource = resources.get(path);
      if (!resource) return errorReply(404, `No endpoint at ${request.method} /api/v1${path}.`);
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      const route = resource.byMethod.get(method);
      if (!route) return errorReply(405, `Use ${resource.allow} for /api/v1${path}.`, { Allow: resource.allow });
      let input: unknown;
      if (route.type === 'mutation') {
        if (!isJsonContentType(request.headers.get('content-type'))) return errorReply(415, UNSUPPORTED_TYPE);
        const body = await readBody(request);
        if (!body.ok) return errorReply(body.status, body.message);
        try {
          input = JSON.parse(body.text);
        } catch {
          return errorReply(400, 'The request body is not valid JSON.');
        }
        if (typeof input !== 'object' || input === null || Array.isArray(input)) {
          return errorReply(400, 'The request body must be a JSON object.');
        }
      }
      try {
        return jsonReply(await call(ctx, route, input));
      } catch (cause) {
        const error = cause instanceof TRPCError ? cause : getTRPCErrorFromUnknown(cause);
        if (error.code === 'INTERNAL_SERVER_ERROR') onInternalError(error.cause ?? error, path);
        return restErrorReply(error);
      }
    },
  };
}

/**
 * The path of a request URL, as `new URL(url).pathname` gives it. Plain paths are cut out of the string;
 * anything URL parsing would rewrite (dot segments, escapes, backslashes) still goes through URL.
 */
export function pathnameOf(url: string): string {
  const scheme = url.indexOf('://');
  const start = scheme < 0 ? -1 : url.indexOf('/', scheme + 3);
  if (start < 0) return new URL(url).pathname;
  let end = url.length;
  for (let i = start; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 63 /* ? */ || c === 35 /* # */) {
      end = i;
      break;
    }
  }
  const path = url.slice(start, end);
  return PLAIN_PATH.test(path) && !path.includes('/.') ? path : new URL(url).pathname;
}

const PLAIN_PATH = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/]*$/;
