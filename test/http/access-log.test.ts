// The access log (issue 31, item 2): one pino JSON line per request, with its id, method, route (the operation, never
// the URL), status, duration, bytes and the client's key hashed, never the raw address; LOG_LEVEL; and the service's
// own start and stop lines through the same logger, on stdout, on Node and on Bun.
import { describe, expect, it } from 'vitest';
import { type Runtime, startService } from '../../scripts/lib/service-process.js';
import { createApp } from '../../src/http/app.js';
import type { LogLevel } from '../../src/http/config.js';
import { clientHasher } from '../../src/http/observe.js';
import { createLogger } from '../../src/log.js';

type Line = Record<string, unknown>;

/** An app whose logger writes to an array (pino takes any object with write()). */
function loggedApp(level: LogLevel = 'info', secret?: string) {
  const lines: Line[] = [];
  const logger = createLogger(level, { write: (s: string) => void lines.push(JSON.parse(s) as Line) });
  const app = createApp({
    config: { rateLimit: 2, trustProxy: true, logKeySecret: secret },
    logger,
  });
  const send = (path: string, init: RequestInit = {}, from = '203.0.113.7') =>
    app.handle(
      new Request(`http://localhost${path}`, {
        ...init,
        headers: { ...(init.headers as object), 'x-forwarded-for': from },
      }),
    );
  return { lines, send, requests: () => lines.filter((l) => l.event === 'request') };
}

const J = { 'content-type': 'application/json' };
const encrypt = (body = '{"text":"abc","shift":1}'): RequestInit => ({ method: 'POST', headers: J, body });

describe('one line per request', () => {
  it.each([
    ['REST', '/api/v1/caesar/encrypt', encrypt(), 'rest', 'caesar.encrypt', 200],
    ['REST, invalid', '/api/v1/caesar/encrypt', encrypt('{"text":"abc","shift":99}'), 'rest', 'caesar.encrypt', 422],
    ['REST, unknown path', '/api/v1/secret/place', { method: 'GET' }, 'rest', 'unknown', 404],
    ['meta', '/api/v1/health', { method: 'GET' }, 'rest', 'meta.health', 200],
    ['tRPC', '/trpc/caesar.encrypt', encrypt('{"json":{"text":"abc","shift":1}}'), 'trpc', 'caesar.encrypt', 200],
    ['tRPC batch', '/trpc/caesar.encrypt,rot13.transform?batch=1', encrypt('{}'), 'trpc', 'batch', 400],
    ['tRPC, unknown', '/trpc/secret.place', encrypt('{}'), 'trpc', 'unknown', 404],
    ['a page', '/api/v1/openapi.json', { method: 'GET' }, 'page', 'openapi', 200],
    ['outside any route', '/secret/place', { method: 'GET' }, 'other', 'unknown', 404],
  ])('%s: its id, method, surface, route (never the URL), status, duration and bytes', async (...row) => {
    const [, path, init, surface, route, status] = row;
    const { send, requests } = loggedApp();
    const res = await send(path, init);
    const body = await res.arrayBuffer();
    expect(res.status).toBe(status);
    expect(requests()).toHaveLength(1);
    const line = requests()[0] as Line;
    expect(line).toMatchObject({
      level: 'info',
      event: 'request',
      request_id: res.headers.get('x-request-id'),
      method: init.method,
      surface,
      route,
      status,
    });
    expect(new Date(line.time as string).getTime()).toBeLessThanOrEqual(Date.now());
    expect(line.duration_ms).toBeGreaterThanOrEqual(0);
    // The body's length where the answer knew it before sending (tRPC's own answers stream and do not say).
    if (line.bytes !== null) expect(line.bytes).toBe(body.byteLength);
    expect(JSON.stringify(line)).not.toContain('secret');
  });

  it('the rate limit’s refusals are logged too, as 429', async () => {
    const { send, requests } = loggedApp();
    for (let i = 0; i < 3; i++) await send('/api/v1/caesar/encrypt', encrypt());
    expect(requests().map((l) => l.status)).toEqual([200, 200, 429]);
  });
});

describe('the client key', () => {
  it('is hashed: never the address, the same for one client, different for another', async () => {
    const { send, lines, requests } = loggedApp('info', 'a secret of sixteen+');
    await send('/api/v1/health', {}, '203.0.113.7');
    await send('/api/v1/health', {}, '203.0.113.7');
    await send('/api/v1/health', {}, '2001:db8::1');
    const [a, b, c] = requests().map((l) => l.client);
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    const text = JSON.stringify(lines);
    expect(text).not.toContain('203.0.113.7');
    expect(text).not.toContain('2001:db8');
  });

  it('matches across instances sharing LOG_KEY_SECRET, and not without it', () => {
    const shared = 'one secret for all of them';
    expect(clientHasher(shared)('203.0.113.7')).toBe(clientHasher(shared)('203.0.113.7'));
    expect(clientHasher(undefined)('203.0.113.7')).not.toBe(clientHasher(undefined)('203.0.113.7'));
  });
});

describe('LOG_LEVEL', () => {
  it.each([
    ['info', 1],
    ['debug', 1],
    ['warn', 0],
    ['silent', 0],
  ] as const)('at %s, %i request lines', async (level, count) => {
    const { send, requests } = loggedApp(level);
    await send('/api/v1/health');
    expect(requests()).toHaveLength(count);
  });
});

/** The JSON lines the service printed on stdout and stderr. */
function jsonLines(output: string[]): Line[] {
  return output
    .join('')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Line);
}

describe.each(['node', 'bun'] as Runtime[])('the service on %s, as npm start runs it', (runtime) => {
  it('logs its start, each request and its stop through one logger, as JSON lines on stdout', async () => {
    const service = await startService({ runtime, env: { COMPUTE_WORKERS: '0', LOG_KEY_SECRET: 'x'.repeat(16) } });
    const stdout: string[] = [];
    service.child.stdout?.on('data', (d) => stdout.push(String(d)));
    const exited = new Promise((resolve) => service.child.once('exit', resolve));
    const res = await fetch(`${service.url}/api/v1/caesar/encrypt`, {
      ...encrypt(),
      headers: { ...J, 'x-request-id': 'r-1' },
    });
    expect(res.status).toBe(200);
    await service.stop();
    await exited;
    const lines = jsonLines(service.output);
    const events = lines.map((l) => l.event);
    // The health polls of startService, then ours, between the start and the stop.
    expect(events[0]).toBe('listening');
    expect(events.slice(-2)).toEqual(['shutdown', 'stopped']);
    const ours = lines.find((l) => l.request_id === 'r-1');
    expect(ours).toMatchObject({ route: 'caesar.encrypt', status: 200, method: 'POST', level: 'info' });
    for (const line of lines) expect(line).toMatchObject({ level: expect.any(String), time: expect.any(String) });
    // On stdout: what stdout alone carried from our request's line on (a health poll's line may come before it).
    const fromStdout = jsonLines(stdout);
    const ourLine = fromStdout.findIndex((l) => l.request_id === 'r-1');
    expect(ourLine).toBeGreaterThanOrEqual(0);
    expect(fromStdout.slice(ourLine).map((l) => l.event)).toEqual(['request', 'shutdown', 'stopped']);
    for (const line of lines.filter((l) => l.event === 'request')) {
      expect(line.client).toMatch(/^[0-9a-f]{16}$/);
      expect(JSON.stringify(line)).not.toContain('127.0.0.1');
    }
  }, 60_000);

  it('writes every line at SIGTERM: a burst answered just before it is all on stdout, then the stop', async () => {
    const service = await startService({ runtime, env: { COMPUTE_WORKERS: '0' } });
    const exited = new Promise((resolve) => service.child.once('exit', resolve));
    // About 17 KiB of lines: some written in 4 KiB batches, the tail still pending when the signal comes.
    const ids = Array.from({ length: 60 }, (_, i) => `burst-${i}`);
    const answers = await Promise.all(
      ids.map((id) =>
        fetch(`${service.url}/api/v1/caesar/encrypt`, { ...encrypt(), headers: { ...J, 'x-request-id': id } }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(ids.map(() => 200));
    await service.stop();
    await exited;
    const lines = jsonLines(service.output);
    const logged = lines.filter((l) => String(l.request_id).startsWith('burst-')).map((l) => l.request_id);
    expect(logged.sort()).toEqual([...ids].sort());
    expect(lines.at(-1)?.event).toBe('stopped');
  }, 60_000);
});
