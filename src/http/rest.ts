// The REST surface: routes read from the routers' OpenAPI metadata, built once, dispatched through a caller.
import { TRPCError } from '@trpc/server';
import { getTRPCErrorFromUnknown } from '@trpc/server/unstable-core-do-not-import';
import { forEachOpenApiProcedure, type OpenApiRouter } from 'trpc-to-openapi';
import type { Context } from '../../routers/trpc.js';
import { isJsonContentType, readBody } from './body.js';
import { errorResponse, json, restErrorResponse } from './errors.js';

interface Route {
  /** Dotted procedure path, e.g. caesar.encrypt. */
  procedure: string[];
  type: 'query' | 'mutation';
}

type CallerFn = (input: unknown) => Promise<unknown>;
type Caller = Record<string, unknown>;

export interface RestHandler {
  /** Which methods a REST path answers, if it is one of ours. */
  methodsOf(path: string): string[] | undefined;
  handle(request: Request, path: string, ctx: Context): Promise<Response>;
}

/**
 * trpc-to-openapi's own handler rebuilds itself per request and permanently switches the routers' number and
 * boolean schemas to coercion (so "yes" would pass as true on both surfaces); we keep its metadata, not its handler.
 */
export function createRestHandler(
  router: OpenApiRouter,
  createCaller: (ctx: Context) => Caller,
  onInternalError: (error: unknown, path: string) => void,
): RestHandler {
  const routes = new Map<string, Map<string, Route>>();
  forEachOpenApiProcedure(router._def.procedures, ({ path, procedure, meta }) => {
    const type = procedure._def.type;
    if (type === 'subscription') return;
    const byMethod = routes.get(meta.openapi.path) ?? new Map<string, Route>();
    byMethod.set(meta.openapi.method, { procedure: path.split('.'), type });
    routes.set(meta.openapi.path, byMethod);
  });

  const call = (ctx: Context, route: Route, input: unknown): Promise<unknown> => {
    let fn: unknown = createCaller(ctx);
    for (const segment of route.procedure) fn = (fn as Caller)[segment];
    return (fn as CallerFn)(input);
  };

  return {
    methodsOf(path) {
      const byMethod = routes.get(path);
      return byMethod && [...byMethod.keys()];
    },

    async handle(request, path, ctx) {
      const byMethod = routes.get(path);
      if (!byMethod) return errorResponse(404, `No endpoint at ${request.method} /api/v1${path}.`);
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      const route = byMethod.get(method);
      if (!route) {
        const allow = [...byMethod.keys()].join(', ');
        return errorResponse(405, `Use ${allow} for /api/v1${path}.`, { Allow: allow });
      }
      let input: unknown;
      if (route.type === 'mutation') {
        if (!isJsonContentType(request.headers.get('content-type'))) {
          return errorResponse(415, 'The request body must be JSON, sent with Content-Type: application/json.');
        }
        const body = await readBody(request);
        if (!body.ok) return errorResponse(body.status, body.message);
        try {
          input = JSON.parse(body.text);
        } catch {
          return errorResponse(400, 'The request body is not valid JSON.');
        }
        if (typeof input !== 'object' || input === null || Array.isArray(input)) {
          return errorResponse(400, 'The request body must be a JSON object.');
        }
      }
      try {
        return json(await call(ctx, route, input));
      } catch (cause) {
        const error = cause instanceof TRPCError ? cause : getTRPCErrorFromUnknown(cause);
        if (error.code === 'INTERNAL_SERVER_ERROR') onInternalError(error.cause ?? error, path);
        return restErrorResponse(error);
      }
    },
  };
}
