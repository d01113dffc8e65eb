// A pool of worker threads for the heavy solver tasks: sized to the machine, bounded queue, per-request time budget.
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AnalysisInputError, getModel, type Language } from '../analysis/index.js';
import type { Log } from '../log.js';
import { isBun } from '../runtime.js';
import { type ComputeService, ComputeUnavailableError } from './compute.js';
import { INLINE_COST, runTask, type TaskArgs, type TaskKind, type TaskResult, taskCost } from './tasks.js';

export interface TaskRequest {
  id: number;
  kind: TaskKind;
  args: unknown;
}

export type TaskReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; field?: string; message: string };

/** Tasks one client may have waiting, per worker, unless the pool is given another bound (bench:latency fills it). */
export const QUEUE_PER_CLIENT_PER_WORKER = 4;

/** The budget of a task unless the pool is given another (COMPUTE_TIMEOUT_MS). */
export const TASK_TIMEOUT_MS = 10_000;

export interface PoolOptions {
  /** Worker threads; default one per core but one, left for the event loop (at least one). */
  size?: number;
  /** Budget per task from submission (queue wait included); past it the task is abandoned with a 503. */
  timeoutMs?: number;
  /** Tasks waiting beyond the running ones; more are refused at once rather than left to time out. */
  maxQueue?: number;
  /** Tasks one client may have waiting at once; more are refused at once (503), whatever the others do. */
  maxQueuePerClient?: number;
  /** Tasks estimated cheaper than this run on the calling thread. */
  inlineCost?: number;
  /**
   * Languages whose models the calling thread loads up front; a cheap task in any other language (or auto) still
   * goes to a worker, because loading a model takes the event loop for hundreds of milliseconds.
   */
  inlineLanguages?: Language[];
  log?: Log;
}

interface Job {
  id: number;
  kind: TaskKind;
  args: unknown;
  client: string;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
  slot?: Slot;
  /** When a worker took it (for the client's account of worker time). */
  started?: number;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job?: Job;
}

/** Options of one task: who asked for it (the rate limit's client key), for fair queuing. */
export interface RunOptions {
  client?: string;
}

/**
 * The tasks waiting for a worker, queued per client and served fairly: the next task is the oldest of the waiting
 * client with the fewest tasks running, and among those the one that has had the least worker time. So each client
 * gets its share of the workers, and one client's backlog (however long, however costly each task) delays another
 * client's task by about one task per worker, never by the whole backlog. A client that starts waiting starts level
 * with the least-served waiting client (the virtual clock of fair queuing), so worker time it had long ago is
 * neither credit nor debt.
 */
export class FairQueue<J extends { client: string }> {
  private readonly accounts = new Map<string, { jobs: J[]; served: number; running: number }>();
  size = 0;

  waiting(client: string): number {
    return this.accounts.get(client)?.jobs.length ?? 0;
  }

  push(job: J): void {
    let account = this.accounts.get(job.client);
    if (!account) {
      account = { jobs: [], served: 0, running: 0 };
      this.accounts.set(job.client, account);
    }
    if (account.jobs.length === 0) {
      let floor = Number.POSITIVE_INFINITY;
      for (const other of this.accounts.values()) if (other.jobs.length) floor = Math.min(floor, other.served);
      if (Number.isFinite(floor)) account.served = Math.max(account.served, floor);
    }
    account.jobs.push(job);
    this.size++;
  }

  /** The next task to run (counted as running until finish() is told): the oldest of the least-served client. */
  shift(): J | undefined {
    let best: { jobs: J[]; served: number; running: number } | undefined;
    for (const account of this.accounts.values()) {
      if (!account.jobs.length) continue;
      if (
        !best ||
        account.running < best.running ||
        (account.running === best.running && account.served < best.served)
      ) {
        best = account;
      }
    }
    if (!best) return undefined;
    this.size--;
    best.running++;
    return best.jobs.shift();
  }

  /** A task shift() gave out has finished after `ms` of worker time. */
  finish(job: J, ms: number): void {
    const account = this.accounts.get(job.client);
    if (!account) return;
    account.served += ms;
    account.running--;
    if (account.running <= 0 && account.jobs.length === 0) this.accounts.delete(job.client);
  }

  /** Takes a waiting task out (it expired); false when it is not waiting. */
  remove(job: J): boolean {
    const account = this.accounts.get(job.client);
    const i = account ? account.jobs.indexOf(job) : -1;
    if (!account || i < 0) return false;
    account.jobs.splice(i, 1);
    this.size--;
    if (account.running <= 0 && account.jobs.length === 0) this.accounts.delete(job.client);
    return true;
  }

  drain(): J[] {
    const all = [...this.accounts.values()].flatMap((a) => a.jobs);
    this.accounts.clear();
    this.size = 0;
    return all;
  }
}

function defaultPoolSize(): number {
  return Math.max(1, availableParallelism() - 1);
}

const ownExt = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
const WORKER_URL = new URL(`./worker${ownExt}`, import.meta.url);

/**
 * How to start a worker. Node runs the .ts source only through tsx. Under `node --import tsx` (npm start) Node 22
 * and later pass the loader on to workers, but a process that loads TypeScript another way, as vitest does, has
 * none to pass on: there Node's own type stripping takes the worker's entry and fails on its first `.js` import
 * ("Cannot find module …/analysis/index.js", Node 24.21 and 26.10). So a small bootstrap registers tsx inside the
 * worker and then imports the entry, however the process started. Bun and built .js run it directly.
 */
function workerSource(): { source: string | URL; eval: boolean } {
  if (isBun || ownExt !== '.ts') return { source: WORKER_URL, eval: false };
  const tsxDir = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const api = pathToFileURL(join(tsxDir, 'dist/esm/api/index.mjs')).href;
  const source = `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL.href)}); })`;
  return { source, eval: true };
}

export interface PoolStats {
  workers: number;
  /** Tasks waiting for a worker, and tasks on one. */
  queued: number;
  running: number;
  /** Since start: tasks abandoned over their budget, tasks refused (queue full), worker time spent on tasks. */
  timeouts: number;
  refused: number;
  workSeconds: number;
}

export class WorkerPool implements ComputeService {
  readonly size: number;
  private readonly timeoutMs: number;
  private readonly maxQueue: number;
  private readonly maxQueuePerClient: number;
  private readonly inlineCost: number;
  private readonly inlineLanguages: ReadonlySet<string>;
  private readonly log: Log;
  private readonly slots: Slot[] = [];
  private readonly queue = new FairQueue<Job>();
  private readonly entry = workerSource();
  private nextId = 1;
  private closed = false;
  /** Workers that died before becoming ready, in a row: past a few the pool gives up and runs tasks inline. */
  private startFailures = 0;
  private broken = false;
  /** What the pool has done since it started, for the metrics (stats()). */
  private timeouts = 0;
  private refused = 0;
  private workMs = 0;

  constructor(options: PoolOptions = {}) {
    this.size = Math.max(1, options.size ?? defaultPoolSize());
    this.timeoutMs = options.timeoutMs ?? TASK_TIMEOUT_MS;
    this.maxQueue = options.maxQueue ?? 32 * this.size;
    this.maxQueuePerClient = options.maxQueuePerClient ?? QUEUE_PER_CLIENT_PER_WORKER * this.size;
    this.inlineCost = options.inlineCost ?? INLINE_COST;
    this.inlineLanguages = new Set(options.inlineLanguages ?? ['en']);
    for (const language of this.inlineLanguages) getModel(language as Language);
    this.log = options.log ?? (() => {});
    for (let i = 0; i < this.size; i++) this.slots.push(this.spawn());
  }

  /** Resolves once every worker has loaded (start-up and tests; tasks sent earlier simply wait). */
  async ready(ms = 30_000): Promise<void> {
    const until = Date.now() + ms;
    while (!this.broken && this.slots.some((s) => !s.ready)) {
      if (Date.now() > until) throw new Error(`workers not ready after ${ms} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  run<K extends TaskKind>(kind: K, args: TaskArgs<K>, options: RunOptions = {}): Promise<TaskResult<K>> {
    const client = options.client ?? '';
    if (this.closed) return Promise.reject(new ComputeUnavailableError('The service is shutting down.', 'closed'));
    const cheap =
      taskCost(kind, args) < this.inlineCost && this.inlineLanguages.has((args as { language: string }).language);
    if (this.broken || cheap) {
      try {
        return Promise.resolve(runTask(kind, args));
      } catch (e) {
        return Promise.reject(e);
      }
    }
    if (this.queue.size >= this.maxQueue) {
      this.refused++;
      return Promise.reject(
        new ComputeUnavailableError('The server is busy with other analyses; please retry shortly.', 'busy'),
      );
    }
    if (this.queue.waiting(client) >= this.maxQueuePerClient) {
      this.refused++;
      return Promise.reject(
        new ComputeUnavailableError(
          'Too many of your analyses are waiting already; send the next one when one of them has answered.',
          'busy',
        ),
      );
    }
    return new Promise<TaskResult<K>>((resolve, reject) => {
      const job: Job = {
        id: this.nextId++,
        kind,
        args,
        client,
        resolve: resolve as (v: unknown) => void,
        reject,
        timer: setTimeout(() => this.expire(job), this.timeoutMs),
      };
      this.queue.push(job);
      this.dispatch();
    });
  }

  private spawn(): Slot {
    const worker = new Worker(this.entry.source, { eval: this.entry.eval });
    const slot: Slot = { worker, ready: false };
    worker.unref();
    worker.on('message', (reply: TaskReply) => this.settle(slot, reply));
    worker.on('error', (error) => this.lost(slot, error));
    worker.on('exit', (code) => this.lost(slot, new Error(`worker exited with code ${code}`)));
    return slot;
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (!this.queue.size) return;
      if (!slot.ready || slot.job) continue;
      const job = this.queue.shift()!;
      job.slot = slot;
      job.started = performance.now();
      slot.job = job;
      slot.worker.postMessage({ id: job.id, kind: job.kind, args: job.args } satisfies TaskRequest);
    }
  }

  private settle(slot: Slot, reply: TaskReply): void {
    if (reply.id === 0) {
      slot.ready = true;
      this.startFailures = 0;
      this.dispatch();
      return;
    }
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    slot.job = undefined;
    this.ended(job);
    clearTimeout(job.timer);
    if (reply.ok) job.resolve(reply.value);
    else if (reply.field) job.reject(workerInputError(reply.field, reply.message));
    else job.reject(new Error(reply.message));
    this.dispatch();
  }

  /** A running task is over: its worker time goes to its client's account. */
  private ended(job: Job): void {
    if (job.started === undefined) return;
    const ms = performance.now() - job.started;
    this.workMs += ms;
    this.queue.finish(job, ms);
  }

  /** Over budget: a queued task leaves the queue; a running one takes its worker down with it. */
  private expire(job: Job): void {
    const error = new ComputeUnavailableError(
      `The analysis did not finish within ${+(this.timeoutMs / 1000).toFixed(3)} seconds; try a shorter text or a smaller max_key_length.`,
      'timeout',
    );
    this.timeouts++;
    this.queue.remove(job);
    const slot = job.slot;
    if (slot && slot.job === job) {
      slot.job = undefined;
      this.ended(job);
      this.replace(slot);
    }
    this.log('compute_timeout', { kind: job.kind, running: Boolean(slot) });
    job.reject(error);
  }

  private replace(slot: Slot): void {
    const dead = slot.worker;
    dead.removeAllListeners();
    dead.on('error', () => {});
    dead.terminate().catch(() => {});
    const i = this.slots.indexOf(slot);
    if (i >= 0 && !this.closed) this.slots[i] = this.spawn();
  }

  private lost(slot: Slot, error: Error): void {
    if (this.closed || !this.slots.includes(slot)) return;
    if (!slot.ready && ++this.startFailures >= 3) {
      this.broken = true;
      this.log('compute_pool_unavailable', { error: error.message, fallback: 'inline' });
    } else {
      this.log('compute_worker_lost', { error: error.message });
    }
    const job = slot.job;
    slot.job = undefined;
    if (job) {
      this.ended(job);
      clearTimeout(job.timer);
      job.reject(error);
    }
    if (this.broken) {
      for (const j of this.queue.drain()) {
        clearTimeout(j.timer);
        try {
          j.resolve(runTask(j.kind, j.args as never));
        } catch (e) {
          j.reject(e as Error);
        }
      }
      return;
    }
    this.replace(slot);
    this.dispatch();
  }

  /** The pool now and so far: what the metrics show of it (src/http/metrics.ts). */
  stats(): PoolStats {
    let running = 0;
    for (const slot of this.slots) if (slot.job) running++;
    return {
      workers: this.size,
      queued: this.queue.size,
      running,
      timeouts: this.timeouts,
      refused: this.refused,
      workSeconds: this.workMs / 1000,
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const job of this.queue.drain()) {
      clearTimeout(job.timer);
      job.reject(new ComputeUnavailableError('The service is shutting down.', 'closed'));
    }
    await Promise.all(
      this.slots.map(async (slot) => {
        if (slot.job) {
          clearTimeout(slot.job.timer);
          slot.job.reject(new ComputeUnavailableError('The service is shutting down.', 'closed'));
          slot.job = undefined;
        }
        slot.worker.removeAllListeners();
        slot.worker.on('error', () => {});
        await slot.worker.terminate().catch(() => {});
      }),
    );
  }
}

/** An input error raised in a worker, rebuilt so callers see the same class as inline. */
function workerInputError(field: string, message: string): Error {
  return new AnalysisInputError(field, message);
}
