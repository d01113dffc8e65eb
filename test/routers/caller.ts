// The procedures' caller for the router tests, and the field → messages map of a call they expect refused.
import { TRPCError } from '@trpc/server';
import { expect } from 'vitest';
import { fieldErrorsOf } from '../../routers/errors.js';
import { createCaller } from '../../routers/index.js';

export const caller = createCaller({
  health: () => ({ status: 'ok', version: 'test', uptime_s: 0, rate_limit_store: 'memory' }),
});

/** The field→messages map of a rejected call (fails the test if the call succeeds). */
export async function fieldErrors(call: Promise<unknown>): Promise<Record<string, string[]>> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const errors = fieldErrorsOf(error as TRPCError);
  expect(errors).not.toBeNull();
  return errors as Record<string, string[]>;
}
