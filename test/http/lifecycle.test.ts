// The service as `npm start` runs it (no TEST or CI in its environment): SIGTERM mid-work, and connections that dawdle.
import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Runtime, type ServiceProcess, startService } from '../../scripts/lib/service-process.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A raw connection: what was received, whether and when the server closed it. */
function connect(url: string): Promise<{ socket: Socket; received: () => string; closed: Promise<number> }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    let data = '';
    const opened = Date.now();
    const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now() - opened)));
    socket.on('data', (d) => {
      data += d;
    });
    socket.once('error', reject);
    socket.connect(Number(port), hostname, () => {
      // A reset by the server ends the connection like a close; the tests read `closed`.
      socket.off('error', reject).on('error', () => {});
      resolve({ socket, received: () => data, closed });
    });
  });
}

/** Resolves once the service has printed a line matching `pattern`; fails after `ms` with what it printed. */
async function outputMatches(service: ServiceProcess, pattern: RegExp, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!pattern.test(service.output.join(''))) {
    if (Date.now() > deadline)
      throw new Error(`no ${pattern} from the service in ${ms} ms:\n${service.output.join('')}`);
    await sleep(10);
  }
}

/** Resolves once the service has counted `requests` requests against its rate limit (as its answers state it). */
async function untilCounted(service: ServiceProcess, requests: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const health = await fetch(`${service.url}/api/v1/health`);
    const counted =
      Number(health.headers.get('x-ratelimit-limit')) - Number(health.headers.get('x-ratelimit-remaining'));
    if (counted >= requests) return;
    if (Date.now() > deadline) throw new Error(`the service counted ${counted} of ${requests} requests`);
    await sleep(10);
  }
}

/** A bulk solve that keeps one worker busy for a good fraction of a second. */
const SLOW = JSON.stringify({
  method: 'solve',
  language: 'auto',
  items: Array.from({ length: 200 }, (_, i) => ({
    text: `Wkh txlfn eurzq ira mxpsv ryhu wkh odcb grj ${i}. `.repeat(8),
  })),
});

const RUNTIMES: Runtime[] = ['node', 'bun'];

describe.each(RUNTIMES)('SIGTERM on %s, started as npm start starts it', (runtime) => {
  it('answers both analyses in flight and the request still arriving, refuses new connections, exits 0', async () => {
    const service = await startService({ runtime, env: { COMPUTE_WORKERS: '1', RATE_LIMIT: '1000' } });
    const exited = new Promise<number | null>((resolve) => service.child.once('exit', (code) => resolve(code)));
    const analysis = () =>
      fetch(`${service.url}/api/v1/caesar/bulk`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: SLOW,
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { count?: number } }));
    const analyses = [analysis(), analysis()];

    // A request whose body is half sent when the signal comes, and finished after it.
    const body = JSON.stringify({ text: 'Hello, World!', shift: 3 });
    const half = await connect(service.url);
    half.socket.write(
      `POST /api/v1/caesar/encrypt HTTP/1.1\r\nHost: localhost\r\ncontent-type: application/json\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    // The signal comes once the service has taken all three requests in (event order, not a fixed 300 ms that a
    // loaded machine can outlast): it counts each against the rate limit as it arrives, before reading its body,
    // and the health check reads the count without adding to it.
    await untilCounted(service, 3, 10_000);
    service.child.kill('SIGTERM');
    // Once it has taken the signal (it logs "shutdown", then closes its listener in the same tick) the service
    // must refuse new connections. How soon a child runs its handler is the machine's business: a fixed 300 ms
    // failed once in CI under a load average of 11 (the health check was answered), so the check waits for the
    // log line, and 100 ms more in case the child lost the CPU between writing it and closing the listener.
    await outputMatches(service, /"event":"shutdown"/, 10_000);
    await sleep(100);
    const refused = await fetch(`${service.url}/api/v1/health`).then(
      () => false,
      () => true,
    );
    half.socket.write(body.slice(10));

    const answers = await Promise.all(analyses);
    expect(answers.map((a) => [a.status, a.body.count])).toEqual([
      [200, 200],
      [200, 200],
    ]);
    await half.closed;
    expect(half.received()).toMatch(/^HTTP\/1\.1 200[\s\S]*"result":"Khoor, Zruog!"/);
    expect(refused).toBe(true);
    expect(await exited).toBe(0);
    expect(service.output.join('')).toMatch(/"event":"stopped"/);
  }, 60_000);
});

// A client that trickles headers, never reads, and keeps writing after its answer: the server must close the
// connection, not half-close it and go on reading for as long as the client writes (Node before issue 31: forever,
// its side in FIN-WAIT-2). The client notices as its next write fails. Node answers 408 at HEADERS_TIMEOUT_MS
// (1.5 s, checked once a second) and closes 1 s after; Bun closes at its own header time, about 12 s (measured).
// The bound leaves Bun 18 s to spare: it only has to tell "closed" from "open while the client writes".
describe.each(RUNTIMES)('a client that never reads, on %s', (runtime) => {
  it('has its connection closed once its time is up, though it keeps writing', async () => {
    const service = await startService({ runtime, env: { HEADERS_TIMEOUT_MS: '1500', RATE_LIMIT: '1000' } });
    try {
      const c = await connect(service.url);
      c.socket.pause();
      c.socket.write('GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\n');
      let line = 0;
      const timer = setInterval(() => {
        if (!c.socket.destroyed) c.socket.write(`X-Line-${line++}: a\r\n`);
      }, 200);
      const stillOpen = sleep(30_000).then(() => 'still open');
      const outcome = await Promise.race([c.closed.then(() => 'closed'), stillOpen]);
      clearInterval(timer);
      c.socket.destroy();
      expect(outcome).toBe('closed');
    } finally {
      await service.stop();
    }
  }, 60_000);
});

// The service on Node: Bun.serve has no per-connection hook and keeps its own limits (docs/robustness.md).
describe('slow and idle connections on Node', () => {
  let service: ServiceProcess;
  beforeAll(async () => {
    service = await startService({
      env: {
        HEADERS_TIMEOUT_MS: '1500',
        REQUEST_TIMEOUT_MS: '3000',
        IDLE_TIMEOUT_MS: '3000',
        MAX_CONNECTIONS_PER_ADDRESS: '5',
        RATE_LIMIT: '1000',
      },
    });
  }, 60_000);
  afterAll(() => service?.stop());

  it('closes a connection that sends nothing once the header time is up', async () => {
    const c = await connect(service.url);
    expect(await c.closed).toBeLessThan(3500);
  });

  it('answers trickled headers with a JSON 408 once the header time is up', async () => {
    const c = await connect(service.url);
    const line = 'GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ';
    let i = 0;
    const timer = setInterval(() => {
      if (!c.socket.destroyed) c.socket.write(line[i++ % line.length] ?? 'a');
    }, 200);
    const after = await c.closed;
    clearInterval(timer);
    expect(after).toBeLessThan(3500);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408[\s\S]*"error":"Request Timeout"/);
  });

  it('cuts a trickled body once the request time is up', async () => {
    const c = await connect(service.url);
    c.socket.write(
      'POST /api/v1/rot13/transform HTTP/1.1\r\nHost: localhost\r\ncontent-type: application/json\r\n' +
        'content-length: 1000\r\n\r\n{"text":"',
    );
    const timer = setInterval(() => {
      if (!c.socket.destroyed) c.socket.write('a');
    }, 200);
    const after = await c.closed;
    clearInterval(timer);
    expect(after).toBeLessThan(5500);
  });

  it('keeps at most the per-address number of connections open', async () => {
    const open = await Promise.all(Array.from({ length: 5 }, () => connect(service.url)));
    await sleep(100);
    const extra = await connect(service.url);
    expect(await extra.closed).toBeLessThan(1000);
    expect(extra.received()).toBe('');
    for (const c of open) c.socket.destroy();
    await sleep(100);
    expect((await fetch(`${service.url}/api/v1/health`)).status).toBe(200);
  });

  it('answers a request target it cannot parse, and malformed HTTP, in JSON', async () => {
    for (const [request, status] of [
      ['GET http://[bad/ HTTP/1.1\r\nHost: x\r\n\r\n', 400],
      ['NONSENSE\r\n\r\n', 400],
      [`GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ] as const) {
      const c = await connect(service.url);
      c.socket.write(request);
      await c.closed;
      const [head, body] = c.received().split('\r\n\r\n');
      expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      expect(head).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(body ?? '')).toMatchObject({ success: false, message: expect.any(String) });
    }
  });
});

describe('clients that stop reading, on Node', () => {
  let service: ServiceProcess;
  beforeAll(async () => {
    service = await startService({ env: { IDLE_TIMEOUT_MS: '8000', RATE_LIMIT: '1000', COMPUTE_WORKERS: '2' } });
  }, 60_000);
  afterAll(() => service?.stop());

  it('refuses new requests from an address that leaves many answers unread, and drops stalled readers', async () => {
    // 256 astral letters and 100,000 of them in the text: the best decryption twice (800 KB) and 255 cut candidates
    // (2 MiB), 2.9 MB an answer. Each connection asks twice (pipelined), more than the kernel holds for a reader
    // that does not read.
    const letters = Array.from({ length: 256 }, (_, i) => String.fromCodePoint(0x1f300 + i));
    const body = JSON.stringify({
      text: Array.from({ length: 100_000 }, (_, i) => letters[(i * 7) % 256]).join(''),
      alphabet: 'custom',
      custom_alphabet: letters.join(''),
    });
    const readers = await Promise.all(Array.from({ length: 3 }, () => connect(service.url)));
    const request =
      `POST /api/v1/caesar/solve HTTP/1.1\r\nHost: localhost\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    for (const r of readers) {
      r.socket.pause();
      r.socket.write(request + request);
    }
    // The answers are computed and written; none is read.
    let refused: Response | undefined;
    for (let i = 0; i < 60 && refused?.status !== 503; i++) {
      await sleep(250);
      refused = await fetch(`${service.url}/api/v1/health`);
    }
    expect(refused?.status).toBe(503);
    expect(await refused?.json()).toMatchObject({ success: false, error: 'Service Unavailable' });
    // Nothing moves on those connections: the idle timeout (8 s here) closes them, and the address is served again.
    let served: Response | undefined;
    for (let i = 0; i < 80 && served?.status !== 200; i++) {
      await sleep(250);
      served = await fetch(`${service.url}/api/v1/health`);
    }
    expect(served?.status).toBe(200);
    // Reading now finds each answer cut off where the server gave up: it never ends with the last chunk.
    for (const r of readers) {
      r.socket.resume();
      await r.closed;
      expect(r.received()).toMatch(/^HTTP\/1\.1 200/);
      expect(r.received().endsWith('\r\n0\r\n\r\n')).toBe(false);
    }
  }, 60_000);
});
