// Real listening servers, one on Node (@elysiajs/node) and one on Bun, answer the same requests identically.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
// Under `bun test` process.execPath is Bun itself; the Node server still needs Node.
const NODE = (process.versions as { bun?: string }).bun ? 'node' : process.execPath;

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
  output: string[];
}

async function start(command: string, args: string[]): Promise<Server> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', RATE_LIMIT: '1000', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return { url, child, output };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${command} ${args.join(' ')} did not start:\n${output.join('')}`);
}

function stop(server: Server | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
    setTimeout(() => server.child.kill('SIGKILL'), 3000).unref();
  });
}

const REQUESTS: Array<[string, string, unknown?, Record<string, string>?]> = [
  ['POST', '/api/v1/caesar/encrypt', { text: 'Zürich Straße ẞ 😀', shift: 1, alphabet: 'german' }],
  ['POST', '/api/v1/caesar/solve', { text: 'Wkh txlfn eurzq ira mxpsv ryhu wkh odcb grj' }],
  ['POST', '/api/v1/vigenere/encrypt', { text: 'Attack at dawn!', key: 'LEMON' }],
  ['POST', '/api/v1/rot13/bulk', { items: ['abc', 'Łódź'] }],
  ['POST', '/api/v1/caesar/encrypt', { text: 'abc', shift: 26 }],
  ['POST', '/api/v1/caesar/encrypt', '{"text":'],
  ['POST', '/api/v1/caesar/encrypt', '{"text":"a","shift":1}', { 'content-type': 'text/plain' }],
  ['GET', '/api/v1/caesar/encrypt'],
  ['GET', '/api/v1/nothing/here'],
  ['GET', '/api/v1/alphabets'],
  [
    'POST',
    '/trpc/caesar.encrypt,rot13.transform?batch=1',
    { 0: { json: { text: 'abc', shift: 1 } }, 1: { json: { text: 'abc' } } },
  ],
];

/**
 * A body with every non-integer rounded to 12 significant digits: V8 and JavaScriptCore may differ in the last
 * bit of Math.exp/Math.log, which is not a difference between the two hosts.
 */
function comparable(text: string): unknown {
  try {
    return JSON.parse(text, (_, v) => (typeof v === 'number' && !Number.isInteger(v) ? Number(v.toPrecision(12)) : v));
  } catch {
    return text;
  }
}

async function exchange(base: string, [method, path, body, headers]: (typeof REQUESTS)[number]) {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: res.status,
    body: comparable(await res.text()),
    allow: res.headers.get('allow'),
    limit: res.headers.get('x-ratelimit-limit'),
    contentType: res.headers.get('content-type')?.split(';')[0],
  };
}

describe('listening servers on Node and on Bun', () => {
  let node: Server | undefined;
  let bun: Server | undefined;

  beforeAll(async () => {
    [node, bun] = await Promise.all([
      start(NODE, ['--import', 'tsx', 'src/main.ts']),
      start(`${ROOT}node_modules/.bin/bun`, ['src/main.ts']),
    ]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([stop(node), stop(bun)]);
  });

  it.each(REQUESTS.map((r) => [`${r[0]} ${r[1]}`, r] as const))('%s', async (_, request) => {
    const [a, b] = await Promise.all([exchange(node!.url, request), exchange(bun!.url, request)]);
    expect(a.status).toBeLessThan(500);
    expect(b).toEqual(a);
  });

  it('counts requests per client on both', async () => {
    for (const server of [node!, bun!]) {
      const r1 = await fetch(`${server.url}/api/v1/rot13/transform`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"text":"a"}',
      });
      const r2 = await fetch(`${server.url}/api/v1/rot13/transform`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"text":"a"}',
      });
      expect(Number(r2.headers.get('x-ratelimit-remaining'))).toBe(Number(r1.headers.get('x-ratelimit-remaining')) - 1);
    }
  });
});
