// Calls an operation as its tRPC procedure does: input.parse → run → output.parse, with the same TRPCErrors.
import { getTRPCErrorFromUnknown, TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { AnyOperation, Context } from '../../routers/index.js';

type Parsed = { success: true; data: unknown } | { success: false; error: unknown };

/** zod's synchronous safeParse, or the asynchronous one for a schema with async checks (which the sync one refuses). */
function parse(schema: z.ZodType, value: unknown): Parsed | Promise<Parsed> {
  try {
    return schema.safeParse(value);
  } catch (error) {
    if (error instanceof z.core.$ZodAsyncError) return schema.safeParseAsync(value);
    throw error;
  }
}

const isPromise = <T>(value: T | Promise<T>): value is Promise<T> => value instanceof Promise;

/**
 * What `procedure(opts)` does for a procedure built from the operation (routers/operation.ts): its input
 * validation fails with BAD_REQUEST and the parser's error as cause, anything the run throws leaves as
 * getTRPCErrorFromUnknown makes it, and output validation fails with INTERNAL_SERVER_ERROR "Output validation
 * failed". tRPC's own call costs 15–17 µs on Node (its middleware chain copies the options object twice per step
 * with a Babel spread helper); this is the same contract in a few parser calls. test/http/invoke.test.ts holds the
 * two to the same answers, for every operation, valid and invalid input.
 */
export async function callOperation(operation: AnyOperation, raw: unknown, ctx: Context): Promise<unknown> {
  let input: Parsed;
  try {
    const parsed = parse(operation.input, raw);
    input = isPromise(parsed) ? await parsed : parsed;
    if (!input.success) throw input.error;
  } catch (cause) {
    throw new TRPCError({ code: 'BAD_REQUEST', cause });
  }
  let data: unknown;
  try {
    data = operation.run(input.data, ctx);
    if (isPromise(data)) data = await data;
  } catch (cause) {
    throw getTRPCErrorFromUnknown(cause);
  }
  let output: Parsed;
  try {
    const parsed = parse(operation.output, data);
    output = isPromise(parsed) ? await parsed : parsed;
    if (!output.success) throw output.error;
  } catch (cause) {
    throw new TRPCError({ message: 'Output validation failed', code: 'INTERNAL_SERVER_ERROR', cause });
  }
  return output.data;
}
