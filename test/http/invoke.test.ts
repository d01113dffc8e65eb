// createInvoker calls a procedure exactly as procedure(opts) does: same results, same errors, same middleware threading.
import { TRPCError } from '@trpc/server';
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
  // The shapes the one-step call takes: inputs and an output in any order, async parsers, a non-object input.
  outputFirst: publicProcedure
    .output(z.object({ sum: z.number() }))
    .input(z.object({ a: z.number() }))
    .input(z.object({ b: z.number().default(2) }))
    .mutation(({ input }) => ({ sum: input.a + input.b })),
  asyncParsers: publicProcedure
    .input(z.object({ s: z.string() }).refine(async (v) => v.s !== 'no', { message: 'said no' }))
    .output(z.string().refine(async (v) => v !== 'NOPE', { message: 'bad output' }))
    .mutation(async ({ input }) => (input.s === 'nope' ? 'NOPE' : input.s.toUpperCase())),
  scalar: publicProcedure.input(z.number().transform((n) => n * 2)).mutation(({ input }) => input),
  noInput: publicProcedure.mutation(() => 'plain'),
  callsNext: publicProcedure
    .input(z.object({ a: z.number() }))
    .mutation((opts) => (opts as unknown as { next: () => Promise<unknown> }).next()),
  throwsTrpc: publicProcedure.input(z.string()).mutation(() => {
    throw new TRPCError({ code: 'CONFLICT', message: 'taken' });
  }),
  usesCtx: publicProcedure
    .input(z.object({ a: z.number() }))
    .mutation(({ ctx, input, path }) => ({ ctx, input, path })),
});

/** JavaScriptCore quotes the calling source in a TypeError's message, which differs between two correct callers. */
const plainMessage = (message: string) => message.replace(/ \(In '[\s\S]*$/, '');

/** Errors inside a result compared by name, code and message (without the engine's source excerpt). */
function comparable(value: unknown): unknown {
  if (value instanceof Error) {
    return { name: value.name, code: (value as TRPCError).code, message: plainMessage(value.message) };
  }
  if (Array.isArray(value)) return value.map(comparable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, comparable(v)]));
  }
  return value;
}

async function outcome(call: () => Promise<unknown>) {
  try {
    return { ok: true, value: comparable(await call()) };
  } catch (e) {
    const error = e as TRPCError;
    const cause = error.cause as { name?: string; issues?: unknown } | undefined;
    return {
      ok: false,
      isTrpc: error instanceof TRPCError,
      code: error.code,
      message: plainMessage(error.message),
      cause: String(cause),
      causeName: cause?.name,
      issues: JSON.stringify(cause?.issues),
    };
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
  ['caesar.encrypt', { text: 'abc', shift: 1.5 }],
  ['caesar.encrypt', { text: 'abc', shift: 3, alphabet: 'nope' }],
  ['caesar.encrypt', 'not an object'],
  ['outputFirst', { a: 1 }],
  ['outputFirst', { a: 1, b: 5 }],
  ['outputFirst', { b: 5 }],
  ['asyncParsers', { s: 'yes' }],
  ['asyncParsers', { s: 'no' }],
  ['asyncParsers', { s: 'nope' }],
  ['scalar', 21],
  ['scalar', '21'],
  ['noInput', undefined],
  ['callsNext', { a: 1 }],
  ['throwsTrpc', 'x'],
  ['usesCtx', { a: 1, extra: true }],
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

describe('createInvoker, failures outside the schemas', () => {
  const procedure = procedures['caesar.encrypt'] as AnyProcedure;
  for (const [name, getRawInput] of [
    ['a raw input that fails with an Error', () => Promise.reject(new Error('socket closed'))],
    ['a raw input that fails with a TRPCError', () => Promise.reject(new TRPCError({ code: 'PARSE_ERROR' }))],
  ] as const) {
    it(name, async () => {
      const opts = () => ({
        path: 'caesar.encrypt',
        type: 'mutation' as const,
        ctx: {},
        getRawInput,
        signal: undefined,
        batchIndex: 0,
      });
      expect(await outcome(() => createInvoker(procedure)(opts()))).toEqual(await outcome(() => procedure(opts())));
    });
  }
});
