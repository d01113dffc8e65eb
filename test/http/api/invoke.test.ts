// callOperation answers exactly as the operation's tRPC procedure does through tRPC's own caller: every operation,
// valid and invalid input (fast-check), same data, same error code, message, cause and field map.
import { TRPCError } from '@trpc/server';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsOf } from '../../../routers/errors.js';
import { type AnyOperation, createCaller, OPERATIONS } from '../../../routers/index.js';
import { post, proceduresOf } from '../../../routers/operation.js';
import { createCallerFactory, router } from '../../../routers/trpc.js';
import { inputFor } from '../../../scripts/lib/hostile.js';
import { callOperation } from '../../../src/http/api/invoke.js';

const ctx = {
  health: () => ({ status: 'ok' as const, version: 'test', uptime_s: 1, rate_limit_store: 'memory' as const }),
};

/** JavaScriptCore quotes the calling source in a TypeError's message, which differs between two correct callers. */
const plainMessage = (message: string) => message.replace(/ \(In '[\s\S]*$/, '');

/** What a caller can observe of a call: its data, or its error's class, code, message, cause and field map. */
async function outcome(call: () => Promise<unknown>) {
  try {
    return { ok: true, data: await call() };
  } catch (e) {
    const error = e as TRPCError;
    const cause = error.cause as { name?: string; message?: string } | undefined;
    return {
      ok: false,
      isTrpc: error instanceof TRPCError,
      code: error.code,
      message: plainMessage(error.message),
      causeName: cause?.name,
      causeMessage: cause?.message === undefined ? undefined : plainMessage(cause.message),
      fieldErrors: error instanceof TRPCError ? fieldErrorsOf(error) : null,
    };
  }
}

type Call = (input: unknown) => Promise<unknown>;

/** tRPC's own path to an operation's procedure: the router's caller, `caller.caesar.encrypt(input)`. */
function viaCaller(procedure: string): Call {
  const [group, name] = procedure.split('.') as [string, string];
  const caller = createCaller(ctx) as unknown as Record<string, Record<string, Call>>;
  const fn = caller[group]?.[name];
  if (!fn) throw new Error(`The router has no procedure ${procedure}`);
  return (input) => fn(input);
}

/** Inputs for an operation: anything at all, and objects of its own fields (valid ones among them). */
function inputsFor(operation: AnyOperation): fc.Arbitrary<unknown> {
  if (operation.rest.method === 'GET') return fc.oneof(fc.constant(undefined), fc.anything());
  return fc.oneof({ weight: 1, arbitrary: fc.anything() }, { weight: 6, arbitrary: inputFor(operation.rest.path) });
}

// The solvers take milliseconds per call; the rest microseconds.
const HEAVY = new Set([
  'caesar.solve',
  'caesar.bulk',
  'vigenere.analyze',
  'analysis.identify',
  'substitution.solve',
  'affine.solve',
]);

describe('callOperation answers as the procedure does through createCaller', () => {
  it('covers every operation, and every operation is a procedure of the router', () => {
    expect(OPERATIONS.size).toBe(20);
    for (const procedure of OPERATIONS.keys()) expect(() => viaCaller(procedure)).not.toThrow();
  });

  for (const [procedure, operation] of OPERATIONS) {
    it(`${procedure}, valid and invalid input`, async () => {
      const theirs = viaCaller(procedure);
      let valid = 0;
      await fc.assert(
        fc.asyncProperty(inputsFor(operation), async (input) => {
          const ours = await outcome(() => callOperation(operation, structuredClone(input), ctx));
          if (ours.ok) valid++;
          expect(ours).toEqual(await outcome(() => theirs(structuredClone(input))));
        }),
        {
          numRuns: HEAVY.has(procedure) ? 25 : 150,
          // The documented example (a valid call) always runs, besides the generated ones.
          examples: [[operation.example?.request]],
        },
      );
      // The property must have reached the operation itself, not only its validation.
      expect(valid).toBeGreaterThan(0);
    }, 120_000);
  }
});

/** Operations that exercise what the service's own do not: async checks, failures of the run and of the output. */
const odd = {
  asyncCheck: post(
    { path: '/odd/async', summary: 'async', description: 'async checks' },
    {
      input: z.object({ s: z.string() }).refine(async (v) => v.s !== 'no', { message: 'said no' }),
      output: z.string().refine(async (v) => v !== 'NOPE', { message: 'bad output' }),
      run: async (input) => (input.s === 'nope' ? 'NOPE' : input.s.toUpperCase()),
    },
  ),
  throws: post(
    { path: '/odd/throws', summary: 'throws', description: 'throws' },
    {
      input: z.object({ kind: z.enum(['error', 'trpc', 'string']) }),
      output: z.never(),
      run: (input) => {
        if (input.kind === 'error') throw new Error('boom');
        if (input.kind === 'trpc') throw new TRPCError({ code: 'CONFLICT', message: 'taken' });
        throw 'a string';
      },
    },
  ),
  badOutput: post(
    { path: '/odd/output', summary: 'output', description: 'bad output' },
    { input: z.object({}), output: z.object({ n: z.number() }), run: () => ({ n: 'x' }) as unknown as { n: number } },
  ),
  transforms: post(
    { path: '/odd/transforms', summary: 'transforms', description: 'transforms' },
    {
      input: z.object({ n: z.number().transform((n) => n * 2) }),
      output: z.object({ n: z.number() }),
      run: (input) => ({ n: input.n + 1 }),
    },
  ),
  stripsOutput: post(
    { path: '/odd/strips', summary: 'strips', description: 'output keys the schema does not know' },
    {
      input: z.void(),
      output: z.object({ n: z.number() }),
      run: () => ({ n: 1, secret: 'not for the client' }) as { n: number },
    },
  ),
  usesCtx: post(
    { path: '/odd/ctx', summary: 'ctx', description: 'ctx' },
    { input: z.void(), output: z.string(), run: (_input, c) => JSON.stringify(c.health?.() ?? 'none') },
  ),
};

describe('callOperation, odd operations', () => {
  const caller = createCallerFactory(
    router(proceduresOf({ tag: 'odd', description: 'odd operations', operations: odd })),
  )(ctx) as unknown as Record<string, Call>;
  const CASES: Array<[keyof typeof odd, unknown]> = [
    ['asyncCheck', { s: 'yes' }],
    ['asyncCheck', { s: 'no' }],
    ['asyncCheck', { s: 'nope' }],
    ['asyncCheck', { s: 1 }],
    ['throws', { kind: 'error' }],
    ['throws', { kind: 'trpc' }],
    ['throws', { kind: 'string' }],
    ['throws', {}],
    ['badOutput', {}],
    ['transforms', { n: 20 }],
    ['transforms', { n: '20' }],
    ['stripsOutput', undefined],
    ['usesCtx', undefined],
  ];
  it.each(CASES)('%s %j', async (name, input) => {
    const ours = await outcome(() => callOperation(odd[name], input, ctx));
    expect(ours).toEqual(await outcome(() => (caller[name] as Call)(input)));
  });
});
