// The in-process rate-limit store: exact sliding windows for many clients in one slab, busy clients in logs of their own.
import { SlidingLog, takeFromLog } from './sliding-log.js';
import type { RateLimitStore, TakeResult, WindowState } from './store.js';

/** Runs a client keeps in the slab; one with more (a busy client) moves to its own on-heap SlidingLog. */
const SLOT_RUNS = 6;
/** A slot: [size, runs, time₀, count₀, …, time₅, count₅], oldest run first. */
const SLOT = 2 + 2 * SLOT_RUNS;
const MIN_SLOTS = 1024;

/**
 * The in-process store: exact, and bounded because clients whose requests have all left the window are swept.
 * Most clients hold a few runs; theirs live in slots of one Float64Array (outside V8's heap, ~112 bytes each),
 * so 100,000 addresses cost ~11 MB there plus the address map, instead of ~300 bytes each of heap objects that
 * V8 would also size its garbage headroom by. A client with more runs than a slot holds gets a SlidingLog of its own.
 */
export class MemoryStore implements RateLimitStore {
  readonly kind = 'memory' as const;
  /** Clients with more runs than a slot holds, each with a sliding log of its own. */
  private readonly logs = new Map<string, SlidingLog>();
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
      if (cost > limit) return { allowed: false, remaining: limit, retryAfterMs: windowMs, resetMs: 0 };
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
      if (cost <= 0)
        return { allowed: true, remaining: limit - size, retryAfterMs: 0, resetMs: this.resetMs(o, windowMs, now) };
      if (runs > 0 && d[last] === now) d[last + 1] = (d[last + 1] as number) + cost;
      else if (runs < SLOT_RUNS) {
        d[last + 2] = now;
        d[last + 3] = cost;
        d[o + 1] = runs + 1;
      } else {
        // Out of room: the client moves to a SlidingLog of its own.
        const moved = new SlidingLog();
        for (let r = 0; r < runs; r++) moved.push(d[o + 2 + 2 * r] as number, d[o + 3 + 2 * r] as number);
        moved.push(now, cost);
        this.logs.set(key, moved);
        this.slots.delete(key);
        this.release(slot);
        return { allowed: true, remaining: limit - moved.size, retryAfterMs: 0, resetMs: moved.resetMs(windowMs, now) };
      }
      d[o] = size + cost;
      return {
        allowed: true,
        remaining: limit - size - cost,
        retryAfterMs: 0,
        resetMs: this.resetMs(o, windowMs, now),
      };
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
    return {
      allowed: false,
      remaining: Math.max(0, limit - size),
      retryAfterMs,
      resetMs: this.resetMs(o, windowMs, now),
    };
  }

  peek(key: string, limit: number, windowMs: number, now: number): WindowState {
    const log = this.logs.get(key);
    if (log) {
      log.prune(now - windowMs);
      return { remaining: Math.max(0, limit - log.size), resetMs: log.resetMs(windowMs, now) };
    }
    const slot = this.slots.get(key);
    if (slot === undefined) return { remaining: limit, resetMs: 0 };
    const o = slot * SLOT;
    this.prune(o, now - windowMs);
    return { remaining: Math.max(0, limit - (this.slab[o] as number)), resetMs: this.resetMs(o, windowMs, now) };
  }

  /** Milliseconds until the slot's oldest run (pruned already) leaves the window; 0 when it holds none. */
  private resetMs(o: number, windowMs: number, now: number): number {
    const d = this.slab;
    return (d[o + 1] as number) > 0 ? (d[o + 2] as number) + windowMs - now : 0;
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
