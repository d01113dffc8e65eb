// HTTP bench: the service and a bare Elysia route, one server at a time, on Node and Bun, measured by autocannon.
// Usage: npm run bench:http
// (env: BENCH_DURATION=9 BENCH_ROUNDS=3 BENCH_WARMUP=2 BENCH_SETTLE=3 BENCH_CONNECTIONS=50 BENCH_RUNTIMES=node,bun
//  BENCH_OBSERVE=on|off BENCH_JSON=file BENCH_BASELINE=/path/to/another/checkout BENCH_BASELINE_OBSERVE=on|off)
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, ROOT } from '../../scripts/lib/service-process.js';

/** Seconds of measurement per endpoint, split over the rounds. */
const DURATION = Number(process.env.BENCH_DURATION ?? 9);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Seconds to wait after a server answers before measuring (the service warms its solver workers). */
const SETTLE = Number(process.env.BENCH_SETTLE ?? 3);
/** Interleaved rounds the duration is split into. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/**
 * on (the default): the service as deployed, its access log at LOG_LEVEL=info (written to a file, as a log collector
 * would take it, not to this process) and its metrics served on a port of their own, scraped once a second; off:
 * LOG_LEVEL=warn and no metrics, to measure what the two cost.
 */
const OBSERVE = (process.env.BENCH_OBSERVE ?? 'on') !== 'off';
/**
 * Another checkout of the service (e.g. `git worktree add /tmp/base main`, with node_modules and dist/ beside it),
 * started beside this one and measured in the same interleaved rounds against the same bare route: a change's A/B
 * on a shared machine, where two runs minutes apart differ more than the change. Its cases are marked `@base`.
 */
const BASELINE = process.env.BENCH_BASELINE;
/** on|off: the baseline's access log and metrics (default: as BENCH_OBSERVE); with BENCH_BASELINE=. what they cost. */
const BASELINE_OBSERVE = (process.env.BENCH_BASELINE_OBSERVE ?? (OBSERVE ? 'on' : 'off')) !== 'off';
const RUNTIMES = (process.env.BENCH_RUNTIMES ?? 'node,bun').split(',').filter(Boolean) as Runtime[];
const BUN = `${ROOT}node_modules/.bin/bun`;

type Runtime = 'node' | 'bun';

/** How each server starts: the service exactly as `npm start` / `npm run start:bun` would run it. */
const COMMANDS: Record<Runtime, { service: string[]; bare: string[] }> = {
  node: {
    service: ['npm', 'run', '-s', 'start'],
    bare: [process.execPath, '--import', 'tsx', 'bench/http/bare.ts'],
  },
  bun: {
    service: ['npm', 'run', '-s', 'start:bun'],
    bare: [BUN, 'bench/http/bare.ts'],
  },
};

const PLAIN = { text: 'Hello, World!', shift: 3 };
// In English, as the bare solve reads it: sent without a language a text is read in all five (issue 30, item 1).
const CIPHER = { text: 'Wkh txlfn eurzq ira mxpsv ryhu wkh odcb grj', language: 'en' };

interface Case {
  name: string;
  path: string;
  body: unknown;
  /** Procedure calls per request (a tRPC batch makes several). */
  calls: number;
  /** The bare case doing the same work, for the ratio. */
  baseline: string;
}

const BARE: Case[] = [
  { name: 'bare encrypt', path: '/bare/caesar/encrypt', body: PLAIN, calls: 1, baseline: 'bare encrypt' },
  { name: 'bare solve', path: '/bare/caesar/solve', body: CIPHER, calls: 1, baseline: 'bare solve' },
];

const SERVICE: Case[] = [
  { name: 'REST caesar/encrypt', path: '/api/v1/caesar/encrypt', body: PLAIN, calls: 1, baseline: 'bare encrypt' },
  { name: 'REST caesar/solve', path: '/api/v1/caesar/solve', body: CIPHER, calls: 1, baseline: 'bare solve' },
  {
    name: 'tRPC caesar.encrypt',
    path: '/trpc/caesar.encrypt',
    body: { json: PLAIN },
    calls: 1,
    baseline: 'bare encrypt',
  },
  {
    name: 'tRPC batch ×2',
    path: '/trpc/caesar.encrypt,caesar.encrypt?batch=1',
    body: { 0: { json: PLAIN }, 1: { json: PLAIN } },
    calls: 2,
    baseline: 'bare encrypt',
  },
];

interface Row {
  runtime: Runtime;
  name: string;
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  calls: number;
  baseline: string;
  /** Median over the rounds of this case's req/s over the bare encrypt route's in the same round. */
  ratio: number;
  /** The same for calls/s over the bare route doing the same work. */
  sameWork: number;
}

interface Server {
  url: string;
  child: ChildProcess;
  /** Where its stdout goes (the access log), and its metrics' address when they are served. */
  logFile: string;
  metricsUrl?: string;
}

async function start(argv: string[], probe: string, observe = false, cwd = ROOT): Promise<Server> {
  const port = await freePort();
  const metricsPort = observe ? await freePort() : undefined;
  const [command, ...args] = argv as [string, ...string[]];
  const output: string[] = [];
  const logFile = join(tmpdir(), `bench-http-${port}.log`);
  const stdout = openSync(logFile, 'w');
  // Its own process group, so npm and whatever it starts are stopped together.
  const child = spawn(command, args, {
    cwd,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      // Counted on every request but never refusing one: the limiter's cost is part of the framework's.
      RATE_LIMIT: '1000000000',
      LOG_LEVEL: observe ? 'info' : 'warn',
      ...(metricsPort && { METRICS_PORT: String(metricsPort) }),
    },
    stdio: ['ignore', stdout, 'pipe'],
  });
  closeSync(stdout);
  child.stderr?.on('data', (d) => output.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(url + probe.split('|')[0], JSON.parse(probe.split('|')[1] ?? '{}'));
      await res.arrayBuffer();
      if (res.status < 500) {
        return { url, child, logFile, ...(metricsPort && { metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` }) };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  stop({ url, child, logFile });
  throw new Error(`${argv.join(' ')} did not start:\n${readFileSync(logFile, 'utf8')}${output.join('')}`);
}

function stop(server: Server): Promise<void> {
  rmSync(server.logFile, { force: true });
  if (server.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.child.once('exit', () => resolve());
    try {
      process.kill(-(server.child.pid as number), 'SIGTERM');
    } catch {
      resolve();
    }
    setTimeout(() => {
      try {
        process.kill(-(server.child.pid as number), 'SIGKILL');
      } catch {
        // already gone
      }
    }, 3000).unref();
  });
}

interface Target {
  server: Server;
  c: Case;
}

function optionsOf({ server, c }: Target) {
  return {
    url: server.url + c.path,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(c.body),
    connections: CONNECTIONS,
  };
}

const BARE_PROBE = `/bare/caesar/encrypt|${JSON.stringify({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(PLAIN) })}`;

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[xs.length >> 1] as number;

/**
 * Both servers run side by side, idle unless measured: one is loaded at a time. The cases are measured in
 * ROUNDS interleaved rounds and each ratio is the median of the per-round ratios, so a change in the shared
 * machine's load during the run weighs on the service and on the bare route alike.
 */
async function runtimeRows(runtime: Runtime): Promise<Row[]> {
  const bare = await start(COMMANDS[runtime].bare, BARE_PROBE);
  const services: { server: Server; mark: string }[] = [];
  try {
    const argv = COMMANDS[runtime].service;
    services.push({ server: await start(argv, '/api/v1/health', OBSERVE), mark: '' });
    if (BASELINE) {
      const server = await start(argv, '/api/v1/health', BASELINE_OBSERVE, BASELINE);
      const differs = BASELINE_OBSERVE === OBSERVE ? '' : BASELINE_OBSERVE ? ' (on)' : ' (off)';
      services.push({ server, mark: ` @base${differs}` });
    }
    await new Promise((r) => setTimeout(r, SETTLE * 1000));
    let scrapes = 0;
    // As Prometheus would, though more often (its default is once a minute): the scrape's cost is counted too.
    const scraper = setInterval(() => {
      for (const { server } of services) {
        if (server.metricsUrl) void fetch(server.metricsUrl).then(async (r) => (await r.text()) && r.ok && scrapes++);
      }
    }, 1000);
    const targets: Target[] = [
      ...BARE.map((c) => ({ server: bare, c })),
      ...services.flatMap(({ server, mark }) => SERVICE.map((c) => ({ server, c: { ...c, name: c.name + mark } }))),
    ];
    const runs = await measure(targets);
    clearInterval(scraper);
    for (const { server, mark } of services) {
      const logged = readFileSync(server.logFile, 'utf8')
        .split('\n')
        .filter((l) => l.includes('"event":"request"'));
      console.log(`\n${runtime} service${mark}: ${logged.length} access-log lines written`);
    }
    console.log(`${scrapes} metrics scrapes answered`);
    return rowsOf(runtime, targets, runs);
  } finally {
    await stop(bare);
    for (const { server } of services) await stop(server);
  }
}

type Run = { rps: number; p50: number; p99: number; failed: number };

/** Each target checked and warmed, then measured in ROUNDS interleaved rounds: its runs, round by round. */
async function measure(targets: Target[]): Promise<Run[][]> {
  for (const t of targets) {
    // Every case must answer 200 before it is timed; the warm-up lets the JIT settle.
    const check = await fetch(optionsOf(t).url, optionsOf(t));
    if (check.status !== 200) throw new Error(`${t.c.name}: ${check.status} ${await check.text()}`);
    if (WARMUP > 0) await autocannon({ ...optionsOf(t), duration: WARMUP });
  }
  const per = Math.max(1, Math.round(DURATION / ROUNDS));
  const runs = targets.map(() => [] as Run[]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, t] of targets.entries()) {
      const r = await autocannon({ ...optionsOf(t), duration: per });
      runs[i]?.push({
        rps: r['2xx'] / r.duration,
        p50: r.latency.p50,
        p99: r.latency.p99,
        failed: r.non2xx + r.errors + r.timeouts,
      });
    }
  }
  return runs;
}

/** The table's rows: each ratio the median of the per-round ratios to the bare route's run in the same round. */
function rowsOf(runtime: Runtime, targets: Target[], runs: Run[][]): Row[] {
  const byName = new Map(targets.map((t, i) => [t.c.name, runs[i] ?? []]));
  return targets.map((t, i) => {
    const mine = runs[i] ?? [];
    const base = byName.get(t.c.baseline) ?? [];
    const bareEncrypt = byName.get('bare encrypt') ?? [];
    return {
      runtime,
      name: t.c.name,
      rps: mine.reduce((sum, r) => sum + r.rps, 0) / mine.length,
      p50: median(mine.map((r) => r.p50)),
      p99: Math.max(...mine.map((r) => r.p99)),
      failed: mine.reduce((sum, r) => sum + r.failed, 0),
      calls: t.c.calls,
      baseline: t.c.baseline,
      ratio: median(mine.map((r, k) => r.rps / (bareEncrypt[k]?.rps ?? Number.NaN))),
      sameWork: median(mine.map((r, k) => (r.rps * t.c.calls) / (base[k]?.rps ?? Number.NaN))),
    };
  });
}

const pad = (s: string, n: number) => s.padEnd(n);
const lpad = (s: string, n: number) => s.padStart(n);

function print(runtime: Runtime, rows: Row[]): void {
  const per = Math.max(1, Math.round(DURATION / ROUNDS));
  console.log(
    `\n${runtime}${OBSERVE ? ' (access log and metrics on)' : ' (access log and metrics off)'}: ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${per} s per endpoint after ${WARMUP} s warm-up`,
  );
  console.log('req/s: mean of the rounds; p50: median; p99: worst round; ratios: median of per-round ratios');
  console.log(
    `${pad('endpoint', 28)}${lpad('req/s', 9)}${lpad('p50 ms', 8)}${lpad('p99 ms', 8)}${lpad('× bare', 8)}${lpad('× same work', 13)}${lpad('failed', 8)}`,
  );
  for (const r of rows) {
    const calls = r.calls > 1 ? ` (${Math.round(r.rps * r.calls)} calls/s)` : '';
    console.log(
      `${pad(r.name, 28)}${lpad(r.rps.toFixed(0), 9)}${lpad(String(r.p50), 8)}${lpad(String(r.p99), 8)}${lpad(r.ratio.toFixed(2), 8)}${lpad(r.sameWork.toFixed(2), 13)}${lpad(String(r.failed), 8)}${calls}`,
    );
  }
}

const all: Row[] = [];
for (const runtime of RUNTIMES) {
  const rows = await runtimeRows(runtime);
  all.push(...rows);
  print(runtime, rows);
}
if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, `${JSON.stringify(all, null, 2)}\n`);
