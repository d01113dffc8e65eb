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

/**
 * Accepted requests, oldest first, as runs of (millisecond, count) in a growable ring. Requests accepted in
 * the same millisecond share one run, so memory is bounded by the window in milliseconds, never by the limit
 * (a huge RATE_LIMIT under load would otherwise hold one entry per request), and the window stays exact.
 */
class Log {
  times: Float64Array = new Float64Array(4);
  counts: Float64Array = new Float64Array(4);
  head = 0;
  runs = 0;
  /** Accepted requests in the log (the sum of the runs' counts). */
  size = 0;

  prune(cutoff: number): void {
    const mask = this.times.length - 1;
    while (this.runs > 0 && (this.times[this.head] as number) <= cutoff) {
      this.size -= this.counts[this.head] as number;
      this.head = (this.head + 1) & mask;
      this.runs--;
    }
  }

  /** Time of the i-th oldest accepted request (0 ≤ i < size). */
  at(i: number): number {
    const mask = this.times.length - 1;
    let seen = 0;
    for (let r = 0; r < this.runs; r++) {
      const j = (this.head + r) & mask;
      seen += this.counts[j] as number;
      if (i < seen) return this.times[j] as number;
    }
    return Number.NaN;
  }

  push(t: number, count: number): void {
    if (count <= 0) return;
    const mask = this.times.length - 1;
    if (this.runs > 0) {
      const last = (this.head + this.runs - 1) & mask;
      if (this.times[last] === t) {
        this.counts[last] = (this.counts[last] as number) + count;
        this.size += count;
        return;
      }
    }
    if (this.runs === this.times.length) this.grow();
    const j = (this.head + this.runs) & (this.times.length - 1);
    this.times[j] = t;
    this.counts[j] = count;
    this.runs++;
    this.size += count;
  }

  /** Doubles the ring (its length stays a power of two, so indices wrap with a mask). */
  private grow(): void {
    const cap = this.times.length;
    const times = new Float64Array(cap * 2);
    const counts = new Float64Array(cap * 2);
    for (let r = 0; r < this.runs; r++) {
      const j = (this.head + r) & (cap - 1);
      times[r] = this.times[j] as number;
      counts[r] = this.counts[j] as number;
    }
    this.times = times;
    this.counts = counts;
    this.head = 0;
  }

  newest(): number {
    return this.runs ? (this.times[(this.head + this.runs - 1) & (this.times.length - 1)] as number) : -Infinity;
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
