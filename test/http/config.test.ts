// The settings read from the environment: defaults when unset, and a bad value stops the start, naming its variable.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { README, settingsTable } from '../../scripts/config-doc.js';
import { BUN, NODE, ROOT } from '../../scripts/lib/service-process.js';
import { TASK_TIMEOUT_MS } from '../../src/compute/pool.js';
import { configFromEnv, DEFAULT_CONFIG, SETTINGS } from '../../src/http/config.js';

describe('configFromEnv', () => {
  it('takes the defaults from an empty environment', () => {
    expect(configFromEnv({})).toEqual(DEFAULT_CONFIG);
  });

  it("states package.json's version and the pool's own task budget", () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(configFromEnv({}).version).toBe(pkg.version);
    expect(configFromEnv({ npm_package_version: '9.9.9' }).version).toBe(pkg.version);
    expect(DEFAULT_CONFIG.computeTimeoutMs).toBe(TASK_TIMEOUT_MS);
  });

  it.each([
    [{ TRUST_PROXY: '1' }, { trustProxy: true }],
    [{ TRUST_PROXY: ' Yes ' }, { trustProxy: true }],
    [{ TRUST_PROXY: 'off' }, { trustProxy: false }],
    [{ TRUST_PROXY: '' }, { trustProxy: false }],
    [{ HOST: '127.0.0.1' }, { host: '127.0.0.1' }],
    [{ HOST: '::' }, { host: '::' }],
    [{ HOST: 'localhost' }, { host: 'localhost' }],
    [{ HOST: ' ' }, { host: DEFAULT_CONFIG.host }],
    [{ REDIS_URL: 'redis://127.0.0.1:6379' }, { redisUrl: 'redis://127.0.0.1:6379' }],
    [{ REDIS_URL: 'rediss://user:pw@cache.internal:6380/1' }, { redisUrl: 'rediss://user:pw@cache.internal:6380/1' }],
    [{ REDIS_URL: '/run/redis/redis.sock' }, { redisUrl: '/run/redis/redis.sock' }],
    [{ REDIS_URL: '' }, { redisUrl: undefined }],
    [{ PUBLIC_URL: 'https://ciphers.example.org/' }, { publicUrl: 'https://ciphers.example.org' }],
    [{ PUBLIC_URL: 'http://10.0.0.5:8080/ciphers//' }, { publicUrl: 'http://10.0.0.5:8080/ciphers' }],
    [{ PUBLIC_URL: '' }, { publicUrl: undefined }],
    [{ LOG_LEVEL: 'WARN' }, { logLevel: 'warn' }],
    [
      { METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' },
      { metricsPort: 9464, metricsHost: '0.0.0.0' },
    ],
    [
      { COMPUTE_WORKERS: '0', MAX_CONNECTIONS_PER_ADDRESS: '0' },
      { computeWorkers: 0, connectionsPerAddress: 0 },
    ],
    [{ MAX_CONNECTIONS: '500' }, { maxConnections: 500 }],
    [{ MAX_CONNECTIONS: '0' }, { maxConnections: 0 }],
    [{ MAX_CONNECTIONS: '' }, { maxConnections: undefined }],
  ])('reads %j', (env, expected) => {
    expect(configFromEnv(env)).toMatchObject(expected);
  });

  it.each([
    ['PORT', '70000', 'PORT must be a whole number from 0 to 65535, not "70000"'],
    ['LOG_LEVEL', 'verbose', 'LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent, not "verbose"'],
    ['METRICS_PORT', 'on', 'METRICS_PORT must be a whole number from 0 to 65535, not "on"'],
    ['LOG_KEY_SECRET', 'short', 'LOG_KEY_SECRET must be at least 16 characters, not "short"'],
    ['RATE_LIMIT', 'lots', 'RATE_LIMIT must be a whole number from 1 to 9007199254740991, not "lots"'],
    ['TRUST_PROXY', 'maybe', 'TRUST_PROXY must be one of 1, true, yes, on, 0, false, no, off, not "maybe"'],
    ['TRUST_PROXY', '2', 'TRUST_PROXY must be one of 1, true, yes, on, 0, false, no, off, not "2"'],
    ['HOST', '[::1]', 'HOST must be an IP address (IPv6 without brackets) or a host name, not "[::1]"'],
    ['HOST', '127.0.0.256', 'HOST must be an IP address (IPv6 without brackets) or a host name, not "127.0.0.256"'],
    [
      'HOST',
      'http://localhost',
      'HOST must be an IP address (IPv6 without brackets) or a host name, not "http://localhost"',
    ],
    [
      'REDIS_URL',
      'localhost:6379',
      'REDIS_URL must be a redis:// or rediss:// URL or a socket path, not "localhost:6379"',
    ],
    [
      'REDIS_URL',
      'http://cache:6379',
      'REDIS_URL must be a redis:// or rediss:// URL or a socket path, not "http://cache:6379"',
    ],
    ['MAX_CONNECTIONS', '-1', 'MAX_CONNECTIONS must be a whole number from 0 to 1000000, not "-1"'],
    ['REDIS_URL', 'redis://', 'REDIS_URL must be a redis:// or rediss:// URL or a socket path, not "redis://"'],
    [
      'PUBLIC_URL',
      'ciphers.example.org',
      'PUBLIC_URL must be an http:// or https:// URL with no query or fragment, not "ciphers.example.org"',
    ],
    [
      'PUBLIC_URL',
      'ftp://example.org',
      'PUBLIC_URL must be an http:// or https:// URL with no query or fragment, not "ftp://example.org"',
    ],
    [
      'PUBLIC_URL',
      'https://example.org/?x=1',
      'PUBLIC_URL must be an http:// or https:// URL with no query or fragment, not "https://example.org/?x=1"',
    ],
  ])('stops at %s=%j, naming it', (name, value, message) => {
    expect(() => configFromEnv({ [name]: value })).toThrow(new Error(message));
  });
});

describe('the settings declaration (SETTINGS)', () => {
  const specs = Object.values(SETTINGS);

  it('names each variable once', () => {
    const names = specs.map((s) => s.env);
    expect(new Set(names).size).toBe(names.length);
  });

  it('is the configuration table README shows (npm run docs:config writes it)', () => {
    expect(readFileSync(README, 'utf8')).toContain(`-->\n${settingsTable()}\n<!--`);
  });

  it.each(specs.map((s) => [s.env, s] as const))('stops at a bad %s, naming it and what it must be', (env, spec) => {
    // No setting takes a value of this shape: not a number, a flag, a level, a host or a URL, and under 16 characters.
    const value = '<bad value>';
    expect(() => configFromEnv({ [env]: value })).toThrow(
      new Error(`${env} must be ${spec.type}, not ${JSON.stringify(value)}`),
    );
  });

  it('refuses metrics on the public port', () => {
    expect(() => configFromEnv({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT must differ from PORT/);
  });
});

describe.each([
  ['node', [NODE, '--import', 'tsx', 'src/main.ts']],
  ['bun', [BUN, 'src/main.ts']],
])('the service on %s', (_runtime, [command, ...args]) => {
  it('does not start with a bad setting: it exits 1 with the variable named, before listening', () => {
    const env = { ...process.env, PORT: '0', HOST: '127.0.0.1', TRUST_PROXY: 'maybe', COMPUTE_WORKERS: '0' };
    const run = spawnSync(command as string, args, { cwd: ROOT, env, encoding: 'utf8', timeout: 20_000 });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('TRUST_PROXY must be one of 1, true, yes, on, 0, false, no, off, not "maybe"');
    expect(run.stdout).not.toContain('listening');
  });
});
