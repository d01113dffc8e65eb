// The connection budget and the file limit it sits under: who is shed at the cap, and how the limit is read.
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ConnectionBudget } from '../../src/http/connection-budget.js';
import { connectionBudget, fileLimit } from '../../src/http/file-limit.js';
import { resolveMaxConnections } from '../../src/http/node-server.js';

/** Unconnected sockets: destroy() closes them as it would a client's. */
const sockets = (n: number) => Array.from({ length: n }, () => new Socket());
const closedTick = () => new Promise((r) => setImmediate(r));

describe('ConnectionBudget', () => {
  it('admits up to its cap, then sheds the connection that has waited longest for each newcomer', async () => {
    const budget = new ConnectionBudget(3);
    const [a, b, c, d, e] = sockets(5) as [Socket, Socket, Socket, Socket, Socket];
    for (const s of [a, b, c]) expect(budget.admit(s)).toBe(true);
    expect(budget.admit(d)).toBe(true);
    expect(budget.admit(e)).toBe(true);
    await closedTick();
    expect([a, b, c, d, e].map((s) => s.destroyed)).toEqual([true, true, false, false, false]);
    expect([budget.size, budget.shed]).toEqual([3, 2]);
  });

  it('never sheds a connection with a request running; with all of them busy the newcomer is closed', () => {
    const budget = new ConnectionBudget(2);
    const [a, b, c] = sockets(3) as [Socket, Socket, Socket];
    budget.admit(a);
    budget.admit(b);
    budget.started(a);
    budget.started(b);
    expect(budget.admit(c)).toBe(false);
    expect([a.destroyed, b.destroyed, c.destroyed]).toEqual([false, false, true]);
  });

  it('counts a kept-alive connection as waiting again once its answers are done, as the newest', () => {
    const budget = new ConnectionBudget(2);
    const [a, b, c] = sockets(3) as [Socket, Socket, Socket];
    budget.admit(a);
    budget.admit(b);
    // Two pipelined requests on a: waiting again only after both.
    budget.started(a);
    budget.started(a);
    budget.finished(a);
    budget.finished(a);
    budget.admit(c);
    expect([a.destroyed, b.destroyed]).toEqual([false, true]);
  });

  it('forgets a connection its client closed', async () => {
    const budget = new ConnectionBudget(2);
    const [a, b] = sockets(2) as [Socket, Socket];
    budget.admit(a);
    budget.admit(b);
    a.destroy();
    await closedTick();
    expect(budget.size).toBe(1);
  });
});

describe('fileLimit', () => {
  const limits = (soft: string) =>
    `Limit                     Soft Limit           Hard Limit           Units\nMax open files            ${soft}                  4096                 files\n`;
  it.each([
    ['256', 256],
    ['1024', 1024],
    ['unlimited', undefined],
  ])('reads a soft limit of %s from /proc/self/limits', (soft, expected) => {
    expect(fileLimit(() => limits(soft))).toBe(expected);
  });

  it("asks the shell's ulimit -n where there is no /proc", () => {
    const noProc = () => {
      throw new Error('ENOENT');
    };
    expect(fileLimit(noProc, () => '512\n')).toBe(512);
    expect(fileLimit(noProc, () => 'unlimited\n')).toBe(undefined);
  });
});

describe('the budget under a file limit', () => {
  it.each([
    [256, 192],
    [1024, 896],
    [65_536, 57_344],
    [undefined, undefined],
  ])('keeps an eighth of %s files (at least 64) for the rest: %s connections', (limit, budget) => {
    expect(connectionBudget(limit)).toBe(budget);
  });

  it.each([
    [undefined, 896],
    [0, undefined],
    [50, 50],
  ])('MAX_CONNECTIONS %s under a limit of 1024 files means %s', (setting, budget) => {
    expect(resolveMaxConnections(setting, () => 1024)).toBe(budget);
  });
});
