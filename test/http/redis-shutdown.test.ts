// Graceful shutdown on Node and on Bun: SIGTERM stops accepting, finishes the request in flight, closes Redis.
import { type ChildProcess, spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionEnv } from '../../scripts/lib/service-process.js';
import { freePort, RedisServer } from './redis-server.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const NODE = (process.versions as { bun?: string }).bun ? 'node' : process.execPath;
const BUN = `${ROOT}node_modules/bun/bin/bun.exe`;

let redis: RedisServer;
let probe: Redis;
beforeAll(async () => {
  redis = await RedisServer.start();
  probe = new Redis(redis.url);
}, 60_000);
afterAll(async () => {
  probe?.disconnect();
  await redis?.stop();
});

const clients = async () =>
  String(await probe.client('LIST'))
    .trim()
    .split('\n').length;

async function start(command: string, args: string[]) {
  const port = await freePort();
  const output: string[] = [];
  const child: ChildProcess = spawn(command, args, {
    cwd: ROOT,
    env: { ...productionEnv(), PORT: String(port), HOST: '127.0.0.1', REDIS_URL: redis.url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) break;
    try {
      const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      if (health.ok && ((await health.json()) as { status: string }).status === 'ok') return { port, child, output };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${command} did not start:\n${output.join('')}`);
}

/** POSTs an encrypt request from a Node child, half the body now and half 1.5 s later; resolves with the answer. */
function slowRequest(port: number): { sent: Promise<void>; answer: Promise<{ status: number; body: string }> } {
  const script = `
    const body = JSON.stringify({ text: 'Hello, World!', shift: 3 });
    const req = require('node:http').request(
      { host: '127.0.0.1', port: ${port}, method: 'POST', path: '/api/v1/caesar/encrypt',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => { let t = ''; res.on('data', (d) => (t += d)); res.on('end', () => console.log(JSON.stringify({ status: res.statusCode, body: t }))); });
    req.on('error', (e) => console.log(JSON.stringify({ status: 0, body: String(e) })));
    req.flushHeaders();
    req.write(body.slice(0, 10), () => console.log('sent'));
    setTimeout(() => req.end(body.slice(10)), 1500);`;
  const client = spawn(NODE, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  let onSent = () => {};
  const sent = new Promise<void>((resolve) => {
    onSent = resolve;
  });
  client.stdout?.on('data', (d) => {
    out += d;
    if (out.startsWith('sent\n')) onSent();
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    client.on('error', reject);
    client.on('exit', () => resolve(JSON.parse(out.replace(/^sent\n/, '') || '{"status":0,"body":""}')));
  });
  return { sent, answer };
}

const SERVERS: Array<[string, string, string[]]> = [
  ['Node', NODE, ['--import', 'tsx', 'src/main.ts']],
  ['Bun', BUN, ['src/main.ts']],
];

describe.each(SERVERS)('SIGTERM on %s', (_name, command, args) => {
  it('finishes the request in flight, refuses new connections, closes Redis and exits 0', async () => {
    const before = await clients();
    const { port, child, output } = await start(command, args);
    expect(await clients()).toBeGreaterThan(before);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

    // A request whose body arrives slowly is in flight when the signal comes. It is sent by a Node child: Bun's
    // HTTP clients (under `bun test`) hold the first half back, so the server would see no request at all.
    const { sent, answer } = slowRequest(port);
    await sent;
    await new Promise((r) => setTimeout(r, 200));
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    const refused = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
      () => false,
      () => true,
    );

    expect(await answer).toEqual({ status: 200, body: expect.stringContaining('"result":"Khoor, Zruog!"') });
    expect(refused).toBe(true);
    expect(await exited).toBe(0);
    expect(output.join('')).toMatch(/"event":"stopped"/);
    expect(await clients()).toBe(before);
  }, 60_000);
});
