// The yardstick's routes: a bare Elysia route doing the same JSON work as caesar/encrypt, with no tRPC, zod or limiter.
import { Elysia, type ElysiaConfig } from 'elysia';
import { solveCaesar } from '../../src/analysis/index.js';
import { caesarEncrypt, codePointLength, namedAlphabet } from '../../src/core/index.js';

const basic = namedAlphabet('basic');

interface Body {
  text?: unknown;
  shift?: unknown;
}

const invalid = () =>
  new Response(JSON.stringify({ success: false, error: 'Validation failed' }), {
    status: 422,
    headers: { 'content-type': 'application/json' },
  });

/** The bare routes, on the given Elysia adapter (Bun's own when absent). */
export const bareApp = (adapter?: ElysiaConfig<''>['adapter']) =>
  new Elysia({ adapter })
    // Elysia's own body parser and serialiser: the cheapest idiomatic JSON route there is.
    .post('/bare/caesar/encrypt', ({ body }) => {
      const { text, shift } = (body ?? {}) as Body;
      if (typeof text !== 'string' || !text || !Number.isInteger(shift)) return invalid();
      const s = shift as number;
      if (s < -25 || s > 25) return invalid();
      return {
        success: true,
        result: caesarEncrypt(text, s, basic, { preserveCase: true, preserveNonAlpha: true }),
        method: 'encrypt',
        shift: s,
        alphabet: 'basic',
        text_length: codePointLength(text),
      };
    })
    .post('/bare/caesar/solve', ({ body }) => {
      const { text } = (body ?? {}) as Body;
      if (typeof text !== 'string' || !text) return invalid();
      const { language, solutions } = solveCaesar(text, basic, 'en');
      const best = solutions[0]!;
      return {
        success: true,
        best_solution: { shift: best.shift, text: best.text, confidence: best.score },
        all_solutions: solutions,
        alphabet: 'basic',
        language,
      };
    });
