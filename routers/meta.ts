// Meta operations: health, the named alphabets and the solver languages (GET, never rate-limited).
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { LANGUAGE_INFO, LANGUAGES } from '../src/analysis/index.js';
import { alphabetLetters, NAMED_ALPHABETS, namedAlphabet } from '../src/core/index.js';
import { VERSION } from '../src/version.js';
import { success } from './fields.js';
import type { Operation, OperationGroup, RestRoute } from './operation.js';
import type { Context } from './trpc.js';

const healthOutput = z.object({
  status: z.enum(['ok', 'degraded', 'shutting_down']).meta({
    description:
      'ok; degraded while the rate-limit store is failing (requests are then served unlimited); shutting_down ' +
      'during the shutdown grace (REST answers it with 503), when the instance finishes what it has and takes no more.',
    example: 'ok',
  }),
  version: z.string().meta({ description: 'The service version.', example: VERSION }),
  uptime_s: z.number().meta({ description: 'Seconds since the service started.', example: 3600 }),
  rate_limit_store: z.enum(['memory', 'redis']).meta({
    description: 'Where the rate limit is counted: memory (one instance) or redis (shared).',
    example: 'memory',
  }),
});

/** What GET /api/v1/health answers, as the host reports it. */
export type HealthReport = z.output<typeof healthOutput>;

const alphabetsOutput = z.object({
  success,
  alphabets: z
    .array(
      z.object({
        name: z.string().meta({ description: 'Alphabet name, as the alphabet field takes it.', example: 'basic' }),
        letters: z
          .string()
          .meta({ description: 'The letters in order, upper case.', example: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ' }),
        size: z.int().meta({ description: 'Number of letters.', example: 26 }),
      }),
    )
    .meta({ description: 'The named alphabets (custom is not listed).' }),
});

const languagesOutput = z.object({
  success,
  languages: z
    .array(
      z.object({
        code: z.string().meta({ description: 'Language code, as the language field takes it.', example: 'en' }),
        name: z.string().meta({ description: 'The language, in English.', example: 'English' }),
        alphabet: z.string().meta({ description: 'The alphabet the language is written in.', example: 'basic' }),
      }),
    )
    .meta({ description: 'The solver languages.' }),
});

// Built once: these lists never change while the process runs.
const alphabets = NAMED_ALPHABETS.map((name) => {
  const a = namedAlphabet(name);
  return { name, letters: alphabetLetters(a), size: a.size };
});
const languages = LANGUAGES.map((code) => ({ code, ...LANGUAGE_INFO[code] }));

const noInput = z.void();

/** A meta operation: GET without input, and never counted against the rate limit (the one place that rule lives). */
function metaGet<O extends z.ZodType>(
  path: RestRoute['path'],
  summary: string,
  description: string,
  output: O,
  run: (ctx: Context) => z.input<O>,
  unavailableWhen?: Operation<typeof noInput, O>['unavailableWhen'],
): Operation<typeof noInput, O, 'GET'> {
  return {
    rest: { method: 'GET', path, summary, description },
    input: noInput,
    output,
    rateLimited: false,
    run: (_input, ctx) => run(ctx),
    ...(unavailableWhen && { unavailableWhen }),
  };
}

const metaOperations = {
  health: metaGet(
    '/health',
    'Service health',
    'Whether the service and its rate-limit store are working, and whether it takes requests (503 while it shuts down).',
    healthOutput,
    (ctx) => {
      if (!ctx.health) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'No health source configured.' });
      // Checked by healthOutput on the way out.
      return ctx.health() as HealthReport;
    },
    {
      test: (report) => report.status === 'shutting_down',
      description: 'The service is shutting down (status shutting_down): send to another instance.',
    },
  ),
  alphabets: metaGet(
    '/alphabets',
    'The named alphabets',
    'The named alphabets, letters in order (upper case).',
    alphabetsOutput,
    () => ({ success: true as const, alphabets }),
  ),
  languages: metaGet(
    '/languages',
    'The languages the solvers know',
    'The languages the solvers have models for, with the alphabet each uses.',
    languagesOutput,
    () => ({ success: true as const, languages }),
  ),
};

export const metaGroup = {
  tag: 'meta',
  description: 'Facts about the service.',
  operations: metaOperations,
} satisfies OperationGroup;
