// The application router: every procedure of the service, for tRPC, REST and the OpenAPI document.
import { caesarRouter } from './caesar.js';
import { metaRouter } from './meta.js';
import { rot13Router } from './rot13.js';
import { createCallerFactory, router } from './trpc.js';
import { vigenereRouter } from './vigenere.js';

export const appRouter = router({
  caesar: caesarRouter,
  rot13: rot13Router,
  vigenere: vigenereRouter,
  meta: metaRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
export type { Context, HealthReport } from './trpc.js';
