// Service settings read from the environment once at start-up: every variable declared once in SETTINGS (its type,
// default and meaning; README's table is made from it), and a bad value stops the start, naming its variable.
import { isIP } from 'node:net';
import { TASK_TIMEOUT_MS } from '../compute/pool.js';
import { VERSION } from '../version.js';

/** What a parser answers for a value that is not one of its type. */
const INVALID: unique symbol = Symbol('invalid');

/** One environment variable: how it reads, its default, and what README's configuration table says of it. */
export interface Setting<T> {
  env: string;
  /** What a value must be, in words: README's type column, and the error that stops the start ("X must be …"). */
  type: string;
  default: T;
  /** The default as README shows it, where the value alone would not say it (unset, derived at start). */
  shownDefault?: string;
  meaning: string;
  /** A set value (trimmed, not empty) read, or INVALID; an unset or empty variable takes the default. */
  parse(raw: string): T | typeof INVALID;
}

const setting = <T>(s: Setting<T>): Setting<T> => s;

/** A whole number from min to max. */
function wholeNumber(min: number, max: number): Pick<Setting<number>, 'type' | 'parse'> {
  return {
    type: `a whole number from ${min} to ${max}`,
    parse(raw) {
      const n = Number(raw);
      return Number.isInteger(n) && n >= min && n <= max ? n : INVALID;
    },
  };
}

/** On or off: 1/true/yes/on or 0/false/no/off (any case). */
const onOff: Pick<Setting<boolean>, 'type' | 'parse'> = {
  type: 'one of 1, true, yes, on, 0, false, no, off',
  parse: (raw) => (/^(1|true|yes|on)$/i.test(raw) ? true : /^(0|false|no|off)$/i.test(raw) ? false : INVALID),
};

/** A label of a host name: letters, digits, underscores (container names) and inner hyphens, at most 63 characters. */
const NAME_LABEL = /^[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?$/;

/** Where to listen: an IP address (IPv6 without brackets) or a host name, whose last label is not all digits. */
const hostName: Pick<Setting<string>, 'type' | 'parse'> = {
  type: 'an IP address (IPv6 without brackets) or a host name',
  parse(raw) {
    const labels = raw.split('.');
    const name =
      raw.length <= 253 && labels.every((label) => NAME_LABEL.test(label)) && !/^\d+$/.test(labels.at(-1) ?? '');
    return isIP(raw) || name ? raw : INVALID;
  },
};

/** The log levels, quietest last: pino's names. */
const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Every setting by its field in ServiceConfig; to add one, add it here (README: npm run docs:config). */
export const SETTINGS = {
  port: setting({
    env: 'PORT',
    default: 3000,
    meaning: 'where to listen (0: any free port)',
    ...wholeNumber(0, 65535),
  }),
  host: setting({ env: 'HOST', default: '0.0.0.0', meaning: 'the address to listen on', ...hostName }),
  publicUrl: setting<string | undefined>({
    env: 'PUBLIC_URL',
    type: 'an http:// or https:// URL with no query or fragment',
    default: undefined,
    shownDefault: 'the listening address',
    meaning: "base URL clients reach the service at, for the 429 body's documentation link (never taken from `Host`)",
    parse(raw) {
      const url = URL.canParse(raw) ? new URL(raw) : undefined;
      const ok = url && (url.protocol === 'http:' || url.protocol === 'https:') && !/[?#]/.test(raw);
      return ok ? raw.replace(/\/+$/, '') : INVALID;
    },
  }),
  rateLimit: setting({
    env: 'RATE_LIMIT',
    default: 60,
    meaning: 'accepted API calls per window and client address',
    ...wholeNumber(1, Number.MAX_SAFE_INTEGER),
  }),
  rateLimitWindowS: setting({
    env: 'RATE_LIMIT_WINDOW_S',
    default: 60,
    meaning: 'the rate-limit window, in seconds',
    ...wholeNumber(1, 86_400),
  }),
  pageRateLimit: setting({
    env: 'PAGE_RATE_LIMIT',
    default: 600,
    // Not API calls, so not counted against RATE_LIMIT, but bounded: a request of a hundred bytes fetches megabytes.
    meaning: 'page loads (playground, API reference, their files, the OpenAPI document) per window and address',
    ...wholeNumber(1, Number.MAX_SAFE_INTEGER),
  }),
  trustProxy: setting({
    env: 'TRUST_PROXY',
    default: false,
    shownDefault: 'off',
    meaning: 'the client is the right-most `X-Forwarded-For` address (only behind your own proxy)',
    ...onOff,
  }),
  redisUrl: setting<string | undefined>({
    env: 'REDIS_URL',
    type: 'a redis:// or rediss:// URL or a socket path',
    default: undefined,
    shownDefault: 'unset (memory)',
    meaning:
      'e.g. `redis://127.0.0.1:6379`: instances share one limit; if Redis fails each limits on its own and `/health` says `degraded`',
    parse(raw) {
      if (raw.startsWith('/')) return raw;
      const url = URL.canParse(raw) ? new URL(raw) : undefined;
      return url && (url.protocol === 'redis:' || url.protocol === 'rediss:') && url.host !== '' ? raw : INVALID;
    },
  }),
  computeWorkers: setting<number | undefined>({
    env: 'COMPUTE_WORKERS',
    default: undefined,
    shownDefault: 'cores − 1 (≥ 1)',
    meaning: 'solver worker threads; `0` runs solvers on the event loop',
    ...wholeNumber(0, 256),
  }),
  computeTimeoutMs: setting({
    env: 'COMPUTE_TIMEOUT_MS',
    default: TASK_TIMEOUT_MS,
    meaning: 'budget per solver task, queue wait included; past it a 503',
    ...wholeNumber(1, 600_000),
  }),
  shutdownGraceMs: setting({
    env: 'SHUTDOWN_GRACE_MS',
    default: 10_000,
    meaning: 'on SIGTERM/SIGINT, how long in-flight requests may finish (`/health` answers 503 meanwhile)',
    ...wholeNumber(1, 600_000),
  }),
  shutdownDelayMs: setting({
    env: 'SHUTDOWN_DELAY_MS',
    default: 0,
    meaning:
      "on SIGTERM/SIGINT, how long the service goes on taking requests, `/health` answering 503, for a load balancer's check to see it before the listener closes (the grace follows)",
    ...wholeNumber(0, 600_000),
  }),
  headersTimeoutMs: setting({
    env: 'HEADERS_TIMEOUT_MS',
    default: 10_000,
    meaning: 'Node: time to send the headers, counted from the connection (Bun keeps its own limits)',
    ...wholeNumber(1, 30_000),
  }),
  requestTimeoutMs: setting({
    env: 'REQUEST_TIMEOUT_MS',
    default: 30_000,
    meaning: 'Node: time to send the whole request (Bun keeps its own limits)',
    ...wholeNumber(1, 30_000),
  }),
  idleTimeoutMs: setting({
    env: 'IDLE_TIMEOUT_MS',
    default: 30_000,
    meaning: 'a connection with nothing sent or read for this long is closed',
    ...wholeNumber(1, 300_000),
  }),
  connectionsPerAddress: setting({
    env: 'MAX_CONNECTIONS_PER_ADDRESS',
    default: 128,
    meaning: 'Node: open connections per client address; `0` for no cap (no cap either with `TRUST_PROXY`)',
    ...wholeNumber(0, 1_000_000),
  }),
  maxConnections: setting<number | undefined>({
    env: 'MAX_CONNECTIONS',
    default: undefined,
    shownDefault: 'the file limit (`ulimit -n`) less an eighth (at least 64)',
    meaning:
      'Node: open connections in all; at the cap the oldest one without a request running is shed for a newcomer; `0` for no cap',
    ...wholeNumber(0, 1_000_000),
  }),
  logLevel: setting<LogLevel>({
    env: 'LOG_LEVEL',
    type: `one of ${LOG_LEVELS.join(', ')}`,
    default: 'info',
    meaning: 'the JSON log on stdout: `info` logs a line per request, `warn` only faults, `silent` nothing',
    parse: (raw) => LOG_LEVELS.find((level) => level === raw.toLowerCase()) ?? INVALID,
  }),
  logKeySecret: setting<string | undefined>({
    env: 'LOG_KEY_SECRET',
    type: 'at least 16 characters',
    default: undefined,
    shownDefault: 'random at each start',
    meaning:
      "the key the access log's client keys are hashed with (HMAC-SHA-256, never the raw address); set one shared secret for keys that match across instances and restarts",
    parse: (raw) => (raw.length >= 16 ? raw : INVALID),
  }),
  metricsPort: setting<number | undefined>({
    env: 'METRICS_PORT',
    default: undefined,
    shownDefault: 'unset (off)',
    meaning: 'Prometheus metrics at `/metrics` on a listener of their own, never the public port',
    ...wholeNumber(0, 65535),
  }),
  metricsHost: setting({
    env: 'METRICS_HOST',
    default: '127.0.0.1',
    meaning: 'the address the metrics listener listens on',
    ...hostName,
  }),
};

type Settings = typeof SETTINGS;

/** The settings by field, as read (from SETTINGS), and the version, which is the package's, not a setting. */
export type ServiceConfig = { [K in keyof Settings]: Settings[K]['default'] } & { version: string };

const fields = Object.keys(SETTINGS) as (keyof Settings)[];

export const DEFAULT_CONFIG: ServiceConfig = Object.assign(
  Object.fromEntries(fields.map((field) => [field, SETTINGS[field].default])) as {
    [K in keyof Settings]: Settings[K]['default'];
  },
  { version: VERSION },
);

/** The settings from `env`; throws at the first bad value: the variable, what it must be, and the value it held. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const config: Record<string, unknown> = { version: VERSION };
  for (const field of fields) {
    const spec: Setting<unknown> = SETTINGS[field];
    const raw = env[spec.env]?.trim() ?? '';
    const value = raw === '' ? spec.default : spec.parse(raw);
    if (value === INVALID) throw new Error(`${spec.env} must be ${spec.type}, not ${JSON.stringify(env[spec.env])}`);
    config[field] = value;
  }
  if (config.port !== 0 && config.port === config.metricsPort) {
    throw new Error(`METRICS_PORT must differ from PORT, not ${JSON.stringify(env.METRICS_PORT)}`);
  }
  return config as ServiceConfig;
}
