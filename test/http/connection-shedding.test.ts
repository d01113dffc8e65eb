// Issue 31's flood under a low file limit (`ulimit -n 1024`): connections that never finish their headers must not lock out a new client.
import { request } from 'node:http';
import { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type Runtime, type ServiceProcess, startService } from '../../scripts/lib/service-process.js';
import { connectionBudget } from '../../src/http/file-limit.js';

const FILE_LIMIT = 1024;
/** More than the limit, from 200 loopback addresses, 5 or 6 each: under the per-address cap (128). */
const FLOOD = 1100;
const ADDRESSES = 200;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A client that sends the start of a request line and stops; `closed` turns true once the server drops it. */
interface Stalled {
  socket: Socket;
  closed: boolean;
}

function stall(url: string, localAddress: string): Promise<Stalled> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    const c: Stalled = { socket, closed: false };
    socket.on('error', () => {});
    socket.once('close', () => {
      c.closed = true;
    });
    // A connection the server never accepts (its queue full) still completes the handshake in the kernel.
    socket.connect({ port: Number(port), host: hostname, localAddress }, () => {
      socket.write('GET /api/v1/hea');
      resolve(c);
    });
    socket.once('close', () => resolve(c));
  });
}

/** GET /api/v1/health on a connection of its own from `localAddress`: the status, or the error's code. */
function freshHealth(url: string, localAddress: string, timeoutMs: number): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(`${url}/api/v1/health`, { agent: false, localAddress, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (e: Error & { code?: string }) => resolve(e.code ?? e.message));
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.end();
  });
}

/** The flood, opened one connection after another so that the server accepts them in this order. */
async function flood(url: string): Promise<Stalled[]> {
  const stalled: Stalled[] = [];
  for (let i = 0; i < FLOOD; i++) {
    const n = i % ADDRESSES;
    stalled.push(await stall(url, `127.0.${2 + (n >> 8)}.${1 + (n & 255)}`));
  }
  return stalled;
}

let service: ServiceProcess | undefined;
let stalled: Stalled[] = [];
afterEach(async () => {
  for (const c of stalled) c.socket.destroy();
  stalled = [];
  await service?.stop();
});

const start = (runtime: Runtime) =>
  startService({
    runtime,
    fileLimit: FILE_LIMIT,
    // The flood's headers may take the longest Node allows: nothing but the budget closes them during the test.
    env: { HEADERS_TIMEOUT_MS: '30000', REQUEST_TIMEOUT_MS: '30000', RATE_LIMIT: '1000' },
  });

describe(`${FLOOD} connections that never finish their headers, under ulimit -n ${FILE_LIMIT}`, () => {
  it('on Node: a new client is served at once; the budget sheds the oldest waiting connections', async () => {
    service = await start('node');
    const budget = connectionBudget(FILE_LIMIT);
    // The start line names the budget (the log writes at most 250 ms after the line is told: wait for it).
    const line = `"max_connections":${budget}`;
    for (let i = 0; i < 500 && !service.output.join('').includes(line); i++) await sleep(10);
    expect(service.output.join('')).toContain(line);
    stalled = await flood(service.url);
    await sleep(500);

    expect(await freshHealth(service.url, '127.0.1.1', 20_000)).toBe(200);
    expect(await freshHealth(service.url, '127.0.1.2', 20_000)).toBe(200);
    // Served while the flood's survivors still wait on their headers (30 s): shed, not timed out.
    const open = stalled.map((c) => !c.closed);
    const survivors = open.filter(Boolean).length;
    expect(survivors).toBeGreaterThan(0);
    expect(survivors).toBeLessThanOrEqual(budget ?? 0);
    // Oldest first: every connection shed was opened before every one kept.
    expect(open.indexOf(true)).toBe(FLOOD - survivors);
  }, 120_000);

  // Bun.serve has no hook on a connection before its headers, so no budget (docs/robustness.md). Bun stops accepting
  // at the limit rather than resetting newcomers: the new client waits in the kernel's queue until Bun's own header
  // time (about 10 s, not configurable) closes the flood. Measured 11.0 s; 40 s is the bound of "served, not reset".
  it("on Bun: a new client is not reset but waits until Bun's own header time closes the flood", async () => {
    service = await start('bun');
    stalled = await flood(service.url);
    await sleep(500);
    expect(await freshHealth(service.url, '127.0.1.1', 40_000)).toBe(200);
  }, 120_000);
});
