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
 * Accepted requests, oldest first, as runs of (millisecond, count). Requests accepted in the same millisecond
 * share one run, so memory is bounded by the window in milliseconds, never by the limit (a huge RATE_LIMIT
 * under load would otherwise hold one entry per request), and the window stays exact.
 * The runs sit in one plain array, [time, count, time, count, …] between `head` and `end`, whose capacity the
 * log manages itself: typed arrays cost ~1 KB per client in buffer bookkeeping and V8's own array growth
 * over-allocates by half plus 16, while 100,000 addresses in a window must fit in a few tens of MB.
 */
class Log {
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

  newest(): number {
    return this.end > this.head ? (this.d[this.end - 2] as number) : Number.NEGATIVE_INFINITY;
  }
}

/** Runs a client keeps in the slab; one with more (a busy client) moves to its own on-heap Log. */
const SLOT_RUNS = 6;
/** A slot: [size, runs, time₀, count₀, …, time₅, count₅], oldest run first. */
const SLOT = 2 + 2 * SLOT_RUNS;
const MIN_SLOTS = 1024;

/**
 * The in-process store: exact, and bounded because clients whose requests have all left the window are swept.
 * Most clients hold a few runs; theirs live in slots of one Float64Array (outside V8's heap, ~112 bytes each),
 * so 100,000 addresses cost ~11 MB there plus the address map, instead of ~300 bytes each of heap objects that
 * V8 would also size its garbage headroom by. A client with more runs than a slot holds gets a Log of its own.
 */
export class MemoryStore implements RateLimitStore {
  readonly kind = 'memory' as const;
  /** Clients with more runs than a slot holds. */
  private readonly logs = new Map<string, Log>();
  /** Every other client's slot number. */
  private readonly slots = new Map<string, number>();
  private slab: Float64Array;
  private free: number[] = [];
  private used = 0;
  private readonly timer: ReturnType<typeof setInterval>;

  /** minSlots: the slab's smallest size (tests make it tiny, to exercise growth and repacking). */
  constructor(
    private readonly windowMs: number,
    private readonly minSlots = MIN_SLOTS,
  ) {
    this.slab = new Float64Array(minSlots * SLOT);
    this.timer = setInterval(() => this.sweep(Date.now()), Math.min(windowMs, 60_000));
    this.timer.unref?.();
  }

  take(key: string, cost: number, limit: number, windowMs: number, now: number): TakeResult {
    const log = this.logs.get(key);
    if (log) return takeFromLog(log, cost, limit, windowMs, now);
    let slot = this.slots.get(key);
    if (slot === undefined) {
      // A client refused outright (a batch over the whole limit) leaves nothing to remember.
      if (cost > limit) return { allowed: false, remaining: limit, retryAfterMs: windowMs };
      slot = this.allocate();
      this.slots.set(key, slot);
    }
    const d = this.slab;
    const o = slot * SLOT;
    this.prune(o, now - windowMs);
    const size = d[o] as number;
    const runs = d[o + 1] as number;
    if (size + cost <= limit) {
      const last = o + 2 * runs;
      if (cost <= 0) return { allowed: true, remaining: limit - size, retryAfterMs: 0 };
      if (runs > 0 && d[last] === now) d[last + 1] = (d[last + 1] as number) + cost;
      else if (runs < SLOT_RUNS) {
        d[last + 2] = now;
        d[last + 3] = cost;
        d[o + 1] = runs + 1;
      } else {
        // Out of room: the client moves to a Log of its own.
        const moved = new Log();
        for (let r = 0; r < runs; r++) moved.push(d[o + 2 + 2 * r] as number, d[o + 3 + 2 * r] as number);
        moved.push(now, cost);
        this.logs.set(key, moved);
        this.slots.delete(key);
        this.release(slot);
        return { allowed: true, remaining: limit - moved.size, retryAfterMs: 0 };
      }
      d[o] = size + cost;
      return { allowed: true, remaining: limit - size - cost, retryAfterMs: 0 };
    }
    // The request fits once enough of the oldest requests have left the window.
    const mustExpire = size + cost - limit;
    let retryAfterMs = windowMs;
    if (mustExpire <= size) {
      let seen = 0;
      for (let r = 0; r < runs; r++) {
        seen += d[o + 3 + 2 * r] as number;
        if (mustExpire - 1 < seen) {
          retryAfterMs = (d[o + 2 + 2 * r] as number) + windowMs - now;
          break;
        }
      }
    }
    return { allowed: false, remaining: Math.max(0, limit - size), retryAfterMs };
  }

  peek(key: string, limit: number, windowMs: number, now: number): number {
    const log = this.logs.get(key);
    if (log) {
      log.prune(now - windowMs);
      return Math.max(0, limit - log.size);
    }
    const slot = this.slots.get(key);
    if (slot === undefined) return limit;
    this.prune(slot * SLOT, now - windowMs);
    return Math.max(0, limit - (this.slab[slot * SLOT] as number));
  }

  /** Drops the slot's runs at or before cutoff, moving the rest to the front. */
  private prune(o: number, cutoff: number): void {
    const d = this.slab;
    const runs = d[o + 1] as number;
    let gone = 0;
    let size = d[o] as number;
    while (gone < runs && (d[o + 2 + 2 * gone] as number) <= cutoff) {
      size -= d[o + 3 + 2 * gone] as number;
      gone++;
    }
    if (!gone) return;
    d.copyWithin(o + 2, o + 2 + 2 * gone, o + 2 + 2 * runs);
    d[o] = size;
    d[o + 1] = runs - gone;
  }

  private allocate(): number {
    const reused = this.free.pop();
    const slot = reused ?? this.used++;
    if ((slot + 1) * SLOT > this.slab.length) {
      const grown = new Float64Array(this.slab.length * 2);
      grown.set(this.slab);
      this.slab = grown;
    }
    const o = slot * SLOT;
    this.slab[o] = 0;
    this.slab[o + 1] = 0;
    return slot;
  }

  private release(slot: number): void {
    this.free.push(slot);
  }

  /** Drops every client whose newest accepted request has left the window; shrinks the slab after a crowd. */
  sweep(now: number): void {
    const cutoff = now - this.windowMs;
    for (const [key, log] of this.logs) if (log.newest() <= cutoff) this.logs.delete(key);
    const d = this.slab;
    for (const [key, slot] of this.slots) {
      const o = slot * SLOT;
      const runs = d[o + 1] as number;
      if (runs === 0 || (d[o + 2 * runs] as number) <= cutoff) {
        this.slots.delete(key);
        this.release(slot);
      }
    }
    if (this.slots.size * 4 < this.used && this.used > this.minSlots) this.repack();
  }

  /** Moves the live slots to the front of a slab sized for them, so a past crowd of addresses is not kept. */
  private repack(): void {
    const capacity = Math.max(this.minSlots, this.slots.size * 2);
    const next = new Float64Array(capacity * SLOT);
    let n = 0;
    for (const [key, slot] of this.slots) {
      next.set(this.slab.subarray(slot * SLOT, (slot + 1) * SLOT), n * SLOT);
      this.slots.set(key, n++);
    }
    this.slab = next;
    this.used = n;
    this.free = [];
  }

  get clients(): number {
    return this.logs.size + this.slots.size;
  }

  healthy(): boolean {
    return true;
  }

  close(): void {
    clearInterval(this.timer);
    this.logs.clear();
    this.slots.clear();
    this.free = [];
    this.used = 0;
  }
}

/** take() for a client with a Log of its own. */
function takeFromLog(log: Log, cost: number, limit: number, windowMs: number, now: number): TakeResult {
  log.prune(now - windowMs);
  if (log.size + cost <= limit) {
    log.push(now, cost);
    return { allowed: true, remaining: limit - log.size, retryAfterMs: 0 };
  }
  const mustExpire = log.size + cost - limit;
  const retryAfterMs = mustExpire <= log.size ? log.at(mustExpire - 1) + windowMs - now : windowMs;
  return { allowed: false, remaining: Math.max(0, limit - log.size), retryAfterMs };
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
  /** While the store fails, one request at a time, at most this often, tries it; the others use the fallback. */
  probeMs?: number;
  /**
   * A shared store that has answered nothing for this many milliseconds while requests wait on it is failing
   * (a healthy Redis answers in about a millisecond, and a busy one keeps answering; 250 ms by default).
   */
  answerMs?: number;
  /** Told once when the store starts failing and once when it works again, never per request. */
  log?: (event: string, detail: Record<string, unknown>) => void;
}

export class RateLimiter {
  readonly windowMs: number;
  private readonly fallback: RateLimitStore;
  private readonly probeMs: number;
  private readonly answerMs: number;
  private readonly log: (event: string, detail: Record<string, unknown>) => void;
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

  constructor(
    readonly limit: number,
    readonly windowS: number,
    readonly store: RateLimitStore = new MemoryStore(windowS * 1000),
    options: RateLimiterOptions = {},
  ) {
    this.windowMs = windowS * 1000;
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
    return { allowed: r.allowed, limit: this.limit, remaining: r.remaining, retryAfterS };
  }

  /** What remains for client, without counting; synchronous when the store is (await it either way). */
  peek(client: string): Promise<RateDecision> | RateDecision {
    const r = this.use((s, now) => s.peek(client, this.limit, this.windowMs, now));
    const answer = (remaining: number): RateDecision => ({
      allowed: true,
      limit: this.limit,
      remaining,
      retryAfterS: 0,
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

export function rateLimitHeaders(d: RateDecision): Record<string, string> {
  const h: Record<string, string> = {
    'X-RateLimit-Limit': String(d.limit),
    'X-RateLimit-Remaining': String(d.remaining),
  };
  if (!d.allowed) h['Retry-After'] = String(d.retryAfterS);
  return h;
}
