// A bulk solve runs as a chain of small tasks, so that one client's batch cannot hold a worker from others (issue 14).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BULK_CHUNK_COST, bulkChunks } from '../../src/analysis/caesar/tasks.js';
import { WorkerPool } from '../../src/compute/pool.js';
import { taskCost } from '../../src/compute/tasks.js';
import { createApp } from '../../src/http/app.js';

const cost = (texts: string[]) => taskCost('caesarBulkSolve', { spec: {}, texts, language: 'en' });
const SENTENCE = 'Wkh txlfn eurzq ira mxpsv ryhu wkh odcb grj. ';

describe('bulkChunks', () => {
  it('keeps every text once, in order, in runs no dearer than the limit unless one text alone is', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 3000 }), { maxLength: 300 }),
        fc.integer({ min: 1, max: 50_000 }),
        (texts, limit) => {
          const chunks = bulkChunks(texts, limit);
          expect(chunks.flat()).toEqual(texts);
          for (const chunk of chunks) {
            expect(chunk.length).toBeGreaterThan(0);
            if (chunk.length > 1) expect(cost(chunk)).toBeLessThanOrEqual(limit);
          }
        },
      ),
    );
  });

  it('cuts a batch of 1,000 texts of 400 letters into tens of tasks', () => {
    const texts = Array.from({ length: 1000 }, () => SENTENCE.repeat(10));
    const chunks = bulkChunks(texts);
    expect(chunks.length).toBeGreaterThanOrEqual(20);
    expect(Math.max(...chunks.map(cost))).toBeLessThanOrEqual(BULK_CHUNK_COST);
  });
});

describe('a bulk solve beside another client', () => {
  it("lets another client's solve through before the batch is done, with one worker", async () => {
    const pool = new WorkerPool({ size: 1 });
    await pool.ready();
    const app = createApp({ config: { rateLimit: 1000, trustProxy: true }, compute: pool, log: () => {} });
    const post = (path: string, body: unknown, client: string) =>
      app.handle(
        new Request(`http://localhost/api/v1${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
          body: JSON.stringify(body),
        }),
      );
    try {
      const finished: string[] = [];
      const items = Array.from({ length: 1000 }, (_, i) => ({ text: `${SENTENCE.repeat(10)}${i}` }));
      const batch = post('/caesar/bulk', { method: 'solve', language: 'auto', items }, '192.0.2.1').then(async (r) => {
        finished.push('batch');
        return r;
      });
      await new Promise((r) => setTimeout(r, 50));
      // Long enough to go to the worker rather than run inline.
      const solve = post('/caesar/solve', { text: SENTENCE.repeat(100) }, '192.0.2.2').then(async (r) => {
        finished.push('solve');
        return r;
      });
      const [b, s] = await Promise.all([batch, solve]);
      expect(b.status).toBe(200);
      expect(s.status).toBe(200);
      const answer = await b.json();
      expect(answer.results).toHaveLength(1000);
      expect(answer.results.every((r: { shift: number }) => r.shift === 3)).toBe(true);
      // One task of 1,000 texts finished first; in chunks the other client's solve is taken between two of them.
      expect(finished).toEqual(['solve', 'batch']);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
