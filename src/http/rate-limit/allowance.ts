// The API allowance: what a call costs, the decision for a request, the rate-limit headers and the 429 body.
import { RateLimitError } from '../../../routers/errors.js';
import type { AnyOperation } from '../../../routers/index.js';
import type { Log } from '../../log.js';
import { type RateLimitBody, rateLimitResponse } from '../api/errors.js';
import { quotaPolicy, type RateDecision, RateLimiter } from './limiter.js';

/**
 * What one call costs: 1, unless it reaches an operation that declares itself free (`rateLimited: false`, the meta
 * operations). A call that reaches no operation (an unknown path, a wrong method) is counted like any other.
 */
export function callCost(operation: AnyOperation | undefined): number {
  return operation?.rateLimited === false ? 0 : 1;
}

export interface Allowance {
  readonly limiter: RateLimiter;
  /** Why a refused request was refused: the limit in words. */
  readonly message: string;
  /**
   * Counts `cost` requests for the client (a cost of 0 only reads what remains). Synchronous with the memory store,
   * a promise with a shared one; null when the store failed, and the request is then served unlimited.
   */
  decide(client: string, cost: number): Promise<RateDecision | null> | RateDecision | null;
  /** The tRPC error cause of a refusal, which tells tRPC clients when to retry and where the docs are. */
  cause(decision: RateDecision, documentation: string): RateLimitError;
}

export function apiAllowance(limiter: RateLimiter, log: Log): Allowance {
  const message = `Rate limit exceeded. You can make up to ${limiter.describe()}.`;
  const storeError = (error: unknown): null => {
    log('rate_limit_store_error', { error: String(error) });
    return null;
  };
  return {
    limiter,
    message,
    decide(client, cost) {
      try {
        const decision = cost > 0 ? limiter.take(client, cost) : limiter.peek(client);
        return RateLimiter.isThenable(decision) ? Promise.resolve(decision).catch(storeError) : decision;
      } catch (error) {
        return storeError(error);
      }
    },
    cause: (decision, documentation) => new RateLimitError(message, decision.retryAfterS, documentation),
  };
}

const EXAMPLE_POLICY = quotaPolicy(60, 60);

/**
 * The headers every API answer carries, each with what it says and an example (the OpenAPI document declares them
 * from here, CORS exposes them from here, and rateLimitHeaders must write every one). Seconds are delta-seconds,
 * as in Retry-After, never a date: a client's clock need not agree with the server's.
 */
export const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': { description: 'Requests allowed per window.', example: 60 },
  'X-RateLimit-Remaining': { description: 'Requests left in the current window.', example: 59 },
  'X-RateLimit-Reset': {
    description:
      'Seconds until the window frees a request (the oldest request it holds leaves it, and Remaining grows); ' +
      '0 when it holds none.',
    example: 42,
  },
  'RateLimit-Policy': {
    description:
      'The quota policy, as draft-ietf-httpapi-ratelimit-headers-08 states it: its name, q the requests allowed, ' +
      'w the window in seconds.',
    example: EXAMPLE_POLICY.header,
  },
  RateLimit: {
    description:
      'The policy named as in RateLimit-Policy, r the requests left (X-RateLimit-Remaining), t the seconds until ' +
      'the window frees one (X-RateLimit-Reset).',
    example: `"${EXAMPLE_POLICY.name}";r=59;t=42`,
  },
} as const;

/** The header a refused request carries besides. */
export const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait.', example: 42 } } as const;

/**
 * The rate-limit headers of an API answer: the limit, what remains, when the window frees a request, and when to
 * retry once refused.
 */
export function rateLimitHeaders(
  d: RateDecision,
): Record<keyof typeof RATE_LIMIT_HEADERS, string> & Partial<Record<keyof typeof RETRY_AFTER, string>> {
  const remaining = String(d.remaining);
  const reset = String(d.resetS);
  const h: ReturnType<typeof rateLimitHeaders> = {
    'X-RateLimit-Limit': String(d.limit),
    'X-RateLimit-Remaining': remaining,
    'X-RateLimit-Reset': reset,
    'RateLimit-Policy': d.policy.header,
    RateLimit: `"${d.policy.name}";r=${remaining};t=${reset}`,
  };
  if (!d.allowed) h['Retry-After'] = String(d.retryAfterS);
  return h;
}

/** The 429 of a refused REST request or page load: the contract's body, the documentation's absolute address. */
export function refusal(
  message: string,
  decision: RateDecision,
  documentation: string,
  headers: Record<string, string>,
  requestId: string,
): Response {
  const body: RateLimitBody = {
    error: 'Too Many Requests',
    message,
    retry_after: decision.retryAfterS,
    documentation,
    request_id: requestId,
  };
  return rateLimitResponse(body, headers);
}
