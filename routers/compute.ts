// How an operation runs a solver task: on the host's compute, in pieces where the task is cut, its errors as field
// errors.
import { TRPCError } from '@trpc/server';
import { AnalysisInputError } from '../src/analysis/index.js';
import { ComputeUnavailableError, inlineCompute, runPieces } from '../src/compute/compute.js';
import type { TaskArgs, TaskKind, TaskResult } from '../src/compute/tasks.js';
import { invalidField } from './errors.js';
import type { Context } from './trpc.js';

/**
 * Runs a solver task where the host says (a worker pool in the service, inline in tests), in the pieces compute cuts
 * it into (a bulk solve), queued as the request's client's (ctx.client: the pool shares its workers fairly between clients), turning "this text
 * cannot be analysed" into a 422 on the named field; work the pool cannot take now is SERVICE_UNAVAILABLE,
 * never a hang.
 */
export async function compute<K extends TaskKind>(ctx: Context, kind: K, args: TaskArgs<K>): Promise<TaskResult<K>> {
  try {
    return await runPieces(ctx.compute ?? inlineCompute, kind, args, { client: ctx.client });
  } catch (e) {
    if (e instanceof AnalysisInputError) throw invalidField(e.field, e.message);
    if (e instanceof ComputeUnavailableError)
      throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: e.message, cause: e });
    throw e;
  }
}
