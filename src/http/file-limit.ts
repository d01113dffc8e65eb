// The process's own limit on open files (`ulimit -n`, soft), which every socket counts against, and the budget under it.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Files kept free for everything but client connections: Redis, the solver workers, pages read from disk, logs. */
const RESERVED_FILES = 64;

/**
 * The soft limit on open files, or undefined when there is none ("unlimited") or it cannot be read. Linux says it in
 * /proc/self/limits; elsewhere a shell, which inherits the limit, says it through `ulimit -n`.
 */
export function fileLimit(
  readLimits: () => string = () => readFileSync('/proc/self/limits', 'utf8'),
  askShell: () => string = () => spawnSync('/bin/sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout ?? '',
): number | undefined {
  let soft: string | undefined;
  try {
    soft = /^Max open files\s+(\S+)/m.exec(readLimits())?.[1];
  } catch {
    soft = askShell().trim();
  }
  const n = Number(soft);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * Client connections allowed at once under a file limit: all but an eighth of it (at least RESERVED_FILES), so that
 * accept() never meets EMFILE, which makes Node's libuv accept and at once reset every newcomer. None without a limit.
 */
export function connectionBudget(limit: number | undefined): number | undefined {
  if (limit === undefined) return undefined;
  return Math.max(1, limit - Math.max(RESERVED_FILES, Math.ceil(limit / 8)));
}
