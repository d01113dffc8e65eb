// createInvoker calls a procedure exactly as procedure(opts) does: same results, same errors, same middleware threading.
import type { TRPCError } from '@trpc/server';
import type { AnyProcedure } from '@trpc/server/unstable-core-do-not-import';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appRouter } from '../../routers/index.js';
import { publicProcedure, router } from '../../routers/trpc.js';
import { createInvoker } from '../../src/http/invoke.js';

const withMiddleware = router({
  echo: publicProcedure
    .use(({ next }) => next({ ctx: { extra: 'from middleware' } }))
    .input(z.object({ a: z.number() }))
    .input(z.object({ b: z.string().default('b') }))
    .output(z.object({ a: z.number(), b: z.string(), extra: z.string() }))
    .mutation(({ input, ctx }) => ({ ...input, extra: (ctx as { extra: string }).extra })),
  badOutput: publicProcedure
    .output(z.object({ n: z.number() }))
    .mutation(() => ({ n: 'not a number' }) as unknown as { n: number }),
  throws: publicProcedure.mutation(() => {
    throw new Error('boom');
  }),
});

async function outcome(call: () => Promise<unknown>) {
  try {
    return { ok: true, value: await call() };
  } catch (e) {
    const error = e as TRPCError;
    return { ok: false, code: error.code, message: error.message, cause: String(error.cause) };
  }
}

const procedures = {
  ...(appRouter._def.procedures as unknown as Record<string, AnyProcedure>),
  ...(withMiddleware._def.procedures as unknown as Record<string, AnyProcedure>),
};

const CALLS: Array<[string, unknown]> = [
  ['caesar.encrypt', { text: 'Hello, World!', shift: 3 }],
  ['caesar.encrypt', { text: 'abc', shift: 26 }],
  ['caesar.encrypt', undefined],
  ['vigenere.encrypt', { text: 'Attack at dawn', key: 'L3MON' }],
  ['rot13.bulk', { items: ['abc', 'Łódź'] }],
  ['echo', { a: 1 }],
  ['echo', { a: 'x' }],
  ['badOutput', undefined],
  ['throws', undefined],
];

describe('createInvoker', () => {
  for (const [path, input] of CALLS) {
    it(`${path} ${JSON.stringify(input)}`, async () => {
      const procedure = procedures[path] as AnyProcedure;
      const opts = () => ({
        path,
        type: procedure._def.type,
        ctx: {},
        getRawInput: () => Promise.resolve(input),
        signal: undefined,
        batchIndex: 0,
      });
      expect(await outcome(() => createInvoker(procedure)(opts()))).toEqual(await outcome(() => procedure(opts())));
    });
  }
});
