// HTTP bench: the service and a bare Elysia route, one server at a time, on Node and Bun, measured by autocannon.
// Usage: npm run bench:http   (env: BENCH_DURATION=8 BENCH_WARMUP=2 BENCH_CONNECTIONS=50 BENCH_RUNTIMES=node,bun)
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import autocannon from 'autocannon';

const ROOT = new URL('../..', import.meta.url).pathname;
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
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
const CIPHER = { text: 'Wkh txlfn eurzq ira mxpsv ryhu wkh odcb grj' };

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
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

interface Server {
  url: string;
  child: ChildProcess;
}

async function start(argv: string[], probe: string): Promise<Server> {
  const port = await freePort();
  const [command, ...args] = argv as [string, ...string[]];
  const output: string[] = [];
  // Its own process group, so npm and whatever it starts are stopped together.
  const child = spawn(command, args, {
    cwd: ROOT,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      // Counted on every request but never refusing one: the limiter's cost is part of the framework's.
      RATE_LIMIT: '1000000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(url + probe.split('|')[0], JSON.parse(probe.split('|')[1] ?? '{}'));
      await res.arrayBuffer();
      if (res.status < 500) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  stop({ url, child });
  throw new Error(`${argv.join(' ')} did not start:\n${output.join('')}`);
}

function stop(server: Server): Promise<void> {
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

async function measure(runtime: Runtime, server: Server, c: Case): Promise<Row> {
  const options = {
    url: server.url + c.path,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(c.body),
    connections: CONNECTIONS,
  };
  // A check that the case answers 200 before it is timed, then a warm-up so the JIT has settled.
  const check = await fetch(options.url, options);
  if (check.status !== 200) throw new Error(`${c.name}: ${check.status} ${await check.text()}`);
  if (WARMUP > 0) await autocannon({ ...options, duration: WARMUP });
  const r = await autocannon({ ...options, duration: DURATION });
  return {
    runtime,
    name: c.name,
    rps: r['2xx'] / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    failed: r.non2xx + r.errors + r.timeouts,
    calls: c.calls,
    baseline: c.baseline,
  };
}

const BARE_PROBE = `/bare/caesar/encrypt|${JSON.stringify({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(PLAIN) })}`;

async function runtimeRows(runtime: Runtime): Promise<Row[]> {
  const rows: Row[] = [];
  // The bare route is measured before and after the service and the mean taken, so a drift in the
  // machine's load during the run (other work on a shared host) weighs on both sides of the ratio alike.
  for (const [argv, cases, probe] of [
    [COMMANDS[runtime].bare, BARE, BARE_PROBE],
    [COMMANDS[runtime].service, SERVICE, '/api/v1/health'],
    [COMMANDS[runtime].bare, BARE, BARE_PROBE],
  ] as const) {
    const server = await start([...argv], probe);
    try {
      for (const c of cases) rows.push(await measure(runtime, server, c));
    } finally {
      await stop(server);
    }
  }
  const bare = rows.filter((r) => r.name.startsWith('bare'));
  const merged = BARE.map((c) => {
    const [a, b] = bare.filter((r) => r.name === c.name) as [Row, Row];
    return {
      ...a,
      name: `${c.name} (${a.rps.toFixed(0)}/${b.rps.toFixed(0)})`,
      rps: (a.rps + b.rps) / 2,
      p50: Math.max(a.p50, b.p50),
      p99: Math.max(a.p99, b.p99),
      failed: a.failed + b.failed,
    };
  });
  return [...merged, ...rows.filter((r) => !r.name.startsWith('bare'))];
}

const pad = (s: string, n: number) => s.padEnd(n);
const lpad = (s: string, n: number) => s.padStart(n);

function print(runtime: Runtime, rows: Row[]): void {
  const base = new Map(rows.map((r) => [r.name.replace(/ \(.*/, ''), r.rps]));
  const bare = base.get('bare encrypt') ?? Number.NaN;
  console.log(`\n${runtime} (${CONNECTIONS} connections, ${DURATION} s each after ${WARMUP} s warm-up)`);
  console.log('bare rows: mean of a run before and one after the service (both shown), worst p50/p99');
  console.log(
    `${pad('endpoint', 30)}${lpad('req/s', 9)}${lpad('p50 ms', 8)}${lpad('p99 ms', 8)}${lpad('× bare', 8)}${lpad('× same work', 13)}${lpad('failed', 8)}`,
  );
  for (const r of rows) {
    const same = base.get(r.baseline) ?? Number.NaN;
    const calls = r.calls > 1 ? ` (${Math.round(r.rps * r.calls)} calls/s)` : '';
    console.log(
      `${pad(r.name, 30)}${lpad(r.rps.toFixed(0), 9)}${lpad(String(r.p50), 8)}${lpad(String(r.p99), 8)}${lpad((r.rps / bare).toFixed(2), 8)}${lpad(((r.rps * r.calls) / same).toFixed(2), 13)}${lpad(String(r.failed), 8)}${calls}`,
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
