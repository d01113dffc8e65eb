// Starts the real service (`src/main.ts`) on Node or Bun on a free port, for tests that talk to it over HTTP.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

export const ROOT = new URL('../..', import.meta.url).pathname;
// Under `bun test` process.execPath is Bun itself; the Node server still needs Node.
const NODE = (process.versions as { bun?: string }).bun ? 'node' : process.execPath;

export type Runtime = 'node' | 'bun';

export interface LiveServer {
  url: string;
  runtime: Runtime;
  output: string[];
  stop(): Promise<void>;
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

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3000).unref();
  });
}

export async function startServer(runtime: Runtime = 'node', env: Record<string, string> = {}): Promise<LiveServer> {
  const port = await freePort();
  const output: string[] = [];
  const [command, args] =
    runtime === 'node' ? [NODE, ['--import', 'tsx', 'src/main.ts']] : [`${ROOT}node_modules/.bin/bun`, ['src/main.ts']];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT: '100000',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return { url, runtime, output, stop: () => stopChild(child) };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stopChild(child);
  throw new Error(`${runtime} server did not start:\n${output.join('')}`);
}
