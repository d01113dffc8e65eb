// Runs the real service (`src/main.ts`) as a child process on a free loopback port, for tests and benches.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

export const ROOT = new URL('../..', import.meta.url).pathname;
// Under `bun test` process.execPath is Bun itself; a Node server still needs Node.
export const NODE = (process.versions as { bun?: string }).bun ? 'node' : process.execPath;
export const BUN = `${ROOT}node_modules/.bin/bun`;

export type Runtime = 'node' | 'bun';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** SIGTERM, then SIGKILL after graceMs; resolves when the child has exited. */
function stopChild(child: ChildProcess, graceMs = 3000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), graceMs).unref();
  });
}

export interface ServiceProcess {
  url: string;
  runtime: Runtime;
  child: ChildProcess;
  /** Everything the service printed, for failure messages. */
  output: string[];
  stop(): Promise<void>;
}

export interface StartOptions {
  runtime?: Runtime;
  env?: Record<string, string>;
  /** How long a graceful stop may take before SIGKILL. */
  graceMs?: number;
  /** Polls of /api/v1/health (100 ms apart) before giving up. */
  attempts?: number;
  /** Open files the service may hold (`ulimit -n`, soft and hard, so Bun cannot raise it); unset: the caller's. */
  fileLimit?: number;
}

/**
 * The environment `npm start` gives the service: the test runner's own variables removed, since libraries change
 * behaviour on them (srvx installs no signal handler of its own when TEST or CI is set).
 */
export function productionEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  for (const name of ['TEST', 'CI', 'VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID', 'VITEST_MODE']) delete env[name];
  return env;
}

/** Starts the service as `npm start` (Node) or `npm run start:bun` would, and waits until /health answers. */
export async function startService(options: StartOptions = {}): Promise<ServiceProcess> {
  const { runtime = 'node', env = {}, graceMs = 3000, attempts = 200, fileLimit } = options;
  const port = await freePort();
  const output: string[] = [];
  const [program, programArgs] =
    runtime === 'node' ? [NODE, ['--import', 'tsx', 'src/main.ts']] : [BUN, ['src/main.ts']];
  // The shell sets the limit and replaces itself with the service (exec): signals reach the service itself.
  const [command, args] =
    fileLimit === undefined
      ? [program, programArgs]
      : ['/bin/sh', ['-c', `ulimit -n ${fileLimit} && exec "$0" "$@"`, program, ...programArgs]];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...productionEnv(), ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  const service = { url, runtime, child, output, stop: () => stopChild(child, graceMs) };
  for (let i = 0; i < attempts; i++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return service;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stopChild(child, 0);
  throw new Error(`the ${runtime} service did not start:\n${output.join('')}`);
}
