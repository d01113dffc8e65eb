// Meta procedures: health, the named alphabets and the solver languages (GET, never rate-limited).
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { LANGUAGE_INFO, LANGUAGES } from '../src/analysis/languages.js';
import { alphabetLetters, NAMED_ALPHABETS, namedAlphabet } from '../src/core/index.js';
import { publicProcedure, router } from './trpc.js';

const healthOutput = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptime_s: z.number(),
  rate_limit_store: z.enum(['memory', 'redis']),
});

const alphabetsOutput = z.object({
  success: z.literal(true),
  alphabets: z.array(z.object({ name: z.string(), letters: z.string(), size: z.int() })),
});

const languagesOutput = z.object({
  success: z.literal(true),
  languages: z.array(z.object({ code: z.string(), name: z.string(), alphabet: z.string() })),
});

// Built once: these lists never change while the process runs.
const alphabets = NAMED_ALPHABETS.map((name) => {
  const a = namedAlphabet(name);
  return { name, letters: alphabetLetters(a), size: a.size };
});
const languages = LANGUAGES.map((code) => ({ code, ...LANGUAGE_INFO[code] }));

const get = (path: `/${string}`, summary: string) => ({
  openapi: { method: 'GET' as const, path, tags: ['meta'], summary, protect: false },
});

export const metaRouter = router({
  health: publicProcedure
    .meta(get('/health', 'Service health'))
    .input(z.void())
    .output(healthOutput)
    .query(({ ctx }) => {
      if (!ctx.health) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'No health source configured.' });
      return ctx.health();
    }),
  alphabets: publicProcedure
    .meta(get('/alphabets', 'The named alphabets'))
    .input(z.void())
    .output(alphabetsOutput)
    .query(() => ({ success: true as const, alphabets })),
  languages: publicProcedure
    .meta(get('/languages', 'The languages the solvers know'))
    .input(z.void())
    .output(languagesOutput)
    .query(() => ({ success: true as const, languages })),
});
