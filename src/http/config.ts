// Service settings read from the environment once at start-up: a bad value stops the start, naming its variable.
import { isIP } from 'node:net';
import { TASK_TIMEOUT_MS } from '../compute/pool.js';
import { VERSION } from '../version.js';

export interface ServiceConfig {
  port: number;
  host: string;
  /** Accepted requests per window and client address. */
  rateLimit: number;
  /**
   * Page loads (the playground, the API reference, their files, the OpenAPI document) per window and client address:
   * not API calls, so not counted against rateLimit, but bounded, since a small request can fetch megabytes.
   */
  pageRateLimit: number;
  rateLimitWindowS: number;
  /** Read the client address from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy: boolean;
  redisUrl: string | undefined;
  /** Where clients reach the service, for the 429 body's docs link; unset: the listening address (never Host). */
  publicUrl: string | undefined;
  version: string;
  /** Worker threads for the solvers (0: run them on the event loop); default one per core but one. */
  computeWorkers: number | undefined;
  /** Budget per solver task, queue wait included, before it is abandoned with a 503. */
  computeTimeoutMs: number;
  /** How long a shutdown waits for in-flight requests before closing their connections. */
  shutdownGraceMs: number;
  /** Node: the connection limits of src/http/node-server.ts (Bun keeps its own: docs/robustness.md). */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  idleTimeoutMs: number;
  /** Open connections per client address; 0: no cap (the default behind a trusted proxy, which has one address). */
  connectionsPerAddress: number;
  /**
   * Node: open connections in all, past which the longest-waiting one without a request running is shed; undefined:
   * from the process's file limit (src/http/file-limit.ts); 0: no cap.
   */
  maxConnections: number | undefined;
}

export const DEFAULT_CONFIG: ServiceConfig = {
  port: 3000,
  host: '0.0.0.0',
  rateLimit: 60,
  pageRateLimit: 600,
  rateLimitWindowS: 60,
  trustProxy: false,
  redisUrl: undefined,
  publicUrl: undefined,
  version: VERSION,
  computeWorkers: undefined,
  computeTimeoutMs: TASK_TIMEOUT_MS,
  shutdownGraceMs: 10_000,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  idleTimeoutMs: 30_000,
  connectionsPerAddress: 128,
  maxConnections: undefined,
};

/** Stops the start: the variable, what it must be, and the value it held. */
function invalid(env: NodeJS.ProcessEnv, name: string, what: string): never {
  throw new Error(`${name} must be ${what}, not ${JSON.stringify(env[name])}`);
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) invalid(env, name, `a whole number from 1 to ${max}`);
  return n;
}

/** On or off: 1/true/yes/on or 0/false/no/off (any case); unset or empty is off. */
function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = env[name]?.trim() ?? '';
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (raw === '' || /^(0|false|no|off)$/i.test(raw)) return false;
  return invalid(env, name, 'one of 1, true, yes, on, 0, false, no, off');
}

/** A label of a host name: letters, digits, underscores (container names) and inner hyphens, at most 63 characters. */
const NAME_LABEL = /^[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?$/;

/** Where to listen: an IP address (IPv6 without brackets) or a host name, whose last label is not all digits. */
function host(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name]?.trim() ?? '';
  if (raw === '') return fallback;
  const labels = raw.split('.');
  const hostName =
    raw.length <= 253 && labels.every((label) => NAME_LABEL.test(label)) && !/^\d+$/.test(labels.at(-1) ?? '');
  return isIP(raw) || hostName ? raw : invalid(env, name, 'an IP address (IPv6 without brackets) or a host name');
}

/** Redis to share the rate limit through: a redis:// or rediss:// URL, or a Unix socket's path; unset or empty: none. */
function redisUrl(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim() ?? '';
  if (raw === '' || raw.startsWith('/')) return raw || undefined;
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (url && (url.protocol === 'redis:' || url.protocol === 'rediss:') && url.host !== '') return raw;
  return invalid(env, name, 'a redis:// or rediss:// URL or a socket path');
}

/** The base URL clients reach the service at: http(s), no query or fragment; trailing slashes dropped. */
function publicUrl(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim() ?? '';
  if (raw === '') return undefined;
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (url && (url.protocol === 'http:' || url.protocol === 'https:') && !raw.includes('?') && !raw.includes('#')) {
    return raw.replace(/\/+$/, '');
  }
  return invalid(env, name, 'an http:// or https:// URL with no query or fragment');
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  return {
    port: env.PORT === '0' ? 0 : positiveInt(env, 'PORT', DEFAULT_CONFIG.port, 65535),
    host: host(env, 'HOST', DEFAULT_CONFIG.host),
    rateLimit: positiveInt(env, 'RATE_LIMIT', DEFAULT_CONFIG.rateLimit),
    pageRateLimit: positiveInt(env, 'PAGE_RATE_LIMIT', DEFAULT_CONFIG.pageRateLimit),
    rateLimitWindowS: positiveInt(env, 'RATE_LIMIT_WINDOW_S', DEFAULT_CONFIG.rateLimitWindowS, 86_400),
    trustProxy: flag(env, 'TRUST_PROXY'),
    redisUrl: redisUrl(env, 'REDIS_URL'),
    publicUrl: publicUrl(env, 'PUBLIC_URL'),
    version: DEFAULT_CONFIG.version,
    computeWorkers:
      env.COMPUTE_WORKERS?.trim() === '0'
        ? 0
        : env.COMPUTE_WORKERS
          ? positiveInt(env, 'COMPUTE_WORKERS', 1, 256)
          : undefined,
    computeTimeoutMs: positiveInt(env, 'COMPUTE_TIMEOUT_MS', DEFAULT_CONFIG.computeTimeoutMs, 600_000),
    shutdownGraceMs: positiveInt(env, 'SHUTDOWN_GRACE_MS', DEFAULT_CONFIG.shutdownGraceMs, 600_000),
    headersTimeoutMs: positiveInt(env, 'HEADERS_TIMEOUT_MS', DEFAULT_CONFIG.headersTimeoutMs, 30_000),
    requestTimeoutMs: positiveInt(env, 'REQUEST_TIMEOUT_MS', DEFAULT_CONFIG.requestTimeoutMs, 30_000),
    idleTimeoutMs: positiveInt(env, 'IDLE_TIMEOUT_MS', DEFAULT_CONFIG.idleTimeoutMs, 300_000),
    connectionsPerAddress:
      env.MAX_CONNECTIONS_PER_ADDRESS?.trim() === '0'
        ? 0
        : positiveInt(env, 'MAX_CONNECTIONS_PER_ADDRESS', DEFAULT_CONFIG.connectionsPerAddress, 1_000_000),
    maxConnections:
      env.MAX_CONNECTIONS?.trim() === '0'
        ? 0
        : env.MAX_CONNECTIONS?.trim()
          ? positiveInt(env, 'MAX_CONNECTIONS', 1, 1_000_000)
          : undefined,
  };
}
