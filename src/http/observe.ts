// What each request leaves behind: its id (X-Request-Id), its access-log line and its metrics, on every surface.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Logger } from '../log.js';
import type { ReplySink } from './api/reply.js';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * A client's own id is kept when it is 1 to 128 of these characters (UUIDs, ULIDs, trace ids such as AWS's
 * `Root=1-…`); anything else (longer, spaces, quotes, control characters) is replaced by one of ours, so that an id
 * never breaks a header, a log line or a JSON body (the access log writes it unescaped: src/log.ts).
 */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:;=+/@-]{1,128}$/;

/** The id of a request that sent `own` as its X-Request-Id (undefined or null: none): it, when acceptable, else a UUID. */
export function requestIdFrom(own: string | null | undefined): string {
  return typeof own === 'string' && CLIENT_REQUEST_ID.test(own) ? own : randomUUID();
}

/** The request's id: its own X-Request-Id when acceptable, else a new UUID. */
export const requestIdOf = (request: Request): string => requestIdFrom(request.headers.get(REQUEST_ID_HEADER));

/** Which part of the service answered: the metrics' and the log's `surface`. */
export type Surface = 'rest' | 'trpc' | 'page' | 'other';

/** The route label of a request that reaches no operation or page: never the raw URL (unbounded, and the client's). */
export const UNKNOWN_ROUTE = 'unknown';

/** One request as it is being answered. */
export interface Exchange {
  readonly id: string;
  readonly surface: Surface;
  /** performance.now() when it began. */
  readonly started: number;
  /** The operation (`caesar.encrypt`), `batch`, or the page it reached; UNKNOWN_ROUTE until the surface knows. */
  route: string;
  /** Its rate-limit key, once the surface has read it (hashed before it is logged). */
  client?: string;
}

/** What the metrics count of requests (src/http/metrics.ts); absent when METRICS_PORT is unset. */
export interface RequestMetrics {
  request(surface: Surface, route: string, status: number, seconds: number): void;
  refused(surface: Surface): void;
}

export interface Observer {
  /** False when end() does nothing (no access log, no metrics): the request's id is then all there is to do. */
  readonly watching: boolean;
  /** Whether end() writes an access-log line, which wants the answer's length. */
  readonly logging: boolean;
  /** Starts the exchange and puts its id on the answer's headers (every answer carries it, errors too). */
  begin(request: Request, set: ReplySink, surface: Surface): Exchange;
  /** The answer is made: its access-log line and its metrics. `bytes`: the body's length, when known. */
  end(exchange: Exchange, method: string, status: number, bytes: number | undefined): void;
  /** The rate limit refused a request. */
  refused(surface: Surface): void;
}

/** Distinct client keys whose hashes are kept, so that a busy client is hashed once, not once per request. */
const HASHES_KEPT = 10_000;

/**
 * The rate-limit key as the access log shows it: the first 16 hex digits of its HMAC-SHA-256 under `secret`, so that
 * one client's lines can be matched with each other (and, with one LOG_KEY_SECRET, across instances) but not read
 * back to an address without the secret. Unset, the secret is random per process.
 */
export function clientHasher(secret: string | undefined): (key: string) => string {
  const keyBytes = secret ?? randomBytes(32);
  const kept = new Map<string, string>();
  return (key) => {
    let hash = kept.get(key);
    if (hash === undefined) {
      hash = createHmac('sha256', keyBytes).update(key).digest('hex').slice(0, 16);
      if (kept.size >= HASHES_KEPT) kept.clear();
      kept.set(key, hash);
    }
    return hash;
  };
}

/**
 * Decided once, here: with neither access log (LOG_LEVEL above info) nor metrics, a request costs its id and
 * nothing more (no clock read, no line, no count).
 */
export function createObserver(logger: Logger, metrics: RequestMetrics | undefined, logKeySecret?: string): Observer {
  const hash = clientHasher(logKeySecret);
  // Asked once: LOG_LEVEL does not change while the service runs.
  const logging = logger.enabled('request');
  const watching = logging || metrics !== undefined;
  return {
    watching,
    logging,
    begin(request, set, surface) {
      const id = requestIdOf(request);
      set.headers[REQUEST_ID_HEADER] = id;
      return { id, surface, started: watching ? performance.now() : 0, route: UNKNOWN_ROUTE };
    },
    end(exchange, method, status, bytes) {
      if (!watching) return;
      const ms = performance.now() - exchange.started;
      metrics?.request(exchange.surface, exchange.route, status, ms / 1000);
      if (!logging) return;
      logger.request({
        request_id: exchange.id,
        method,
        surface: exchange.surface,
        route: exchange.route,
        status,
        duration_ms: Math.round(ms * 1000) / 1000,
        bytes: bytes ?? null,
        client: exchange.client === undefined ? null : hash(exchange.client),
      });
    },
    refused: (surface) => metrics?.refused(surface),
  };
}

/** What a route handler returns: a Response, or a body (bytes or a string) with its status on `set`. */
type Answer = Response | Uint8Array | string;

function statusOf(answer: Answer, set: ReplySink): number {
  if (answer instanceof Response) return answer.status;
  return typeof set.status === 'number' ? set.status : 200;
}

function bytesOf(answer: Answer): number | undefined {
  if (typeof answer === 'string') return Buffer.byteLength(answer);
  if (answer instanceof Uint8Array) return answer.byteLength;
  const length = answer.headers.get('content-length');
  return length === null ? undefined : Number(length);
}

/**
 * An Elysia route handler that observes each request it answers (an error it throws is logged as a 500). Unwatched,
 * it only gives the request its id. No closure is made per request: under tsx each one also costs a defineProperty
 * (esbuild's keepNames), some 0.3 µs on Node.
 */
export function observed(
  observer: Observer,
  surface: Surface,
  handle: (request: Request, set: ReplySink, exchange: Exchange) => Answer | Promise<Answer>,
) {
  if (!observer.watching) {
    return ({ request, set }: { request: Request; set: ReplySink }): Answer | Promise<Answer> =>
      handle(request, set, observer.begin(request, set, surface));
  }
  return async ({ request, set }: { request: Request; set: ReplySink }): Promise<Answer> => {
    const exchange = observer.begin(request, set, surface);
    let answer: Answer;
    try {
      answer = await handle(request, set, exchange);
    } catch (error) {
      observer.end(exchange, request.method, 500, undefined);
      throw error;
    }
    observer.end(exchange, request.method, statusOf(answer, set), observer.logging ? bytesOf(answer) : undefined);
    return answer;
  };
}
