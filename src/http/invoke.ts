// Calls a tRPC procedure as procedure(opts) would, walking its middlewares without tRPC's per-step object copies.
import { TRPCError } from '@trpc/server';
import {
  type AnyProcedure,
  getTRPCErrorFromUnknown,
  middlewareMarker,
  type ProcedureCallOptions,
} from '@trpc/server/unstable-core-do-not-import';

type CallOptions = ProcedureCallOptions<unknown>;
type Middleware = (opts: Record<string, unknown>) => Promise<MiddlewareResult>;
type MiddlewareResult = { ok: true; data: unknown } | { ok: false; error: TRPCError };

/**
 * tRPC's callRecursive copies the whole call-options object twice per middleware with a Babel spread helper
 * (getOwnPropertyDescriptors + defineProperty), which profiling showed to be the single largest cost of a call on
 * Node. This is the same walk with native spreads: same middlewares (input and output validation, resolver),
 * same context and input threading, same errors. test/http/trpc-fast-path.test.ts compares every answer with
 * tRPC's own adapter, and test/http/invoke.test.ts with procedure(opts).
 */
export function createInvoker(procedure: AnyProcedure): (opts: CallOptions) => Promise<unknown> {
  const def = procedure._def as unknown as { middlewares?: Middleware[]; meta: unknown; experimental_caller?: boolean };
  // A procedure with its own caller (experimental_caller) is only ever called through it.
  if (def.experimental_caller || !Array.isArray(def.middlewares)) return (opts) => procedure(opts);
  const { middlewares, meta } = def;

  const step = async (index: number, opts: CallOptions): Promise<MiddlewareResult> => {
    try {
      const middleware = middlewares[index] as Middleware;
      return await middleware({
        ...opts,
        meta,
        input: opts.input,
        next(nextOpts?: { ctx?: object; input?: unknown; getRawInput?: CallOptions['getRawInput'] }) {
          return step(index + 1, {
            ...opts,
            ctx: nextOpts?.ctx ? { ...(opts.ctx as object), ...nextOpts.ctx } : opts.ctx,
            input: nextOpts && 'input' in nextOpts ? nextOpts.input : opts.input,
            getRawInput: nextOpts?.getRawInput ?? opts.getRawInput,
          } as CallOptions);
        },
      });
    } catch (cause) {
      return { ok: false, error: getTRPCErrorFromUnknown(cause), marker: middlewareMarker } as MiddlewareResult;
    }
  };

  return async (opts) => {
    const result = await step(0, opts);
    if (!result) {
      throw new TRPCError({
        code: 'INTERNAL_SERVER_ERROR',
        message: 'No result from middlewares - did you forget to `return next()`?',
      });
    }
    if (!result.ok) throw result.error;
    return result.data;
  };
}
