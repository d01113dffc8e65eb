// The registry of the heavy solver calls as plain-data tasks, so the same code runs inline or in a worker thread:
// each solver room declares its own (what a call runs, what it costs, how it is cut into pieces), and a solver's
// tasks are one line here.
import { affineTasks } from '../analysis/affine/tasks.js';
import { caesarTasks } from '../analysis/caesar/tasks.js';
import { identifyTasks } from '../analysis/identify/tasks.js';
import { substitutionTasks } from '../analysis/substitution/tasks.js';
import { vigenereTasks } from '../analysis/vigenere/tasks.js';

/** What a solver room declares of one task. */
interface Task<A, R> {
  run(args: A): R;
  /** Rough cost in microseconds on one core; without it, a task is always worth a worker. */
  cost?(args: A): number;
  /** How to cut the task into pieces run one after another (runPieces in compute.ts), and join their results. */
  pieces?: { split(args: A): A[]; join(parts: R[]): R };
}

const TASKS = { ...caesarTasks, ...vigenereTasks, ...identifyTasks, ...substitutionTasks, ...affineTasks };

export type TaskKind = keyof typeof TASKS;
export type TaskArgs<K extends TaskKind> = Parameters<(typeof TASKS)[K]['run']>[0];
export type TaskResult<K extends TaskKind> = ReturnType<(typeof TASKS)[K]['run']>;

const taskOf = <K extends TaskKind>(kind: K) => TASKS[kind] as Task<TaskArgs<K>, TaskResult<K>>;

/**
 * Rough cost in microseconds, measured on one core: below INLINE_COST a task runs on the calling thread,
 * because the hop to a worker (copying text both ways) would cost more than it saves.
 */
export function taskCost<K extends TaskKind>(kind: K, args: TaskArgs<K>): number {
  return taskOf(kind).cost?.(args) ?? Number.POSITIVE_INFINITY;
}

export const INLINE_COST = 3000;

/** How the task is cut into pieces, if it is. */
export const piecesOf = <K extends TaskKind>(kind: K) => taskOf(kind).pieces;

export function runTask<K extends TaskKind>(kind: K, args: TaskArgs<K>): TaskResult<K> {
  return taskOf(kind).run(args);
}
