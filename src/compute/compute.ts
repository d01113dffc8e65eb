// Where the heavy solver work runs: the ComputeService the procedures call, and the inline one.
import { piecesOf, runTask, type TaskArgs, type TaskKind, type TaskResult } from './tasks.js';

export interface ComputeService {
  /** `client`: who asked (the rate limit's client key), so that a pool can share its workers fairly. */
  run<K extends TaskKind>(kind: K, args: TaskArgs<K>, options?: { client?: string }): Promise<TaskResult<K>>;
  close(): Promise<void>;
}

/** The work could not be done now (queue full, over the time budget, shutting down); the client may retry. */
export class ComputeUnavailableError extends Error {
  constructor(
    message: string,
    readonly reason: 'busy' | 'timeout' | 'closed',
  ) {
    super(message);
    this.name = 'ComputeUnavailableError';
  }
}

/** Runs every task on the calling thread: the default, and what procedure tests use. */
export const inlineCompute: ComputeService = {
  run: async (kind, args) => runTask(kind, args),
  close: async () => {},
};

/**
 * Runs a task on `service`, in pieces where the task says how to cut it (a bulk solve): each piece is queued after
 * the last one finished, so another client's task can run between two of them instead of after the whole batch.
 */
export async function runPieces<K extends TaskKind>(
  service: ComputeService,
  kind: K,
  args: TaskArgs<K>,
  options?: { client?: string },
): Promise<TaskResult<K>> {
  const plan = piecesOf(kind);
  const pieces = plan?.split(args) ?? [];
  if (!plan || pieces.length < 2) return service.run(kind, args, options);
  const parts: TaskResult<K>[] = [];
  for (const piece of pieces) parts.push(await service.run(kind, piece, options));
  return plan.join(parts);
}
