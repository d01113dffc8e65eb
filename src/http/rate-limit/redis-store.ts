// The Redis rate-limit store: one sorted set per client, checked and counted by one Lua script, so instances share it.
import { Redis, type RedisOptions } from 'ioredis';
import type { RateLimitStore, TakeResult, WindowState } from './store.js';

/**
 * KEYS[1] the client's log; ARGV cost, limit, window ms, a member prefix unique to this call.
 * Time is Redis's own clock (TIME), so instances whose clocks disagree still share one exact window.
 * Returns {allowed 0/1, remaining, retry-after ms, reset ms (until the oldest entry leaves the window; 0: none)}.
 */
const TAKE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local cost = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local allowed = count + cost <= limit
if allowed then
  for i = 1, cost do redis.call('ZADD', KEYS[1], now, ARGV[4] .. ':' .. i) end
  redis.call('PEXPIRE', KEYS[1], window)
end
local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
local reset = 0
if first[2] then reset = tonumber(first[2]) + window - now end
if allowed then return {1, limit - count - cost, 0, reset} end
local must = count + cost - limit
local retry = window
if must <= count then
  local oldest = redis.call('ZRANGE', KEYS[1], must - 1, must - 1, 'WITHSCORES')
  retry = tonumber(oldest[2]) + window - now
end
return {0, math.max(0, limit - count), retry, reset}
`;

/**
 * KEYS[1] the client's log; ARGV limit, window ms. Returns {remaining, reset ms}, counting none and removing
 * nothing (entries past the window are skipped, not pruned: a peek writes nothing).
 */
const PEEK_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[2])
local live = '(' .. (now - window)
local count = redis.call('ZCOUNT', KEYS[1], live, '+inf')
local first = redis.call('ZRANGEBYSCORE', KEYS[1], live, '+inf', 'WITHSCORES', 'LIMIT', 0, 1)
local reset = 0
if first[2] then reset = tonumber(first[2]) + window - now end
return {math.max(0, tonumber(ARGV[1]) - count), reset}
`;

interface ScriptedRedis extends Redis {
  rateTake(
    key: string,
    cost: number,
    limit: number,
    windowMs: number,
    member: string,
  ): Promise<[number, number, number, number]>;
  ratePeek(key: string, limit: number, windowMs: number): Promise<[number, number]>;
}

export interface RedisStoreOptions {
  /** Prepended to every key, so several services can share one Redis. */
  prefix?: string;
  /** A command that takes longer fails (the request is then served from the fallback), so none hangs. */
  commandTimeoutMs?: number;
  /** Extra ioredis options (tests shorten the reconnect delay). */
  redis?: RedisOptions;
}

export class RedisStore implements RateLimitStore {
  readonly kind = 'redis' as const;
  readonly client: ScriptedRedis;
  private readonly prefix: string;
  /** Unique per process: with the sequence number it makes every logged request a distinct set member. */
  private readonly instance = Math.random().toString(36).slice(2, 10);
  private seq = 0;
  private lastCallFailed = false;

  constructor(url: string, options: RedisStoreOptions = {}) {
    this.prefix = options.prefix ?? 'cipher:rl:';
    this.client = new Redis(url, {
      // While Redis is away commands fail at once instead of queueing behind a reconnect; the limiter
      // then falls back, and no request waits on Redis longer than the command timeout.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs ?? 500,
      connectTimeout: 2000,
      retryStrategy: (times) => Math.min(100 * times, 2000),
      lazyConnect: false,
      ...options.redis,
    }) as ScriptedRedis;
    this.client.defineCommand('rateTake', { numberOfKeys: 1, lua: TAKE_SCRIPT });
    this.client.defineCommand('ratePeek', { numberOfKeys: 1, lua: PEEK_SCRIPT });
    // Connection errors are reported by the limiter (once per outage); without a listener ioredis prints each.
    this.client.on('error', () => {});
  }

  /** Resolves once connected; rejects if Redis does not answer within `ms`. */
  async ready(ms = 5000): Promise<void> {
    if (this.client.status === 'ready') return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.client.off('ready', onReady);
        reject(new Error(`Redis not ready after ${ms} ms`));
      }, ms);
      const onReady = () => {
        clearTimeout(timer);
        resolve();
      };
      this.client.once('ready', onReady);
    });
  }

  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      const out = await run();
      this.lastCallFailed = false;
      return out;
    } catch (error) {
      this.lastCallFailed = true;
      throw error;
    }
  }

  async take(key: string, cost: number, limit: number, windowMs: number): Promise<TakeResult> {
    this.seq = (this.seq + 1) % Number.MAX_SAFE_INTEGER;
    const member = `${this.instance}:${this.seq}`;
    const [allowed, remaining, retryAfterMs, resetMs] = await this.call(() =>
      this.client.rateTake(this.keyOf(key, limit, windowMs), cost, limit, windowMs, member),
    );
    return { allowed: allowed === 1, remaining, retryAfterMs, resetMs };
  }

  async peek(key: string, limit: number, windowMs: number): Promise<WindowState> {
    const [remaining, resetMs] = await this.call(() =>
      this.client.ratePeek(this.keyOf(key, limit, windowMs), limit, windowMs),
    );
    return { remaining, resetMs };
  }

  /**
   * The limit and window are part of the key: services configured differently on one Redis (a staging copy, a
   * second API with its own limit) never count each other's requests; instances of one service share a key.
   */
  private keyOf(client: string, limit: number, windowMs: number): string {
    return `${this.prefix}${limit}/${windowMs}:${client}`;
  }

  healthy(): boolean {
    return this.client.status === 'ready' && !this.lastCallFailed;
  }

  async close(): Promise<void> {
    if (this.client.status === 'end') return;
    try {
      await this.client.quit();
    } catch {
      this.client.disconnect();
    }
  }
}
