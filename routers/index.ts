// The application's operations and the router built from them: every procedure of the service, for tRPC, REST and
// the OpenAPI document.
import { caesarOperations } from './caesar.js';
import { identifyOperations } from './identify.js';
import { metaOperations } from './meta.js';
import { type AnyOperation, proceduresOf } from './operation.js';
import { rot13Operations } from './rot13.js';
import { createCallerFactory, router } from './trpc.js';
import { vigenereOperations } from './vigenere.js';

/** Every operation, by group; a procedure's path is `group.name` (`caesar.encrypt`). */
const operations = {
  caesar: caesarOperations,
  rot13: rot13Operations,
  vigenere: vigenereOperations,
  analysis: identifyOperations,
  meta: metaOperations,
};

export const appRouter = router({
  caesar: proceduresOf(operations.caesar),
  rot13: proceduresOf(operations.rot13),
  vigenere: proceduresOf(operations.vigenere),
  analysis: proceduresOf(operations.analysis),
  meta: proceduresOf(operations.meta),
});

export type AppRouter = typeof appRouter;

/** Every operation by its procedure path (`caesar.encrypt`), in declaration order. */
export const OPERATIONS: ReadonlyMap<string, AnyOperation> = new Map(
  Object.entries(operations).flatMap(([group, ops]) =>
    Object.entries(ops as Record<string, AnyOperation>).map(([name, op]) => [`${group}.${name}`, op] as const),
  ),
);

export const createCaller = createCallerFactory(appRouter);
export type { HealthReport } from './meta.js';
export type { AnyOperation, Operation } from './operation.js';
export type { Context } from './trpc.js';
