// Where the heavy solver work runs: the ComputeService the procedures call, and the inline one.
import { runTask, type TaskArgs, type TaskKind, type TaskResult } from './tasks.js';

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
