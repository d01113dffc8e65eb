// Starts a private redis-server on a free loopback port for the Redis tests; fails loudly when none is installed.
import { type ChildProcess, spawn } from 'node:child_process';
import { Socket } from 'node:net';
import { freePort } from '../../scripts/lib/service-process.js';
import { provide, REDIS_SERVER } from '../support/provision.js';

export { freePort };

// The run's setup (vitest's globalSetup, Bun's preload) has already provided it; a test file run some other way
// gets the same: an install where possible, else an error. A missing server must fail these tests, never skip them.
const redisBinary = (): string => provide(REDIS_SERVER);

/** PING over a raw socket until it answers PONG. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(300, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(String(d).startsWith('+PONG')));
  });
}

export class RedisServer {
  private child: ChildProcess | undefined;
  readonly url: string;

  private constructor(readonly port: number) {
    this.url = `redis://127.0.0.1:${port}`;
  }

  static async start(): Promise<RedisServer> {
    const server = new RedisServer(await freePort());
    await server.resume();
    return server;
  }

  /** Starts (or restarts, on the same port) a server with no persistence: a restart begins empty. */
  async resume(): Promise<void> {
    const bin = redisBinary();
    const output: string[] = [];
    const child = spawn(
      bin,
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--protected-mode',
        'no',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout?.on('data', (d) => output.push(String(d)));
    child.stderr?.on('data', (d) => output.push(String(d)));
    this.child = child;
    for (let i = 0; i < 100; i++) {
      if (child.exitCode !== null) break;
      if (await ping(this.port)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    child.kill('SIGKILL');
    throw new Error(`redis-server did not start on port ${this.port}:\n${output.join('')}`);
  }

  /** Freezes the server (SIGSTOP): connections stay open and nothing is answered, as a hung Redis behaves. */
  freeze(): void {
    this.child?.kill('SIGSTOP');
  }

  /** Lets a frozen server go on (SIGCONT). */
  thaw(): void {
    this.child?.kill('SIGCONT');
  }

  /** Stops the server (SIGKILL: an abrupt failure, as a crash would be). */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }
}
