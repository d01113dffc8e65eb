// Sliding-window rate limiting: a log of accepted requests per client, in a store the instances may share.

export interface TakeResult {
  allowed: boolean;
  /** Requests still allowed in the current window after this one. */
  remaining: number;
  /** Milliseconds until `cost` more requests would be accepted (0 when allowed). */
  retryAfterMs: number;
}

/**
 * Where accepted requests are logged. take() is one atomic check-and-count. `now` is the caller's clock;
 * a shared store may use its own instead (Redis does), so that instances never disagree on the window.
 */
export interface RateLimitStore {
  readonly kind: 'memory' | 'redis';
  take(key: string, cost: number, limit: number, windowMs: number, now: number): Promise<TakeResult> | TakeResult;
  /** How many requests remain for key, without counting one. */
  peek(key: string, limit: number, windowMs: number, now: number): Promise<number> | number;
  /** False while the store is failing (requests are then served unlimited). */
  healthy(): boolean;
  close(): Promise<void> | void;
}

/** Timestamps of accepted requests, oldest first, in a growable ring. */
class Log {
  times: Float64Array = new Float64Array(4);
  head = 0;
  size = 0;

  prune(cutoff: number): void {
    while (this.size > 0 && (this.times[this.head] as number) <= cutoff) {
      this.head = (this.head + 1) % this.times.length;
      this.size--;
    }
  }

  at(i: number): number {
    return this.times[(this.head + i) % this.times.length] as number;
  }

  push(t: number, count: number): void {
    if (this.size + count > this.times.length) {
      let cap = this.times.length;
      while (cap < this.size + count) cap *= 2;
      const next = new Float64Array(cap);
      for (let i = 0; i < this.size; i++) next[i] = this.at(i);
      this.times = next;
      this.head = 0;
    }
    for (let i = 0; i < count; i++) this.times[(this.head + this.size++) % this.times.length] = t;
  }

  newest(): number {
    return this.size ? this.at(this.size - 1) : Number.NEGATIVE_INFINITY;
  }
}

/** The in-process store: exact, and bounded because logs that have fully expired are swept away. */
export class MemoryStore implements RateLimitStore {
  readonly kind = 'memory' as const;
  private readonly logs = new Map<string, Log>();
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(private readonly windowMs: number) {
    this.timer = setInterval(() => this.sweep(Date.now()), Math.min(windowMs, 60_000));
    this.timer.unref?.();
  }

  take(key: string, cost: number, limit: number, windowMs: number, now: number): TakeResult {
    let log = this.logs.get(key);
    if (!log) {
      log = new Log();
      this.logs.set(key, log);
    }
    log.prune(now - windowMs);
    if (log.size + cost <= limit) {
      log.push(now, cost);
      return { allowed: true, remaining: limit - log.size, retryAfterMs: 0 };
    }
    // The request fits once enough of the oldest entries have left the window.
    const mustExpire = log.size + cost - limit;
    const retryAfterMs = mustExpire <= log.size ? log.at(mustExpire - 1) + windowMs - now : windowMs;
    return { allowed: false, remaining: Math.max(0, limit - log.size), retryAfterMs };
  }

  peek(key: string, limit: number, windowMs: number, now: number): number {
    const log = this.logs.get(key);
    if (!log) return limit;
    log.prune(now - windowMs);
    return Math.max(0, limit - log.size);
  }

  /** Drops every client whose newest accepted request has left the window. */
  sweep(now: number): void {
    const cutoff = now - this.windowMs;
    for (const [key, log] of this.logs) if (log.newest() <= cutoff) this.logs.delete(key);
  }

  get clients(): number {
    return this.logs.size;
  }

  healthy(): boolean {
    return true;
  }

  close(): void {
    clearInterval(this.timer);
    this.logs.clear();
  }
}

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until a retry would be accepted, 1…window (meaningful when not allowed). */
  retryAfterS: number;
}

export interface RateLimiterOptions {
  /** Counts requests while the store fails, so a Redis outage leaves each instance its own limit. */
  fallback?: RateLimitStore;
  /** While the store fails, it is retried at most this often; other requests go straight to the fallback. */
  probeMs?: number;
  /** Told once when the store starts failing and once when it works again, never per request. */
  log?: (event: string, detail: Record<string, unknown>) => void;
}

export class RateLimiter {
  readonly windowMs: number;
  private readonly fallback: RateLimitStore;
  private readonly probeMs: number;
  private readonly log: (event: string, detail: Record<string, unknown>) => void;
  /** When the current outage began (0: the store works), the next time to try it, and what was served meanwhile. */
  private failingSince = 0;
  private nextProbe = 0;
  private servedByFallback = 0;

  constructor(
    readonly limit: number,
    readonly windowS: number,
    readonly store: RateLimitStore = new MemoryStore(windowS * 1000),
    options: RateLimiterOptions = {},
  ) {
    this.windowMs = windowS * 1000;
    this.fallback = options.fallback ?? (store.kind === 'memory' ? store : new MemoryStore(this.windowMs));
    this.probeMs = options.probeMs ?? 1000;
    this.log = options.log ?? (() => {});
  }

  /** False while the store fails (the fallback is counting) or reports itself unwell. */
  healthy(): boolean {
    return this.failingSince === 0 && this.store.healthy();
  }

  /** Runs op on the store, or on the fallback while the store fails; logs each change of state once. */
  private async use<T>(op: (store: RateLimitStore, now: number) => Promise<T> | T): Promise<T> {
    const now = Date.now();
    if (this.failingSince === 0 || now >= this.nextProbe) {
      try {
        const out = await op(this.store, now);
        if (this.failingSince !== 0) {
          this.log('rate_limit_store_recovered', {
            store: this.store.kind,
            outage_s: Math.round((Date.now() - this.failingSince) / 1000),
            served_by_fallback: this.servedByFallback,
          });
          this.failingSince = 0;
          this.servedByFallback = 0;
        }
        return out;
      } catch (error) {
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
    }
    this.servedByFallback++;
    return op(this.fallback, now);
  }

  async take(client: string, cost = 1): Promise<RateDecision> {
    const r = await this.use((s, now) => s.take(client, cost, this.limit, this.windowMs, now));
    const retryAfterS = Math.min(this.windowS, Math.max(1, Math.ceil(r.retryAfterMs / 1000)));
    return { allowed: r.allowed, limit: this.limit, remaining: r.remaining, retryAfterS };
  }

  async peek(client: string): Promise<RateDecision> {
    const remaining = await this.use((s, now) => s.peek(client, this.limit, this.windowMs, now));
    return { allowed: true, limit: this.limit, remaining, retryAfterS: 0 };
  }

  /** "60 requests per minute", "10 requests per 5 seconds". */
  describe(): string {
    const per = this.windowS === 60 ? 'minute' : this.windowS === 1 ? 'second' : `${this.windowS} seconds`;
    return `${this.limit} requests per ${per}`;
  }

  async close(): Promise<void> {
    await this.store.close();
    if (this.fallback !== this.store) await this.fallback.close();
  }
}

export function rateLimitHeaders(d: RateDecision): Record<string, string> {
  const h: Record<string, string> = {
    'X-RateLimit-Limit': String(d.limit),
    'X-RateLimit-Remaining': String(d.remaining),
  };
  if (!d.allowed) h['Retry-After'] = String(d.retryAfterS);
  return h;
}
