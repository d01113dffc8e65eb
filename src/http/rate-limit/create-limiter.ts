// The API's limiter as the configuration asks for it: shared through Redis with REDIS_URL, else in memory.
import type { Log } from '../../log.js';
import type { ServiceConfig } from '../config.js';
import { RateLimiter } from './limiter.js';
import { RedisStore } from './redis-store.js';

/** Redis-backed with REDIS_URL (each instance falling back to its own count while Redis fails), else in memory. */
export function createLimiter(
  config: Pick<ServiceConfig, 'rateLimit' | 'rateLimitWindowS' | 'redisUrl'>,
  log?: Log,
): RateLimiter {
  const store = config.redisUrl ? new RedisStore(config.redisUrl) : undefined;
  return new RateLimiter(config.rateLimit, config.rateLimitWindowS, store, { log });
}
