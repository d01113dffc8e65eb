// Calls an operation as its tRPC procedure does: input.parse → run → output.parse, with the same TRPCErrors.
import { getTRPCErrorFromUnknown, TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { AnyOperation, Context } from '../../../routers/index.js';

type Parsed = { success: true; data: unknown } | { success: false; error: unknown };

const isPromise = <T>(value: T | Promise<T>): value is Promise<T> => value instanceof Promise;

/**
 * What `schema` makes of `value`, through zod's synchronous safeParse, or the asynchronous one for a schema with
 * async checks (which the synchronous one refuses): the parsed value, or a promise of it. Whatever fails (the
 * parser's error, or anything a check throws) leaves as `fail(cause)`.
 */
function parsed(schema: z.ZodType, value: unknown, fail: (cause: unknown) => TRPCError): unknown {
  let result: Parsed | Promise<Parsed>;
  try {
    result = schema.safeParse(value);
  } catch (error) {
    if (!(error instanceof z.core.$ZodAsyncError)) throw fail(error);
    result = schema.safeParseAsync(value);
  }
  if (isPromise(result)) {
    return result.then(
      (r) => settle(r, fail),
      (cause) => Promise.reject(fail(cause)),
    );
  }
  return settle(result, fail);
}

/**
 * A parse's value, or its failure thrown. Made once, not per call: under tsx (esbuild's keepNames) a named closure
 * costs a defineProperty each time it is made, some 0.3 µs on Node, and a request parses twice.
 */
function settle(result: Parsed, fail: (cause: unknown) => TRPCError): unknown {
  if (result.success) return result.data;
  throw fail(result.error);
}

const inputFailed = (cause: unknown) => new TRPCError({ code: 'BAD_REQUEST', cause });
const outputFailed = (cause: unknown) =>
  new TRPCError({ message: 'Output validation failed', code: 'INTERNAL_SERVER_ERROR', cause });

/**
 * What `procedure(opts)` does for a procedure built from the operation (routers/operation.ts): its input
 * validation fails with BAD_REQUEST and the parser's error as cause, anything the run throws leaves as
 * getTRPCErrorFromUnknown makes it, and output validation fails with INTERNAL_SERVER_ERROR "Output validation
 * failed". tRPC's own call costs 15–17 µs on Node (its middleware chain copies the options object twice per step
 * with a Babel spread helper); this is the same contract in a few parser calls. test/http/api/invoke.test.ts holds
 * the two to the same answers, for every operation, valid and invalid input. It throws nothing but TRPCErrors, so the
 * surfaces shape what it throws without converting it again.
 */
export async function callOperation(operation: AnyOperation, raw: unknown, ctx: Context): Promise<unknown> {
  let input = parsed(operation.input, raw, inputFailed);
  if (isPromise(input)) input = await input;
  let data: unknown;
  try {
    data = operation.run(input, ctx);
    if (isPromise(data)) data = await data;
  } catch (cause) {
    throw getTRPCErrorFromUnknown(cause);
  }
  return parsed(operation.output, data, outputFailed);
}
