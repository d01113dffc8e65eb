// The application's operations and the router built from them: the ciphers of the registry, identify and meta, for
// tRPC, REST and the OpenAPI document.
import { CIPHERS } from './ciphers/index.js';
import { identifyGroup } from './identify.js';
import { metaGroup } from './meta.js';
import { type AnyOperation, type OperationGroup, proceduresOf } from './operation.js';
import { createCallerFactory, router } from './trpc.js';

/** Every group of operations by its tRPC router key; a procedure's path is `group.name` (`caesar.encrypt`). */
export const GROUPS = { ...CIPHERS, analysis: identifyGroup, meta: metaGroup } satisfies Record<string, OperationGroup>;

type Groups = typeof GROUPS;

/** One tRPC router per group, under the group's key. */
function routersOf(groups: Groups) {
  const out: Record<string, unknown> = {};
  for (const [key, group] of Object.entries(groups)) out[key] = proceduresOf(group as OperationGroup);
  return out as { [G in keyof Groups]: ReturnType<typeof proceduresOf<Groups[G]['operations']>> };
}

export const appRouter = router(routersOf(GROUPS));

export type AppRouter = typeof appRouter;

/** Every operation by its procedure path (`caesar.encrypt`), in declaration order. */
export const OPERATIONS: ReadonlyMap<string, AnyOperation> = new Map(
  Object.entries(GROUPS).flatMap(([key, group]) =>
    Object.entries(group.operations as Record<string, AnyOperation>).map(
      ([name, op]) => [`${key}.${name}`, op] as const,
    ),
  ),
);

export const createCaller = createCallerFactory(appRouter);
export type { HealthReport } from './meta.js';

export type { AnyOperation, OperationGroup } from './operation.js';

export type { Context } from './trpc.js';
