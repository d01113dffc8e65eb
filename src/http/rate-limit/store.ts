// What a rate-limit store promises: one atomic check-and-count per request, a peek, its health.

/** A client's window as a store reads it. */
export interface WindowState {
  /** Requests still allowed in the current window (after this one, for a take). */
  remaining: number;
  /**
   * Milliseconds until the window frees a request, i.e. its oldest accepted request leaves it (and `remaining`
   * grows); 0 when the window holds none. The X-RateLimit-Reset and RateLimit headers say it.
   */
  resetMs: number;
}

export interface TakeResult extends WindowState {
  allowed: boolean;
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
  /** How many requests remain for key, and when the window frees one, without counting one. */
  peek(key: string, limit: number, windowMs: number, now: number): Promise<WindowState> | WindowState;
  /** False while the store is failing (requests are then served unlimited). */
  healthy(): boolean;
  close(): Promise<void> | void;
}
