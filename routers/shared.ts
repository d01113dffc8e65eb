// Helpers the cipher routers share: alphabet resolution, text options, solver errors as field errors.

import { TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { AnalysisInputError } from '../src/analysis/errors.js';
import { type ComputeService, ComputeUnavailableError, inlineCompute } from '../src/compute/compute.js';
import type { TaskArgs, TaskKind, TaskResult } from '../src/compute/tasks.js';
import { type Alphabet, type AlphabetName, resolveAlphabet, type TextOptions } from '../src/core/index.js';
import { type FieldErrors, FieldValidationError, invalidField } from './errors.js';

export function alphabetOf(input: { alphabet?: AlphabetName; custom_alphabet?: string }): Alphabet {
  return resolveAlphabet(input.alphabet ?? 'basic', input.custom_alphabet);
}

export function textOptions(input: { preserve_case?: boolean; preserve_non_alpha?: boolean }): TextOptions {
  return { preserveCase: input.preserve_case ?? true, preserveNonAlpha: input.preserve_non_alpha ?? true };
}

/** Runs a solver, turning "this text cannot be analysed" into a 422 on the named field. */
export function solving<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof AnalysisInputError) throw invalidField(e.field, e.message);
    throw e;
  }
}

/**
 * Runs a solver task where the host says (a worker pool in the service, inline in tests), with the same
 * input errors as solving(); work the pool cannot take now is SERVICE_UNAVAILABLE, never a hang.
 */
export async function compute<K extends TaskKind>(
  service: ComputeService | undefined,
  kind: K,
  args: TaskArgs<K>,
): Promise<TaskResult<K>> {
  try {
    return await (service ?? inlineCompute).run(kind, args);
  } catch (e) {
    if (e instanceof AnalysisInputError) throw invalidField(e.field, e.message);
    if (e instanceof ComputeUnavailableError)
      throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: e.message, cause: e });
    throw e;
  }
}

/** OpenAPI metadata for a public POST operation under /api/v1. */
export function post(path: `/${string}`, tag: string, summary: string, description: string): OpenApiMeta {
  return { openapi: { method: 'POST', path, tags: [tag], summary, description, protect: false } };
}

/** Solves every item, reporting all unsolvable ones at once under dotted keys (`items.3.text`). */
export function solvingEach<I, O>(items: I[], prefix: string, solve: (item: I, index: number) => O): O[] {
  const errors: FieldErrors = {};
  const out = items.map((item, index) => {
    try {
      return solve(item, index);
    } catch (e) {
      if (!(e instanceof AnalysisInputError)) throw e;
      errors[`${prefix}.${index}.${e.field}`] = [e.message];
      return undefined as O;
    }
  });
  if (Object.keys(errors).length) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Validation failed', cause: new FieldValidationError(errors) });
  }
  return out;
}
