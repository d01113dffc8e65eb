// Service settings read from the environment, checked once at start-up.
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
  version: '0.1.0',
  computeWorkers: undefined,
  computeTimeoutMs: 10_000,
  shutdownGraceMs: 10_000,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  idleTimeoutMs: 30_000,
  connectionsPerAddress: 128,
};

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new Error(`${name} must be a whole number from 1 to ${max}, not ${JSON.stringify(raw)}`);
  }
  return n;
}

const truthy = (v: string | undefined) => v !== undefined && /^(1|true|yes|on)$/i.test(v.trim());

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  return {
    port: env.PORT === '0' ? 0 : positiveInt(env, 'PORT', DEFAULT_CONFIG.port, 65535),
    host: env.HOST?.trim() || DEFAULT_CONFIG.host,
    rateLimit: positiveInt(env, 'RATE_LIMIT', DEFAULT_CONFIG.rateLimit),
    pageRateLimit: positiveInt(env, 'PAGE_RATE_LIMIT', DEFAULT_CONFIG.pageRateLimit),
    rateLimitWindowS: positiveInt(env, 'RATE_LIMIT_WINDOW_S', DEFAULT_CONFIG.rateLimitWindowS, 86_400),
    trustProxy: truthy(env.TRUST_PROXY),
    redisUrl: env.REDIS_URL?.trim() || undefined,
    publicUrl: env.PUBLIC_URL?.trim().replace(/\/+$/, '') || undefined,
    version: env.npm_package_version ?? DEFAULT_CONFIG.version,
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
  };
}
