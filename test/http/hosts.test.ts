// Real servers, started as `npm start` starts them, reached with short Host headers and absolute-form targets: every
// route answers, what runs is what is charged, streamed answers carry their headers, and no answer echoes the Host.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../routers/index.js';
import { API_PREFIX, TRPC_PREFIX } from '../../routers/prefixes.js';
import { type ServiceProcess, startService } from '../../scripts/lib/service-process.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One HTTP/1.1 request written byte for byte (any Host, any request-target), read until the server closes. */
function raw(
  port: number,
  method: string,
  target: string,
  host: string,
  headers: Record<string, string> = {},
  body = '',
) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(20_000, () => socket.destroy(new Error(`no answer to ${method} ${target}`)));
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n');
      const out: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        out[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      let rest = text.slice(split + 4);
      if (out['transfer-encoding'] === 'chunked') {
        let decoded = '';
        for (;;) {
          const eol = rest.indexOf('\r\n');
          const size = Number.parseInt(rest.slice(0, eol), 16);
          if (!size) break;
          decoded += Buffer.from(rest.slice(eol + 2))
            .subarray(0, size)
            .toString('utf8');
          rest = Buffer.from(rest.slice(eol + 2))
            .subarray(size + 2)
            .toString('utf8');
        }
        rest = decoded;
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers: out, body: rest });
    });
    const head = { host, connection: 'close', 'content-length': String(Buffer.byteLength(body)), ...headers };
    socket.write(
      `${method} ${target} HTTP/1.1\r\n${Object.entries(head)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\r\n')}\r\n\r\n${body}`,
    );
  });
}

const JSON_TYPE = { 'content-type': 'application/json' };
const SHORT_HOSTS = ['a', 'ab', 'api', 'web', 'a.b'];

/** A valid request for each operation, on each surface. */
const REQUESTS = [...OPERATIONS].flatMap(([procedure, op]) => {
  const input = op.example?.request;
  const body = (v: unknown) => (op.rest.method === 'GET' ? '' : JSON.stringify(v));
  return [
    {
      name: `${op.rest.method} ${API_PREFIX}${op.rest.path}`,
      method: op.rest.method,
      path: `${API_PREFIX}${op.rest.path}`,
      body: body(input),
    },
    {
      name: `${op.rest.method} ${TRPC_PREFIX}/${procedure}`,
      method: op.rest.method,
      path: `${TRPC_PREFIX}/${procedure}`,
      body: body({ json: input }),
    },
  ];
});

// The children run as production runs them: srvx installs its own signal handlers unless TEST or CI is set (to
// anything but the empty string), and vitest sets TEST.
const PRODUCTION = { TEST: '', CI: '' };

for (const runtime of ['node', 'bun'] as const) {
  describe(`${runtime}: short hosts, absolute-form targets, streamed answers`, () => {
    let server: ServiceProcess | undefined;
    let port = 0;
    beforeAll(async () => {
      server = await startService({ runtime, env: { ...PRODUCTION, RATE_LIMIT: '100000' } });
      port = Number(new URL(server.url).port);
    }, 60_000);
    afterAll(async () => {
      await server?.stop();
    }, 20_000);

    const remaining = async (host: string) =>
      Number((await raw(port, 'GET', `${API_PREFIX}/health`, host)).headers['x-ratelimit-remaining']);

    it.each(SHORT_HOSTS)(
      'Host %s: every route answers 200',
      async (host) => {
        for (const r of REQUESTS) {
          const answer = await raw(port, r.method, r.path, host, r.method === 'POST' ? JSON_TYPE : {}, r.body);
          expect([r.name, answer.status]).toEqual([r.name, 200]);
        }
      },
      60_000,
    );

    it('absolute-form targets reach every route (Node takes the URL from the target)', async () => {
      for (const r of REQUESTS) {
        const answer = await raw(
          port,
          r.method,
          `http://a${r.path}`,
          'a',
          r.method === 'POST' ? JSON_TYPE : {},
          r.body,
        );
        expect([r.name, answer.status]).toEqual([r.name, 200]);
      }
    }, 60_000);

    it('a batch behind a decoy query costs every call it runs, or runs nothing', async () => {
      const encrypt = { json: { text: 'abc', shift: 1 } };
      const n = 5;
      const calls = Array(n).fill('caesar.encrypt').join(',');
      const body = JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [i, encrypt])));
      const stream = { ...JSON_TYPE, 'trpc-accept': 'application/jsonl' };
      for (const host of ['a', 'abc', 'localhost']) {
        for (const target of [
          `${TRPC_PREFIX}/${calls}?batch=1&${TRPC_PREFIX}/caesar.encrypt`,
          `http://${host}${TRPC_PREFIX}/${calls}?batch=1&${TRPC_PREFIX}/caesar.encrypt`,
        ]) {
          const before = await remaining(host);
          const answer = await raw(port, 'POST', target, host, stream, body);
          expect(answer.status).toBe(200);
          expect(answer.body.match(/"result":"bcd"/g)).toHaveLength(n);
          expect(before - Number(answer.headers['x-ratelimit-remaining'])).toBe(n);
        }
        // The endpoint's name glued to the calls: tRPC's adapter would run them, if anything handed it the request.
        const glued = `${TRPC_PREFIX}${calls}?batch=1&${TRPC_PREFIX}/caesar.encrypt`;
        const before = await remaining(host);
        const answer = await raw(port, 'POST', glued, host, stream, body);
        // No call's result (a bare "bcd" could also be part of the error body's random request id).
        expect(answer.body).not.toMatch(/"result":"bcd"/);
        expect(await remaining(host)).toBeLessThanOrEqual(before);
      }
    }, 60_000);

    it('a streamed tRPC answer is JSON, with the rate-limit headers', async () => {
      const body = JSON.stringify({ 0: { json: { text: 'abc', shift: 1 } }, 1: { json: { text: 'abc' } } });
      const answer = await raw(
        port,
        'POST',
        `${TRPC_PREFIX}/caesar.encrypt,rot13.transform?batch=1`,
        'localhost',
        {
          ...JSON_TYPE,
          'trpc-accept': 'application/jsonl',
        },
        body,
      );
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers['x-ratelimit-limit']).toBe('100000');
      expect(Number(answer.headers['x-ratelimit-remaining'])).toBeGreaterThan(0);
      expect(answer.body).toContain('"result":"bcd"');
      expect(answer.body).toContain('"result":"nop"');
    });

    it('HEAD of a meta endpoint answers like GET, uncounted', async () => {
      const before = await remaining('localhost');
      const head = await raw(port, 'HEAD', `${API_PREFIX}/health`, 'localhost');
      expect(head.status).toBe(200);
      expect(head.body).toBe('');
      expect(Number(head.headers['x-ratelimit-remaining'])).toBe(before);
      expect(await remaining('localhost')).toBe(before);
    });

    it('the 429 body links the docs where the service listens, not to the Host the client sent', async () => {
      const limited = await startService({ runtime, env: { ...PRODUCTION, RATE_LIMIT: '1' } });
      try {
        const p = Number(new URL(limited.url).port);
        const send = () => raw(p, 'POST', `${API_PREFIX}/rot13/transform`, 'evil.example', JSON_TYPE, '{"text":"a"}');
        expect((await send()).status).toBe(200);
        const answer = await send();
        expect(answer.status).toBe(429);
        expect(JSON.parse(answer.body).documentation).toBe(`${limited.url}${API_PREFIX}/docs`);
      } finally {
        await limited.stop();
      }
    }, 60_000);
  });
}
