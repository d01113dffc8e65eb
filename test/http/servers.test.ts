// Real listening servers, one on Node (@elysiajs/node) and one on Bun, answer the same requests identically.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServiceProcess, startService } from '../../scripts/lib/service-process.js';

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
    // One id for both servers, so that their answers (which carry it) can be compared whole.
    headers: { 'content-type': 'application/json', 'x-request-id': 'servers-1', ...headers },
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
  let node: ServiceProcess | undefined;
  let bun: ServiceProcess | undefined;

  beforeAll(async () => {
    const env = { RATE_LIMIT: '1000' };
    [node, bun] = await Promise.all([startService({ env }), startService({ runtime: 'bun', env })]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([node?.stop(), bun?.stop()]);
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
