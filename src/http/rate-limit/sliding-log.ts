// The sliding log of one client's accepted requests: runs of (millisecond, count), pruned as they leave the window.
import type { TakeResult } from './store.js';

/**
 * Accepted requests, oldest first, as runs of (millisecond, count). Requests accepted in the same millisecond
 * share one run, so memory is bounded by the window in milliseconds, never by the limit (a huge RATE_LIMIT
 * under load would otherwise hold one entry per request), and the window stays exact.
 * The runs sit in one plain array, [time, count, time, count, …] between `head` and `end`, whose capacity the
 * log manages itself: typed arrays cost ~1 KB per client in buffer bookkeeping and V8's own array growth
 * over-allocates by half plus 16, while 100,000 addresses in a window must fit in a few tens of MB.
 */
export class SlidingLog {
  d: number[] = [0, 0, 0, 0];
  /** Index of the oldest live run's time; `end` is one past the newest run's count. */
  head = 0;
  end = 0;
  /** Accepted requests in the log (the sum of the runs' counts). */
  size = 0;

  get runs(): number {
    return (this.end - this.head) / 2;
  }

  prune(cutoff: number): void {
    const d = this.d;
    let h = this.head;
    while (h < this.end && (d[h] as number) <= cutoff) {
      this.size -= d[h + 1] as number;
      h += 2;
    }
    this.head = h;
    if (h === this.end) this.head = this.end = 0;
  }

  /** Time of the i-th oldest accepted request (0 ≤ i < size). */
  at(i: number): number {
    const d = this.d;
    let seen = 0;
    for (let j = this.head; j < this.end; j += 2) {
      seen += d[j + 1] as number;
      if (i < seen) return d[j] as number;
    }
    return Number.NaN;
  }

  push(t: number, count: number): void {
    if (count <= 0) return;
    let d = this.d;
    const n = this.end;
    if (n > this.head && d[n - 2] === t) {
      d[n - 1] = (d[n - 1] as number) + count;
    } else {
      if (n === d.length) d = this.compact();
      d[this.end] = t;
      d[this.end + 1] = count;
      this.end += 2;
    }
    this.size += count;
  }

  /** Moves the live runs to the front, into a new array when they fill more than half of this one. */
  private compact(): number[] {
    const live = this.end - this.head;
    const next =
      live * 2 > this.d.length ? new Array<number>(Math.max(4, Math.ceil((live * 1.5) / 2) * 2 + 2)) : this.d;
    for (let i = 0; i < live; i++) next[i] = this.d[this.head + i] as number;
    this.d = next;
    this.head = 0;
    this.end = live;
    return next;
  }

  /** Milliseconds from now until the oldest run leaves a window of windowMs; 0 when the log is empty. */
  resetMs(windowMs: number, now: number): number {
    return this.end > this.head ? (this.d[this.head] as number) + windowMs - now : 0;
  }

  newest(): number {
    return this.end > this.head ? (this.d[this.end - 2] as number) : Number.NEGATIVE_INFINITY;
  }
}

/** take() for a client with a SlidingLog of its own. */
export function takeFromLog(log: SlidingLog, cost: number, limit: number, windowMs: number, now: number): TakeResult {
  log.prune(now - windowMs);
  if (log.size + cost <= limit) {
    log.push(now, cost);
    return { allowed: true, remaining: limit - log.size, retryAfterMs: 0, resetMs: log.resetMs(windowMs, now) };
  }
  const mustExpire = log.size + cost - limit;
  const retryAfterMs = mustExpire <= log.size ? log.at(mustExpire - 1) + windowMs - now : windowMs;
  return {
    allowed: false,
    remaining: Math.max(0, limit - log.size),
    retryAfterMs,
    resetMs: log.resetMs(windowMs, now),
  };
}
