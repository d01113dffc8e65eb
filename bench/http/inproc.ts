// In-process HTTP-layer bench: CPU time per request through app.handle, the service against the bare route, without
// sockets, HTTP parsing or a load generator sharing the machine. What the framework layers cost, to the µs.
// Usage: node --import tsx bench/http/inproc.ts   or   node_modules/.bin/bun bench/http/inproc.ts
// (env: BENCH_N=20000 requests per round, BENCH_ROUNDS=5)
import { createApp } from '../../src/http/app.js';
import { createMetrics } from '../../src/http/metrics.js';
import { createLimiter } from '../../src/http/rate-limit/create-limiter.js';
import { createLogger } from '../../src/log.js';
import { logDestination } from '../../src/log-output.js';
import { bareApp } from './bare-app.js';

const N = Number(process.env.BENCH_N ?? 20000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const runtime = (process.versions as { bun?: string }).bun ? `bun ${process.versions.bun}` : `node ${process.version}`;

const config = { rateLimit: 1_000_000_000, rateLimitWindowS: 60, redisUrl: undefined };
// Without its access log (LOG_LEVEL=warn) and metrics, and with both, as deployed: the log's lines written (to
// /dev/null, as they are to stdout) and the metrics counted.
const service = createApp({ config, logger: createLogger('warn') });
const limiter = createLimiter(config, () => {});
const observed = createApp({
  config,
  limiter,
  logger: createLogger('info', logDestination('/dev/null')),
  metrics: createMetrics({ limiter }),
});
const bare = bareApp();
// A stand-in for the listening server: the limiter asks it for the client's address, as Bun's does.
for (const app of [service, observed]) {
  (app as unknown as { server: unknown }).server = {
    requestIP: () => ({ address: '127.0.0.1', family: 'IPv4', port: 1 }),
  };
}

const PLAIN = JSON.stringify({ text: 'Hello, World!', shift: 3 });
const HEADERS = { 'content-type': 'application/json', 'content-length': String(PLAIN.length) };

interface Case {
  name: string;
  app: { handle(request: Request): Promise<Response> };
  path: string;
  body: string;
}

const batch = JSON.stringify({ 0: { json: JSON.parse(PLAIN) }, 1: { json: JSON.parse(PLAIN) } });
const ALL: Case[] = [
  { name: 'bare encrypt', app: bare, path: '/bare/caesar/encrypt', body: PLAIN },
  { name: 'REST caesar/encrypt', app: service, path: '/api/v1/caesar/encrypt', body: PLAIN },
  { name: 'tRPC caesar.encrypt', app: service, path: '/trpc/caesar.encrypt', body: `{"json":${PLAIN}}` },
  { name: 'tRPC batch ×2', app: service, path: '/trpc/caesar.encrypt,caesar.encrypt?batch=1', body: batch },
  { name: 'REST, log+metrics', app: observed, path: '/api/v1/caesar/encrypt', body: PLAIN },
  { name: 'tRPC, log+metrics', app: observed, path: '/trpc/caesar.encrypt', body: `{"json":${PLAIN}}` },
  { name: 'batch, log+metrics', app: observed, path: '/trpc/caesar.encrypt,caesar.encrypt?batch=1', body: batch },
];

/** BENCH_ONLY=REST (a substring of the names) keeps the bare case and the matching ones, e.g. for a profile. */
const CASES = ALL.filter((c, i) => i === 0 || c.name.includes(process.env.BENCH_ONLY ?? ''));

const cpu = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

async function round(c: Case, n: number): Promise<number> {
  const url = `http://127.0.0.1${c.path}`;
  const headers = { ...HEADERS, 'content-length': String(Buffer.byteLength(c.body)) };
  const app = c.app;
  const t0 = cpu();
  for (let i = 0; i < n; i++) {
    const res = await app.handle(new Request(url, { method: 'POST', headers, body: c.body }));
    if (res.status !== 200) throw new Error(`${c.name}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
  return (cpu() - t0) / n;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;

for (const c of CASES) await round(c, Math.min(N, 5000));
const times = CASES.map(() => [] as number[]);
for (let r = 0; r < ROUNDS; r++) for (const [i, c] of CASES.entries()) times[i]?.push(await round(c, N));
const bareUs = median(times[0] ?? []);
console.log(`${runtime}: CPU µs per request through app.handle, median of ${ROUNDS} rounds of ${N}`);
console.log(`${'endpoint'.padEnd(22)}${'µs'.padStart(8)}${'over bare'.padStart(11)}${'bare/this'.padStart(11)}`);
for (const [i, c] of CASES.entries()) {
  const us = median(times[i] ?? []);
  console.log(
    `${c.name.padEnd(22)}${us.toFixed(2).padStart(8)}${(us - bareUs).toFixed(2).padStart(11)}${(bareUs / us).toFixed(2).padStart(11)}`,
  );
}
