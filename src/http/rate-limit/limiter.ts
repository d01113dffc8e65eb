// The rate limiter: a sliding window per client over a store, the instance's own count while a shared store fails.
import type { Log } from '../../log.js';
import { MemoryStore } from './memory-store.js';
import type { RateLimitStore, TakeResult, WindowState } from './store.js';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until a retry would be accepted, 1…window (meaningful when not allowed). */
  retryAfterS: number;
  /** Whole seconds until the window frees a request (its oldest leaves it), 1…window; 0 when it holds none. */
  resetS: number;
  policy: QuotaPolicy;
}

/** A limiter's quota as the IETF draft states it (draft-ietf-httpapi-ratelimit-headers-08), made once. */
export interface QuotaPolicy {
  /** The policy's name, which labels both headers: "60-in-1min", as express-rate-limit's draft-8 mode names it. */
  readonly name: string;
  /** The RateLimit-Policy header: the name, q the quota, w the window in seconds: `"60-in-1min";q=60;w=60`. */
  readonly header: string;
}

/** The window in a policy name: whole days, hours or minutes where it is one, else seconds. */
function windowName(windowS: number): string {
  for (const [unit, s] of [
    ['day', 86_400],
    ['hr', 3600],
    ['min', 60],
  ] as const) {
    if (windowS % s === 0) return `${windowS / s}${unit}${unit !== 'min' && windowS > s ? 's' : ''}`;
  }
  return `${windowS}sec`;
}

/**
 * The policy of `limit` requests per `windowS` seconds. No `pk` (partition key) parameter: the draft makes it
 * optional, each client address has exactly one partition, and a hash per answer would cost every request.
 */
export function quotaPolicy(limit: number, windowS: number): QuotaPolicy {
  const name = `${limit}-in-${windowName(windowS)}`;
  return { name, header: `"${name}";q=${limit};w=${windowS}` };
}

export interface RateLimiterOptions {
  /** Counts requests while the store fails, so a Redis outage leaves each instance its own limit. */
  fallback?: RateLimitStore;
  /** While the store fails, one request at a time, at most this often, tries it; the others use the fallback. */
  probeMs?: number;
  /**
   * A shared store that has answered nothing for this many milliseconds while requests wait on it is failing
   * (a healthy Redis answers in about a millisecond, and a busy one keeps answering; 250 ms by default).
   */
  answerMs?: number;
  /** Told once when the store starts failing and once when it works again, never per request. */
  log?: Log;
}

export class RateLimiter {
  readonly windowMs: number;
  private readonly fallback: RateLimitStore;
  private readonly probeMs: number;
  private readonly answerMs: number;
  private readonly log: Log;
  /** When the current outage began (0: the store works), the next time to try it, and what was served meanwhile. */
  private failingSince = 0;
  private nextProbe = 0;
  /** A probe of the failing store is under way: every other request goes to the fallback meanwhile. */
  private probing = false;
  /** Requests waiting on the store, and since when it has answered nothing (the first wait, or the last answer). */
  private waiting = 0;
  private waitingSince = 0;
  private watcher: ReturnType<typeof setTimeout> | undefined;
  private servedByFallback = 0;
  readonly policy: QuotaPolicy;

  constructor(
    readonly limit: number,
    readonly windowS: number,
    readonly store: RateLimitStore = new MemoryStore(windowS * 1000),
    options: RateLimiterOptions = {},
  ) {
    this.windowMs = windowS * 1000;
    this.policy = quotaPolicy(limit, windowS);
    this.fallback = options.fallback ?? (store.kind === 'memory' ? store : new MemoryStore(this.windowMs));
    this.probeMs = options.probeMs ?? 1000;
    this.answerMs = options.answerMs ?? 250;
    this.log = options.log ?? (() => {});
  }

  /** False while the store fails (the fallback is counting) or reports itself unwell. */
  healthy(): boolean {
    return this.failingSince === 0 && this.store.healthy();
  }

  /**
   * Runs op on the store, or on the fallback while the store fails; logs each change of state once. A store
   * that answers synchronously (the memory store) is answered synchronously, without a promise or a tick.
   *
   * Few requests wait on a store that has stopped answering (a hung Redis waits for the command timeout): when it
   * has answered nothing for answerMs while requests wait on it, it is failing, and new requests go to the
   * fallback at once; while it fails, one request at a time, at most once per probeMs, tries it again.
   */
  private use<T>(op: (store: RateLimitStore, now: number) => Promise<T> | T): Promise<T> | T {
    const now = Date.now();
    const probe = this.failingSince !== 0;
    if (probe) {
      if (this.probing || now < this.nextProbe) return this.onFallback(op, now);
      this.probing = true;
      this.nextProbe = now + this.probeMs;
    }
    let out: Promise<T> | T;
    try {
      out = op(this.store, now);
    } catch (error) {
      if (probe) this.probing = false;
      this.failed(error, now);
      return this.onFallback(op, now);
    }
    if (!RateLimiter.isThenable(out)) {
      if (probe) this.probing = false;
      if (this.failingSince !== 0) this.recovered();
      return out;
    }
    if (this.waiting++ === 0) {
      this.waitingSince = now;
      this.watch();
    }
    const answered = () => {
      if (probe) this.probing = false;
      this.waiting--;
      this.waitingSince = Date.now();
    };
    return Promise.resolve(out).then(
      (value) => {
        answered();
        if (this.failingSince !== 0) this.recovered();
        return value;
      },
      (error: unknown) => {
        answered();
        this.failed(error, now);
        return this.onFallback(op, now);
      },
    );
  }

  /**
   * While requests wait on the store, checks every answerMs that it has answered something. The check runs after
   * the event loop's next I/O phase (setImmediate after the timer), so answers that arrived while the loop was busy
   * (a burst of requests) are read before the store is judged silent.
   */
  private watch(): void {
    if (this.watcher) return;
    this.watcher = setTimeout(() => {
      setImmediate(() => {
        this.watcher = undefined;
        if (this.waiting === 0) return;
        const silent = Date.now() - this.waitingSince;
        if (silent < this.answerMs) return this.watch();
        if (this.failingSince === 0) {
          this.failed(new Error(`the ${this.store.kind} store answered nothing for ${silent} ms`), Date.now());
        }
      });
    }, this.answerMs);
    this.watcher.unref?.();
  }

  private recovered(): void {
    this.log('rate_limit_store_recovered', {
      store: this.store.kind,
      outage_s: Math.round((Date.now() - this.failingSince) / 1000),
      served_by_fallback: this.servedByFallback,
    });
    this.failingSince = 0;
    this.servedByFallback = 0;
  }

  private failed(error: unknown, now: number): void {
    if (this.failingSince === 0) {
      this.failingSince = now;
      this.log('rate_limit_store_failing', {
        store: this.store.kind,
        error: error instanceof Error ? error.message : String(error),
        fallback: 'memory, per instance',
      });
    }
    this.nextProbe = Date.now() + this.probeMs;
  }

  private onFallback<T>(op: (store: RateLimitStore, now: number) => Promise<T> | T, now: number): Promise<T> | T {
    this.servedByFallback++;
    return op(this.fallback, now);
  }

  /** Counts cost requests for client; synchronous when the store is (await it either way). */
  take(client: string, cost = 1): Promise<RateDecision> | RateDecision {
    const r = this.use((s, now) => s.take(client, cost, this.limit, this.windowMs, now));
    return RateLimiter.isThenable(r) ? Promise.resolve(r).then((x) => this.decision(x)) : this.decision(r);
  }

  private decision(r: TakeResult): RateDecision {
    const retryAfterS = Math.min(this.windowS, Math.max(1, Math.ceil(r.retryAfterMs / 1000)));
    const { limit, policy } = this;
    return { allowed: r.allowed, limit, remaining: r.remaining, retryAfterS, resetS: this.resetS(r), policy };
  }

  private resetS(w: WindowState): number {
    return Math.min(this.windowS, Math.ceil(w.resetMs / 1000));
  }

  /** What remains for client, without counting; synchronous when the store is (await it either way). */
  peek(client: string): Promise<RateDecision> | RateDecision {
    const r = this.use((s, now) => s.peek(client, this.limit, this.windowMs, now));
    const answer = (w: WindowState): RateDecision => ({
      allowed: true,
      limit: this.limit,
      remaining: w.remaining,
      retryAfterS: 0,
      resetS: this.resetS(w),
      policy: this.policy,
    });
    return RateLimiter.isThenable(r) ? Promise.resolve(r).then(answer) : answer(r);
  }

  /** A promise, or anything awaiting would wait for. */
  static isThenable<T>(value: Promise<T> | T): value is Promise<T> {
    return value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function';
  }

  /** "60 requests per minute", "10 requests per 5 seconds". */
  describe(): string {
    const per = this.windowS === 60 ? 'minute' : this.windowS === 1 ? 'second' : `${this.windowS} seconds`;
    return `${this.limit} requests per ${per}`;
  }

  async close(): Promise<void> {
    clearTimeout(this.watcher);
    await this.store.close();
    if (this.fallback !== this.store) await this.fallback.close();
  }
}
