// The REST surface: a route table made once from the operations, each route calling its operation directly.
import type { TRPCError } from '@trpc/server';
import { INVALID_JSON_BODY } from '../../../routers/errors.js';
import type { AnyOperation, Context } from '../../../routers/index.js';
import { API_PREFIX } from '../../../routers/prefixes.js';
import { isJsonContentType, readBody } from './body.js';
import { errorReply, noEndpoint, restErrorReply, withRequestId } from './errors.js';
import { callOperation } from './invoke.js';
import { jsonReply, Reply } from './reply.js';

/** Where a REST request goes: the operation and its procedure path (`caesar.encrypt`). */
export interface RestEndpoint {
  procedure: string;
  operation: AnyOperation;
}

interface Resource {
  byMethod: Map<string, RestEndpoint>;
  /** The Allow header's value, made once. */
  allow: string;
}

export interface RestHandler {
  /**
   * The endpoint a request reaches (HEAD reaches GET's), or the 404/405 reply for one that reaches none. The host
   * charges the rate limit by what this answers, and then hands the same endpoint to handle().
   */
  resolve(method: string, path: string): RestEndpoint | Reply;
  /** Every REST path (under API_PREFIX) with the methods it answers. */
  routes(): [path: string, methods: string[]][];
  handle(request: Request, endpoint: RestEndpoint, ctx: Context): Promise<Reply>;
}

const UNSUPPORTED_TYPE = 'The request body must be JSON, sent with Content-Type: application/json.';

/** A POST's input: its body, a JSON object, or the error reply that says why not. */
async function inputOf(request: Request): Promise<unknown> {
  if (!isJsonContentType(request.headers.get('content-type'))) return errorReply(415, UNSUPPORTED_TYPE);
  const body = await readBody(request);
  if (!body.ok) return errorReply(body.status, body.message);
  let input: unknown;
  try {
    input = JSON.parse(body.text);
  } catch {
    return errorReply(400, INVALID_JSON_BODY);
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return errorReply(400, 'The request body must be a JSON object.');
  }
  return input;
}

/** An error reply naming the request (made once, not per request: under tsx a named closure costs a defineProperty). */
const failed = (reply: Reply, ctx: Context): Reply =>
  ctx.requestId === undefined ? reply : withRequestId(reply, ctx.requestId);

/**
 * trpc-to-openapi's own handler rebuilds itself per request and permanently switches the routers' number and
 * boolean schemas to coercion (so "yes" would pass as true on both surfaces); the route table comes from the
 * operations instead, and each route calls its operation as its tRPC procedure would (invoke.ts).
 */
export function createRestHandler(
  operations: ReadonlyMap<string, AnyOperation>,
  onInternalError: (error: unknown, procedure: string, requestId: string | undefined) => void,
): RestHandler {
  const resources = new Map<string, Resource>();
  for (const [procedure, operation] of operations) {
    const { method, path } = operation.rest;
    const resource = resources.get(path) ?? { byMethod: new Map<string, RestEndpoint>(), allow: '' };
    if (resource.byMethod.has(method)) throw new Error(`Two operations at ${method} ${path}`);
    resource.byMethod.set(method, { procedure, operation });
    resources.set(path, resource);
  }
  for (const resource of resources.values()) resource.allow = [...resource.byMethod.keys()].join(', ');

  return {
    resolve(method, path) {
      const resource = resources.get(path);
      if (!resource) return noEndpoint(method, API_PREFIX + path);
      const endpoint = resource.byMethod.get(method === 'HEAD' ? 'GET' : method);
      if (endpoint) return endpoint;
      return errorReply(405, `Use ${resource.allow} for ${API_PREFIX}${path}.`, { Allow: resource.allow });
    },

    routes() {
      return [...resources].map(([path, resource]) => [path, [...resource.byMethod.keys()]]);
    },

    async handle(request, endpoint, ctx) {
      // An error's body names the request; an operation's answer is its own schema's, a 503 of health's included.
      const input = endpoint.operation.rest.method === 'POST' ? await inputOf(request) : undefined;
      if (input instanceof Reply) return failed(input, ctx);
      try {
        const output = await callOperation(endpoint.operation, input, ctx);
        return jsonReply(output, endpoint.operation.unavailableWhen?.test(output) ? 503 : 200);
      } catch (cause) {
        // callOperation throws nothing but TRPCErrors (invoke.ts).
        const error = cause as TRPCError;
        if (error.code === 'INTERNAL_SERVER_ERROR')
          onInternalError(error.cause ?? error, endpoint.procedure, ctx.requestId);
        return failed(restErrorReply(error), ctx);
      }
    },
  };
}
