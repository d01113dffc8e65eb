// Calls a tRPC procedure as procedure(opts) would, walking its middlewares without tRPC's per-step object copies.
import { TRPCError } from '@trpc/server';
import {
  type AnyProcedure,
  getParseFn,
  getTRPCErrorFromUnknown,
  isObject,
  middlewareMarker,
  type ProcedureCallOptions,
} from '@trpc/server/unstable-core-do-not-import';

type CallOptions = ProcedureCallOptions<unknown>;
type Middleware = (opts: Record<string, unknown>) => Promise<MiddlewareResult>;
type MiddlewareResult = { ok: true; data: unknown } | { ok: false; error: TRPCError };
type ParseFn = (value: unknown) => unknown;
type Resolver = (opts: Record<string, unknown>) => unknown;
type Def = {
  middlewares?: Array<Middleware & { _type?: string }>;
  inputs?: unknown[];
  output?: unknown;
  resolver?: Resolver;
  meta: unknown;
  experimental_caller?: boolean;
};

/** Awaits only what is a promise: zod's sync parse answers at once. */
const settle = (value: unknown): unknown =>
  value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function'
    ? value
    : undefined;

/**
 * tRPC's callRecursive copies the whole call-options object twice per middleware with a Babel spread helper
 * (getOwnPropertyDescriptors + defineProperty), which profiling showed to be the single largest cost of a call on
 * Node. This is the same walk with native spreads: same middlewares (input and output validation, resolver),
 * same context and input threading, same errors. test/http/trpc-fast-path.test.ts compares every answer with
 * tRPC's own adapter, and test/http/invoke.test.ts with procedure(opts).
 *
 * A procedure made only of .input()s, at most one .output() and its resolver (every procedure of the app) is
 * called in one step: the same parse functions tRPC builds from the same schemas (getParseFn), the same
 * BAD_REQUEST and "Output validation failed" errors with the parser's error as cause, the same input merging,
 * without a middleware walk and the copies of the options and of the result that tRPC's own validation
 * middlewares make with its spread helper.
 */
export function createInvoker(procedure: AnyProcedure): (opts: CallOptions) => Promise<unknown> {
  const def = procedure._def as unknown as Def;
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

  const direct = directCall(def, meta, (opts) => step(middlewares.length, opts));
  if (direct) return direct;

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

/**
 * The one-step call for a procedure whose middlewares are its input parsers, at most one output parser and
 * the resolver, in any order (an output check wraps the rest, so where it sits does not change the outcome);
 * undefined for any other procedure. Errors leave as procedure(opts) throws them: a TRPCError as it is,
 * anything else wrapped by getTRPCErrorFromUnknown.
 */
function directCall(
  def: Def,
  meta: unknown,
  pastEnd: (opts: CallOptions) => Promise<MiddlewareResult>,
): ((opts: CallOptions) => Promise<unknown>) | undefined {
  const { middlewares = [], inputs = [], resolver } = def;
  const last = middlewares[middlewares.length - 1];
  if (typeof resolver !== 'function' || !last || last._type !== undefined) return undefined;
  let inputCount = 0;
  let outputCount = 0;
  for (let i = 0; i < middlewares.length - 1; i++) {
    const type = middlewares[i]?._type;
    if (type === 'input') inputCount++;
    else if (type === 'output') outputCount++;
    else return undefined;
  }
  if (inputCount !== inputs.length || outputCount !== (def.output === undefined ? 0 : 1)) return undefined;
  const inputParsers: ParseFn[] = inputs.map((schema) => getParseFn(schema as never) as ParseFn);
  const outputParser = outputCount ? (getParseFn(def.output as never) as ParseFn) : undefined;

  return async (opts) => {
    try {
      let input = opts.input;
      for (const parse of inputParsers) {
        const raw = await opts.getRawInput();
        let parsed: unknown;
        try {
          parsed = parse(raw);
          if (settle(parsed)) parsed = await parsed;
        } catch (cause) {
          throw new TRPCError({ code: 'BAD_REQUEST', cause });
        }
        input = isObject(input) && isObject(parsed) ? { ...input, ...parsed } : parsed;
      }
      let data = resolver({
        ...opts,
        meta,
        input,
        // What tRPC's resolver would get from next(): there is no middleware after it.
        next: (nextOpts?: { ctx?: object; input?: unknown }) =>
          pastEnd({
            ...opts,
            ctx: nextOpts?.ctx ? { ...(opts.ctx as object), ...nextOpts.ctx } : opts.ctx,
            input: nextOpts && 'input' in nextOpts ? nextOpts.input : input,
          } as CallOptions),
      });
      if (settle(data)) data = await data;
      if (!outputParser) return data;
      try {
        const out = outputParser(data);
        return settle(out) ? await out : out;
      } catch (cause) {
        throw new TRPCError({ message: 'Output validation failed', code: 'INTERNAL_SERVER_ERROR', cause });
      }
    } catch (cause) {
      throw getTRPCErrorFromUnknown(cause);
    }
  };
}
