// The service's one logger (pino: a JSON line per event on stdout, LOG_LEVEL), and the shape every layer takes it in.
import { hostname } from 'node:os';
import { pino } from 'pino';
import type { LogLevel } from './http/config.js';
import { isoNow, logDestination } from './log-output.js';

/** Every event the service tells of, and the level it is told at: the compiler flags an event missing here. */
const EVENT_LEVEL = {
  listening: 'info',
  metrics_listening: 'info',
  shutdown: 'info',
  stopped: 'info',
  /** The access log: one line per request (src/http/observe.ts). */
  request: 'info',
  rate_limit_store_recovered: 'info',
  shutdown_grace_expired: 'warn',
  redis_unavailable_at_start: 'warn',
  rate_limit_store_error: 'warn',
  compute_timeout: 'warn',
  compute_worker_lost: 'warn',
  shutdown_error: 'error',
  internal_error: 'error',
  rate_limit_store_failing: 'error',
  compute_pool_unavailable: 'error',
  metrics_error: 'error',
} as const satisfies Record<string, Exclude<LogLevel, 'silent'>>;

type LogEvent = keyof typeof EVENT_LEVEL;

/** Tells of an event by name, with its details. */
export type Log = (event: LogEvent, detail: Record<string, unknown>) => void;

/** The access log's line (src/http/observe.ts), its fields in the order they are written. */
export interface RequestLine {
  request_id: string;
  method: string;
  surface: string;
  route: string;
  status: number;
  duration_ms: number;
  bytes: number | null;
  client: string | null;
}

/** A logger: tells of events, and says whether an event's line would be written at all (the access log asks). */
export interface Logger {
  log: Log;
  enabled(event: LogEvent): boolean;
  /** The access log's line: what log('request', line) would write, the one event told once per request. */
  request(line: RequestLine): void;
  /** Resolves once every line told so far is written (before the process exits). */
  flush(): Promise<void>;
}

/** A number as pino writes one: null when not finite. */
const jsonNumber = (n: number | null): string => (n !== null && Number.isFinite(n) ? String(n) : 'null');

/** Milliseconds to three decimals, written from whole microseconds: a double's String() costs about 0.15 µs on Node. */
function milliseconds(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return jsonNumber(ms);
  const us = Math.round(ms * 1000);
  const frac = us % 1000;
  return `${(us - frac) / 1000}.${frac < 10 ? '00' : frac < 100 ? '0' : ''}${frac}`;
}

/**
 * The access log's line written from a template, as pino writes the same fields (test/http/log-lines.test.ts holds
 * the two to each other): pino's generic loop over a line's fields costs about 2 µs on Node and on Bun, this a
 * fraction of it. `head` is the line up to its time, `bindings` what follows the time (pino's base and the event).
 * Only the method is escaped: the other strings are the service's own (surface, route, the client's hash in hex) or
 * checked by observe.ts (a request id is 1 to 128 characters none of which needs escaping), and JSON.stringify
 * costs 0.1–0.2 µs a string on Node.
 */
function requestLineWriter(destination: pino.DestinationStream, head: string, bindings: string) {
  return (l: RequestLine) =>
    destination.write(
      `${head},"time":"${isoNow()}"${bindings},"request_id":"${l.request_id}","method":${JSON.stringify(l.method)},` +
        `"surface":"${l.surface}","route":"${l.route}","status":${jsonNumber(l.status)},` +
        `"duration_ms":${milliseconds(l.duration_ms)},"bytes":${jsonNumber(l.bytes)},` +
        `"client":${l.client === null ? 'null' : `"${l.client}"`}}\n`,
    );
}

/**
 * pino on stdout at `level`: `{"level":"info","time":"<ISO>","pid":…,"hostname":…,"event":…,…}`; main flushes it
 * before the process exits.
 */
export function createLogger(level: LogLevel, destination: pino.DestinationStream = logDestination()): Logger {
  // pino's own base, named here because the access log's template writes it too.
  const base = { pid: process.pid, hostname: hostname() };
  const logger = pino(
    {
      level,
      base,
      // pino's isoTime, its text up to the second made once a second.
      timestamp: () => `,"time":"${isoNow()}"`,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  // One child per event, its `event` serialised once: each line then costs no copy of its details (about 1 µs of
  // the 4 µs of a request line on Node).
  const children = new Map<LogEvent, pino.Logger>();
  const childOf = (event: LogEvent) => {
    let child = children.get(event);
    if (!child) {
      child = logger.child({ event });
      children.set(event, child);
    }
    return child;
  };
  const request = logger.isLevelEnabled(EVENT_LEVEL.request)
    ? requestLineWriter(
        destination,
        `{"level":${JSON.stringify(EVENT_LEVEL.request)}`,
        `,${JSON.stringify({ ...base, event: 'request' }).slice(1, -1)}`,
      )
    : () => {};
  return {
    // Only access lines wait in the batch: a start, stop or warning line is rare and an operator (or a supervisor
    // waiting for the start line) reads it at once.
    log: (event, detail) => {
      childOf(event)[EVENT_LEVEL[event]](detail);
      logger.flush();
    },
    enabled: (event) => logger.isLevelEnabled(EVENT_LEVEL[event]),
    request,
    flush: () => new Promise<void>((resolve) => logger.flush(() => resolve())),
  };
}

/** A bare `log` function as a Logger that tells it every event, the access log's lines too (tests read them). */
export const everyEvent = (log: Log): Logger => ({
  log,
  enabled: () => true,
  request: (line) => log('request', { ...line }),
  flush: async () => {},
});

/** An error as a log line tells it: its stack where it has one. */
export const errorText = (error: unknown): string =>
  error instanceof Error ? (error.stack ?? error.message) : String(error);
