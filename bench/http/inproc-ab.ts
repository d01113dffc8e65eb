// In-process A/B: CPU µs per request through app.handle for two checkouts loaded side by side in one process, log and
// metrics off and on, in interleaved rounds (a shared machine's load then weighs on both alike).
// Usage: AB_ROOTS=/path/to/before,/path/to/after node --import tsx bench/http/inproc-ab.ts   (or node_modules/.bin/bun)
// (env: BENCH_N=10000 requests per round, BENCH_ROUNDS=7, AB_MODES=off,on[,log,metrics], AB_PATHS=rest,trpc)

import { ROOT } from '../../scripts/lib/service-process.js';
import type * as AppModule from '../../src/http/app.js';
import type * as MetricsModule from '../../src/http/metrics.js';
import type * as LimiterModule from '../../src/http/rate-limit/create-limiter.js';
import type * as LogModule from '../../src/log.js';

const ROOTS = (process.env.AB_ROOTS ?? ROOT).split(',');
const N = Number(process.env.BENCH_N ?? 10000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const MODES = (process.env.AB_MODES ?? 'off,on').split(',');
const PATHS = (process.env.AB_PATHS ?? 'rest,trpc').split(',');
const runtime = (process.versions as { bun?: string }).bun ? `bun ${process.versions.bun}` : `node ${process.version}`;
const config = { rateLimit: 1_000_000_000, rateLimitWindowS: 60, redisUrl: undefined };
const PLAIN = JSON.stringify({ text: 'Hello, World!', shift: 3 });
const BODIES: Record<string, [path: string, body: string]> = {
  rest: ['/api/v1/caesar/encrypt', PLAIN],
  trpc: ['/trpc/caesar.encrypt', `{"json":${PLAIN}}`],
};

interface Case {
  name: string;
  app: { handle(request: Request): Promise<Response> };
  path: string;
  body: string;
}

/** A destination for the log's lines in a checkout: its logDestination, wherever that checkout keeps it. */
async function destinationOf(root: string, log: Record<string, unknown>) {
  const own =
    log.logDestination ?? ((await import(`${root}/src/log-output.ts`)) as Record<string, unknown>).logDestination;
  return (own as (dest: string) => Parameters<typeof LogModule.createLogger>[1])('/dev/null');
}

/** The apps of one checkout: one per mode (off, on, log, metrics), each answering the chosen paths. */
async function casesOf(root: string, mark: string): Promise<Case[]> {
  const { createApp } = (await import(`${root}/src/http/app.ts`)) as typeof AppModule;
  const { createMetrics } = (await import(`${root}/src/http/metrics.ts`)) as typeof MetricsModule;
  const { createLimiter } = (await import(`${root}/src/http/rate-limit/create-limiter.ts`)) as typeof LimiterModule;
  const log = (await import(`${root}/src/log.ts`)) as typeof LogModule;
  const cases: Case[] = [];
  for (const mode of MODES) {
    const limiter = createLimiter(config, () => {});
    const logged = mode === 'on' || mode === 'log';
    const counted = mode === 'on' || mode === 'metrics';
    const logger = logged
      ? log.createLogger('info', await destinationOf(root, log as unknown as Record<string, unknown>))
      : log.createLogger('warn');
    const app = createApp({ config, limiter, logger, ...(counted && { metrics: createMetrics({ limiter }) }) });
    // A stand-in for the listening server: the limiter asks it for the client's address, as Bun's does.
    (app as unknown as { server: unknown }).server = {
      requestIP: () => ({ address: '127.0.0.1', family: 'IPv4', port: 1 }),
    };
    for (const p of PATHS) {
      const [path, body] = BODIES[p] ?? ['', ''];
      cases.push({ name: `${mark} ${p} ${mode}`, app, path, body });
    }
  }
  return cases;
}

const cpu = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

async function round(c: Case, n: number): Promise<number> {
  const url = `http://127.0.0.1${c.path}`;
  const headers = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(c.body)) };
  const t0 = cpu();
  for (let i = 0; i < n; i++) {
    const res = await c.app.handle(new Request(url, { method: 'POST', headers, body: c.body }));
    if (res.status !== 200) throw new Error(`${c.name}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
  return (cpu() - t0) / n;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;

const cases = (await Promise.all(ROOTS.map((root, k) => casesOf(root, String.fromCharCode(65 + k))))).flat();
for (const c of cases) await round(c, Math.min(N, 5000));
const times = cases.map(() => [] as number[]);
for (let r = 0; r < ROUNDS; r++) {
  // The order turns each round, so that no case always follows the same one.
  for (let j = 0; j < cases.length; j++) {
    const i = (j + r) % cases.length;
    times[i]?.push(await round(cases[i] as Case, N));
  }
}
console.log(`${runtime}: CPU µs per request through app.handle, median of ${ROUNDS} rounds of ${N}`);
for (const [k, root] of ROOTS.entries()) console.log(`${String.fromCharCode(65 + k)}: ${root}`);
for (const [i, c] of cases.entries()) {
  const ts = times[i] ?? [];
  const range = `[${Math.min(...ts).toFixed(1)}–${Math.max(...ts).toFixed(1)}]`;
  console.log(`${c.name.padEnd(20)}${median(ts).toFixed(2).padStart(8)}   ${range}`);
}
