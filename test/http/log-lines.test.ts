// The access log's lines as they are written: the template line is pino's line, the time is toISOString()'s, and the
// batched destination loses nothing (order kept, written by flush() and at process.exit() without one).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE, ROOT } from '../../scripts/lib/service-process.js';
import { createLogger, type RequestLine } from '../../src/log.js';
import { isoNow, LineBatch, logDestination } from '../../src/log-output.js';

/** A logger writing to an array, each write kept as it came. */
function captured() {
  const writes: string[] = [];
  return { writes, logger: createLogger('info', { write: (s: string) => void writes.push(s) }) };
}

const PAGE: RequestLine = {
  request_id: 'r-1',
  method: 'OPTIONS',
  surface: 'page',
  route: 'docs',
  status: 204,
  duration_ms: 3,
  bytes: 0,
  client: 'ab',
};

const LINES: RequestLine[] = [
  PAGE,
  {
    request_id: '3f1c2a9e-5b7d-4c1a-8e2f-0a9b8c7d6e5f',
    method: 'POST',
    surface: 'rest',
    route: 'caesar.encrypt',
    status: 200,
    duration_ms: 0.123,
    bytes: 120,
    client: '0123456789abcdef',
  },
  {
    request_id: 'Root=1-5e1b4151-5ac6c58f;Parent=53995c3f/+@:.',
    method: 'GET',
    surface: 'other',
    route: 'unknown',
    status: 404,
    duration_ms: 1234.5,
    bytes: null,
    client: null,
  },
  { ...PAGE, duration_ms: 0, status: 429 },
  { ...PAGE, duration_ms: 10.007, route: 'batch', surface: 'trpc' },
];

describe('the access log line', () => {
  it.each(LINES)('is the line pino writes for the same fields, key for key and in order (%#)', (line) => {
    const { writes, logger } = captured();
    logger.request(line);
    logger.log('request', { ...line });
    const [ours, pinos] = writes.map((w) => JSON.parse(w) as Record<string, unknown>);
    expect(writes.every((w) => w.endsWith('}\n') && !w.slice(0, -1).includes('\n'))).toBe(true);
    expect(Object.keys(ours ?? {})).toEqual(Object.keys(pinos ?? {}));
    expect({ ...ours, time: 0 }).toEqual({ ...pinos, time: 0 });
    expect(Date.parse(ours?.time as string)).toBeLessThanOrEqual(Date.now());
  });

  it('is written only at info and below', () => {
    const writes: string[] = [];
    createLogger('warn', { write: (s: string) => void writes.push(s) }).request(LINES[0] as RequestLine);
    expect(writes).toEqual([]);
  });

  it('carries the time as toISOString() writes it', () => {
    for (let i = 0; i < 50; i++) {
      const before = Date.now();
      const iso = isoNow();
      expect(iso).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Date.parse(iso)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(iso)).toBeLessThanOrEqual(Date.now());
    }
  });
});

describe('the batched destination', () => {
  /** A sink that records each write it is handed. */
  const sink = () => {
    const writes: string[] = [];
    return { writes, sink: { write: (s: string) => writes.push(s) > 0 } as never };
  };

  it('writes nothing until 4 KiB are pending, then everything pending, in order', () => {
    const { writes, sink: s } = sink();
    const batch = new LineBatch(s, 4096, 60_000);
    const line = (i: number) => `${JSON.stringify({ i, pad: 'x'.repeat(90) })}\n`;
    let i = 0;
    while (writes.length === 0) batch.write(line(i++));
    expect(writes[0]?.length).toBeGreaterThanOrEqual(4096);
    batch.write(line(i++));
    batch.flushSync();
    const all = writes.join('').split('\n').filter(Boolean);
    expect(all.map((l) => (JSON.parse(l) as { i: number }).i)).toEqual([...Array(i).keys()]);
  });

  it('writes what is pending after its delay, and at flush()', async () => {
    const { writes, sink: s } = sink();
    const batch = new LineBatch(s, 4096, 20);
    batch.write('a\n');
    expect(writes).toEqual([]);
    await new Promise((r) => setTimeout(r, 60));
    expect(writes).toEqual(['a\n']);
    batch.write('b\n');
    await new Promise<void>((resolve) => batch.flush(() => resolve()));
    expect(writes).toEqual(['a\n', 'b\n']);
  });

  it('holds access lines back but writes a service event (listening, stopped, a warning) at once, with them before it', () => {
    const { writes, sink: s } = sink();
    const logger = createLogger('info', new LineBatch(s, 4096, 60_000));
    logger.request({
      request_id: 'r1',
      method: 'GET',
      surface: 'rest',
      route: 'health',
      status: 200,
      duration_ms: 1,
      bytes: 2,
      client: null,
    } as RequestLine);
    expect(writes).toEqual([]);
    logger.log('listening', { port: 1 });
    const lines = writes
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { event: string });
    expect(lines.map((l) => l.event)).toEqual(['request', 'listening']);
  });

  it('writes what is pending when the process exits, process.exit() without a flush included', () => {
    const dir = mkdtempSync(join(tmpdir(), 'log-lines-'));
    const file = join(dir, 'out.log');
    try {
      // The logger of src/log.ts on a file, 100 request lines (about 25 KiB: some written, the tail pending), exit.
      const script = `
        import { createLogger } from './src/log.ts';
        import { logDestination } from './src/log-output.ts';
        const logger = createLogger('info', logDestination(${JSON.stringify(file)}));
        for (let i = 0; i < 100; i++) logger.request({ request_id: 'r-' + i, method: 'POST', surface: 'rest',
          route: 'caesar.encrypt', status: 200, duration_ms: 1, bytes: 1, client: null });
        logger.log('stopped', { signal: 'none' });
        process.exit(0);`;
      const run = spawnSync(NODE, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT });
      expect(run.status, String(run.stderr)).toBe(0);
      const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
      const events = lines.map((l) => JSON.parse(l) as { event: string; request_id?: string });
      expect(events.map((e) => e.request_id ?? e.event)).toEqual([
        ...[...Array(100).keys()].map((i) => `r-${i}`),
        'stopped',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is what the service writes stdout through', () => {
    expect(logDestination('/dev/null')).toBeInstanceOf(LineBatch);
  });
});
