// Fair queuing of solver tasks between clients (issue 14, item 7): one client's backlog cannot starve another's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FairQueue } from '../../src/compute/pool.js';

interface Task {
  client: string;
  n: number;
}

describe('FairQueue', () => {
  it('serves a newcomer before the rest of a backlog', () => {
    const q = new FairQueue<Task>();
    for (let n = 0; n < 5; n++) q.push({ client: 'a', n });
    const first = q.shift() as Task;
    q.finish(first, 100);
    q.push({ client: 'b', n: 0 });
    // b starts level with a (worker time before b waited is no debt of a's): one more of a's, then b.
    const next = [q.shift(), q.shift(), q.shift()].map((t) => `${t?.client}${t?.n}`);
    expect(next).toEqual(['a1', 'b0', 'a2']);
  });

  it('gives clients with backlogs turns by worker time, not by arrival', () => {
    const q = new FairQueue<Task>();
    for (let n = 0; n < 4; n++) q.push({ client: 'heavy', n });
    for (let n = 0; n < 4; n++) q.push({ client: 'light', n });
    const order: string[] = [];
    for (let i = 0; i < 8; i++) {
      const t = q.shift() as Task;
      order.push(t.client);
      q.finish(t, t.client === 'heavy' ? 300 : 100);
    }
    // Each heavy task costs three light ones: light runs three times per heavy turn until it runs out.
    expect(order).toEqual(['heavy', 'light', 'light', 'light', 'heavy', 'light', 'heavy', 'heavy']);
  });

  it('neither credits nor charges worker time from before a client started waiting', () => {
    const q = new FairQueue<Task>();
    q.push({ client: 'old', n: 0 });
    q.finish(q.shift() as Task, 10_000);
    for (let n = 0; n < 3; n++) q.push({ client: 'busy', n });
    q.finish(q.shift() as Task, 50);
    // 'old' left the queue long ago: it comes back level with 'busy', not 10 s behind it (nor ahead of it).
    q.push({ client: 'old', n: 1 });
    const next = [q.shift(), q.shift(), q.shift()].map((t) => t?.client);
    expect(next).toEqual(['busy', 'old', 'busy']);
  });

  it('hands out every task exactly once, each client in its own order (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.nat(500)), { maxLength: 60 }), (ops) => {
        const q = new FairQueue<Task>();
        const seen: Task[] = [];
        ops.forEach(([client, ms], n) => {
          q.push({ client, n });
          if (n % 2) {
            const t = q.shift();
            if (t) {
              seen.push(t);
              q.finish(t, ms);
            }
          }
        });
        for (let t = q.shift(); t; t = q.shift()) seen.push(t);
        expect(q.size).toBe(0);
        expect(seen.map((t) => t.n).sort((x, y) => x - y)).toEqual(ops.map((_, n) => n));
        for (const c of ['a', 'b', 'c']) {
          const mine = seen.filter((t) => t.client === c).map((t) => t.n);
          expect(mine).toEqual([...mine].sort((x, y) => x - y));
        }
      }),
    );
  });

  it('removes a waiting task and counts what waits per client', () => {
    const q = new FairQueue<Task>();
    const t = { client: 'a', n: 0 };
    q.push(t);
    q.push({ client: 'a', n: 1 });
    expect(q.waiting('a')).toBe(2);
    expect(q.remove(t)).toBe(true);
    expect(q.remove(t)).toBe(false);
    expect(q.waiting('a')).toBe(1);
    expect(q.size).toBe(1);
  });
});
