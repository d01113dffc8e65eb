// docs/deploy.md as written: two instances, Redis and nginx (Debian's), TRUST_PROXY=1; its promises checked end to end.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, ROOT, type ServiceProcess, startService } from '../../scripts/lib/service-process.js';
import { RedisServer } from '../http/redis-server.js';
import { REQUEST_COUNT as COUNT, samples } from '../support/prometheus.js';
import { NGINX, provide, unpackedEnv } from '../support/provision.js';

const DOC = readFileSync(join(ROOT, 'docs/deploy.md'), 'utf8');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The instances' environments: the doc's `VAR=value … npm start` lines. */
function instanceEnvs(): Record<string, string>[] {
  const lines = DOC.match(/^(?:[A-Z_]+=\S+ )+npm start$/gm) ?? [];
  return lines.map((line) =>
    Object.fromEntries(
      line
        .split(' ')
        .slice(0, -2)
        .map((kv) => kv.split('=') as [string, string]),
    ),
  );
}

/** The doc's nginx block. */
const nginxBlock = (): string => /```nginx\n([\s\S]*?)```/.exec(DOC)?.[1] ?? '';

/** The targets of the doc's Prometheus scrape config (`host:port`, as the page writes them). */
function prometheusTargets(): string[] {
  const list = /```yaml\n[\s\S]*?targets: \[([^\]]*)\][\s\S]*?```/.exec(DOC)?.[1] ?? '';
  return list.split(',').map((t) => t.trim().replace(/^'|'$/g, ''));
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request through nginx from `localAddress` (a loopback address: a client of its own), on a connection of its own. */
function send(
  port: number,
  localAddress: string,
  method: string,
  path: string,
  body = '',
  headers: Record<string, string> = {},
) {
  return new Promise<Answer>((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, method, localAddress, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', (e: Error & { code?: string }) =>
      resolve({ status: 0, headers: { error: e.code ?? e.message }, body: '' }),
    );
    if (method === 'POST') req.setHeader('content-type', 'application/json');
    for (const [k, v] of Object.entries(headers)) req.setHeader(k, v);
    req.end(body);
  });
}

/** A POST through nginx (see send). */
const post = (port: number, localAddress: string, path: string, body: string, headers: Record<string, string> = {}) =>
  send(port, localAddress, 'POST', path, body, headers);

const ENCRYPT = JSON.stringify({ text: 'Hello, World!', shift: 3 });
/** A bulk solve that keeps a worker busy for a good part of a second: in flight when its instance is stopped. */
const SLOW = JSON.stringify({
  method: 'solve',
  language: 'auto',
  items: Array.from({ length: 200 }, (_, i) => ({
    text: `Wkh txlfn eurzq ira mxpsv ryhu wkh odcb grj ${i}. `.repeat(8),
  })),
});

let redis: RedisServer;
let probe: Redis;
let instances: ServiceProcess[] = [];
/** Each instance's metrics listener: the address the page gives it (METRICS_HOST:METRICS_PORT) → the URL scraped. */
const metricsAt = new Map<string, { service: ServiceProcess; url: string }>();
let nginx: ChildProcess | undefined;
let nginxPort = 0;
let nginxOutput = '';
let accessLog = '';

/** nginx's access log: client address, status, the instances tried (`a, b` when it went on to the next). */
const logLines = () =>
  readFileSync(accessLog, 'utf8')
    .trim()
    .split('\n')
    .map((l) => l.split(' | ') as [string, string, string]);

async function startNginx(upstreams: Map<string, number>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cipher-nginx-'));
  accessLog = join(dir, 'access.log');
  nginxPort = await freePort();
  let block = nginxBlock().replace(/listen 80;/, `listen 127.0.0.1:${nginxPort};`);
  for (const [docAddress, port] of upstreams) block = block.replaceAll(docAddress, `127.0.0.1:${port}`);
  // What Debian's nginx.conf gives the block around it, with the paths moved into a directory of the test's own.
  const conf = [
    process.getuid?.() === 0 ? 'user root root;' : '',
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    'events { worker_connections 512; }',
    'http {',
    "  log_format test '$remote_addr | $status | $upstream_addr';",
    `  access_log ${accessLog} test;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`),
    block,
    '}',
  ].join('\n');
  writeFileSync(join(dir, 'nginx.conf'), conf);
  const bin = provide(NGINX);
  nginx = spawn(bin, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr', '-g', 'daemon off;'], {
    env: { ...process.env, ...unpackedEnv(bin) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  nginx.stdout?.on('data', (d) => (nginxOutput += d));
  nginx.stderr?.on('data', (d) => (nginxOutput += d));
  for (let i = 0; i < 100; i++) {
    if ((await post(nginxPort, '127.0.0.9', '/api/v1/health', '')).status !== 0) return;
    await sleep(100);
  }
  throw new Error(`nginx did not start:\n${nginxOutput}`);
}

beforeAll(async () => {
  redis = await RedisServer.start();
  probe = new Redis(redis.url);
  const envs = instanceEnvs();
  expect(envs.length).toBeGreaterThanOrEqual(2);
  const upstreams = new Map<string, number>();
  instances = await Promise.all(
    envs.map(async ({ PORT, HOST, METRICS_PORT, ...env }) => {
      const metricsPort = await freePort();
      const service = await startService({ env: { ...env, METRICS_PORT: String(metricsPort), REDIS_URL: redis.url } });
      upstreams.set(`${HOST}:${PORT}`, Number(new URL(service.url).port));
      const url = `http://${env.METRICS_HOST}:${metricsPort}/metrics`;
      metricsAt.set(`${env.METRICS_HOST}:${METRICS_PORT}`, { service, url });
      return service;
    }),
  );
  await startNginx(upstreams);
}, 120_000);

afterAll(async () => {
  nginx?.kill('SIGQUIT');
  await Promise.all(instances.map((s) => s.stop()));
  probe?.disconnect();
  await redis?.stop();
});

describe('docs/deploy.md: two instances, Redis and nginx with TRUST_PROXY=1', () => {
  it('the instances run as the page says: behind the proxy, sharing Redis', () => {
    for (const { TRUST_PROXY, REDIS_URL, METRICS_HOST } of instanceEnvs())
      expect([TRUST_PROXY, REDIS_URL, METRICS_HOST]).toEqual(['1', expect.stringMatching(/^redis:\/\//), '127.0.0.1']);
    // Prometheus scrapes every instance's metrics listener, each its own.
    expect(prometheusTargets().sort()).toEqual([...metricsAt.keys()].sort());
    expect(metricsAt.size).toBe(instances.length);
    for (const s of instances) expect(s.output.join('')).toContain('"rate_limit_store":"redis"');
  });

  it('shares one limit between the instances, keyed by the real client address', async () => {
    const alice = '127.0.0.2';
    const bob = '127.0.0.3';
    const from = logLines().length;
    const answers: Answer[] = [];
    for (let i = 0; i <= 60; i++) answers.push(await post(nginxPort, alice, '/api/v1/caesar/encrypt', ENCRYPT));
    expect(answers.map((a) => a.status)).toEqual([...Array<number>(60).fill(200), 429]);
    // One count across both: what remains goes down by one whichever instance answered.
    expect(answers.slice(0, 60).map((a) => Number(a.headers['x-ratelimit-remaining']))).toEqual(
      Array.from({ length: 60 }, (_, i) => 59 - i),
    );
    const served = new Set(
      logLines()
        .slice(from)
        .map(([, , upstream]) => upstream),
    );
    expect(served.size).toBe(2);

    // A forged X-Forwarded-For is the client's own entry, left of the one nginx appends: alice is still alice.
    expect(
      (await post(nginxPort, alice, '/api/v1/caesar/encrypt', ENCRYPT, { 'x-forwarded-for': '203.0.113.9' })).status,
    ).toBe(429);
    expect((await post(nginxPort, bob, '/api/v1/caesar/encrypt', ENCRYPT)).status).toBe(200);
    const keys = await probe.keys('*');
    expect(keys.some((k) => k.endsWith(`:${alice}`))).toBe(true);
    expect(keys.some((k) => k.endsWith(`:${bob}`))).toBe(true);
    expect(keys.filter((k) => k.endsWith(':127.0.0.1') || k.endsWith(':203.0.113.9'))).toEqual([]);
  });

  it('serves the metrics of both to a scrape, counting between them every request nginx passed', async () => {
    const alice = '127.0.0.2';
    const bob = '127.0.0.3';
    // What nginx passed in the test above (its only requests from alice and bob), by the instance that answered: the
    // last one its access log names (an earlier one, tried first, failed before answering and counted nothing).
    const fromClients = () => logLines().filter(([client]) => client === alice || client === bob);
    // nginx writes a request's log line after its answer has gone: the last one may not be there yet.
    for (let i = 0; i < 500 && fromClients().length < 63; i++) await sleep(10);
    const passed = fromClients().map(([, status, upstream]) => ({ status, answeredBy: upstream.split(', ').at(-1) }));
    expect(passed.filter((p) => p.status === '200')).toHaveLength(61);
    expect(passed.filter((p) => p.status === '429')).toHaveLength(2);

    const totals = { ok: 0, refused: 0 };
    for (const target of prometheusTargets()) {
      const at = metricsAt.get(target);
      if (!at) throw new Error(`no instance listens for the page's target ${target}`);
      const { service, url } = at;
      // Its start line names the address it was scraped at (the log writes at most 250 ms after the line is told).
      const line = `"event":"metrics_listening","url":"${url}"`;
      for (let i = 0; i < 500 && !service.output.join('').includes(line); i++) await sleep(10);
      expect(service.output.join('')).toContain(line);

      const res = await fetch(url);
      expect(res.status).toBe(200);
      const s = samples(await res.text());
      const answeredBy = `127.0.0.1:${new URL(service.url).port}`;
      const ok = s.get(`${COUNT}{surface="rest",route="caesar.encrypt",status="200"}`) ?? 0;
      const refused = s.get(`${COUNT}{surface="rest",route="caesar.encrypt",status="429"}`) ?? 0;
      // Each instance counted exactly the requests nginx says it answered, and some: nginx alternated.
      expect([ok, refused]).toEqual([
        passed.filter((p) => p.status === '200' && p.answeredBy === answeredBy).length,
        passed.filter((p) => p.status === '429' && p.answeredBy === answeredBy).length,
      ]);
      expect(ok).toBeGreaterThan(0);
      expect(s.get('cipher_rate_limit_refused_total{surface="rest"}') ?? 0).toBe(refused);
      expect(s.get('cipher_rate_limit_store_info{store="redis"}')).toBe(1);
      expect(s.has('cipher_rate_limit_store_info{store="memory"}')).toBe(false);
      expect(s.get('cipher_rate_limit_store_degraded')).toBe(0);
      totals.ok += ok;
      totals.refused += refused;
    }
    // Between them, every one: alice's 60 and bob's 1 answered, alice's 61st and her forged one refused.
    expect(totals).toEqual({ ok: 61, refused: 2 });

    // nginx passes only to the public ports, which answer /metrics with the service's 404: no metrics through it.
    const through = await send(nginxPort, '127.0.0.4', 'GET', '/metrics');
    expect(through.status).toBe(404);
    expect(JSON.parse(through.body)).toMatchObject({ error: 'Not Found' });
    expect(through.body).not.toContain('cipher_');
  });

  it('loses no request when one instance is stopped: it drains, nginx sends the rest to the other', async () => {
    const [stopped, kept] = instances as [ServiceProcess, ServiceProcess];
    const stoppedAt = `127.0.0.1:${new URL(stopped.url).port}`;
    const exited = new Promise<number | null>((resolve) => stopped.child.once('exit', (code) => resolve(code)));
    const from = logLines().length;
    // Two slow solves first: nginx alternates, so one is in flight on each instance when the signal comes.
    const slow = ['127.0.2.1', '127.0.2.2'].map((a) => post(nginxPort, a, '/api/v1/caesar/bulk', SLOW));
    let answered = 0;
    const load = Array.from({ length: 8 }, async (_, c) => {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        statuses.push((await post(nginxPort, `127.0.3.${c + 1}`, '/api/v1/caesar/encrypt', ENCRYPT)).status);
        answered++;
      }
      return statuses;
    });
    while (answered < 40) await sleep(10);
    stopped.child.kill('SIGTERM');

    const statuses = (await Promise.all([...slow, ...load])).flatMap((a) => (Array.isArray(a) ? a : [a.status]));
    expect(statuses.length).toBe(2 + 8 * 40);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(await exited).toBe(0);
    expect(stopped.output.join('')).toMatch(/"event":"stopped"/);

    const lines = logLines().slice(from);
    // The stopped instance answered a slow solve it had taken (it drained), and nginx went on to the other for what
    // reached the stopped one afterwards.
    expect(
      lines.filter(([client, , upstream]) => client.startsWith('127.0.2.') && upstream === stoppedAt),
    ).toHaveLength(1);
    expect(lines.some(([, , upstream]) => upstream.startsWith(`${stoppedAt}, `))).toBe(true);
    expect((await post(nginxPort, '127.0.3.99', '/api/v1/caesar/encrypt', ENCRYPT)).status).toBe(200);
    expect(kept.child.exitCode).toBe(null);
  }, 60_000);
});
