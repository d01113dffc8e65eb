// Starts the service as `npm start` (or `npm run start:bun`) runs it, on a free loopback port, for the benches.
import { type ChildProcess, spawn } from 'node:child_process';
import { BUN, freePort, NODE, productionEnv, ROOT, type Runtime } from '../../scripts/lib/service-process.js';

export interface Service {
  url: string;
  child: ChildProcess;
  output: string[];
  /** Resident memory of the service process in MB (Linux /proc), or NaN. */
  rssMb(): Promise<number>;
  stop(): Promise<void>;
}

export async function startService(env: Record<string, string> = {}, runtime: Runtime = 'node'): Promise<Service> {
  const port = await freePort();
  const output: string[] = [];
  const [command, args] = runtime === 'node' ? [NODE, ['--import', 'tsx', 'src/main.ts']] : [BUN, ['src/main.ts']];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...productionEnv(), HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  // A bench that dies or is interrupted must not leave its service listening.
  process.once('exit', () => child.kill('SIGKILL'));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  process.once('uncaughtException', (error) => {
    console.error(error);
    process.exit(1);
  });
  const url = `http://127.0.0.1:${port}`;
  const service: Service = {
    url,
    child,
    output,
    async rssMb() {
      try {
        const { readFile } = await import('node:fs/promises');
        const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
        return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
      } catch {
        return Number.NaN;
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      }),
  };
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return service;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`service did not start:\n${output.join('')}`);
}
