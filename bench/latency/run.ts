// Latency bench: small requests and another client's normal analysis, alone and beside a hostile client that does its
// worst: the costliest kind of request (measured on the service first), from several addresses, each keeping its
// queue full in bursts until its allowance is spent, on Node and on Bun (issue 14's "Done when", issue 32 item 7).
// Usage: npm run bench:latency   (env: LATENCY_PHASE_S=30 LATENCY_RATE=100 LATENCY_RUNTIMES=node,bun,
// LATENCY_ATTACKERS=4 hostile addresses, and LATENCY_HOSTILE=word,word: only the hostile kinds whose name holds one
// of the words are candidates for the costliest)
// A status of 0 below is a request that got no answer at all (a transport error).

import { HELD_OUT } from '../../scripts/lib/held-out.js';
import type { Runtime } from '../../scripts/lib/service-process.js';
import { QUEUE_PER_CLIENT_PER_WORKER } from '../../src/compute/pool.js';
import { caesarEncrypt, resolveAlphabet, vigenereEncrypt } from '../../src/core/index.js';
import { type Service, startService } from '../soak/service.js';
import { costliest, type HostileRequest } from './costliest.js';

const PHASE_MS = Number(process.env.LATENCY_PHASE_S ?? 30) * 1000;
const RATE = Number(process.env.LATENCY_RATE ?? 100);
const RUNTIMES = (process.env.LATENCY_RUNTIMES ?? 'node,bun').split(',') as Runtime[];
/** Hostile addresses: each has its own allowance and its own queue, so several multiply what one can do. */
const ATTACKERS = Number(process.env.LATENCY_ATTACKERS ?? 4);

/** The victim's normal analysis: about 220 letters of held-out English under an 8-letter key, default settings. */
const NORMAL = JSON.stringify({
  text: vigenereEncrypt(
    HELD_OUT.en
      .map((p) => p.text)
      .join(' ')
      .slice(0, 270),
    'LANTERNS',
    resolveAlphabet('basic'),
  ),
});
const SMALL = JSON.stringify({ text: 'Hello, World!', shift: 3 });
/** Built once, before any phase: building them takes the bench's own event loop for a while. */
const PICK = process.env.LATENCY_HOSTILE?.split(',');
const HOSTILE = costliest().filter((h) => !PICK || PICK.some((w) => h.name.includes(w)));
const SMALL_SOLVE = JSON.stringify({
  text: caesarEncrypt('Meet me by the old mill at noon.', 7, resolveAlphabet('basic')),
});

/** Every client has its own address (the service trusts X-Forwarded-For here, as behind a proxy). */
const post = (url: string, body: string, client: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': client }, body });

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

interface Phase {
  small: { n: number; p50: number; p99: number; max: number; failed: number };
  victim: { n: number; p50: number; p99: number; max: number; statuses: Record<number, number> };
  attacker: { n: number; statuses: Record<number, number>; slowest: number };
}

/** A POST's status once its answer is read (0: no answer at all). */
const statusOf = (url: string, body: string, client: string): Promise<number> =>
  post(url, body, client).then(
    async (res) => {
      await res.arrayBuffer();
      return res.status;
    },
    () => 0,
  );

/**
 * Each hostile kind once, alone, from an address of its own: the costliest is the one that holds a worker longest,
 * the slowest answered in full (a 503 was cut at the task budget) and run as one task (a bulk solve's pieces
 * interleave with the victim's task, so its length says little of what the victim waits).
 */
async function costliestKind(service: Service): Promise<HostileRequest> {
  let worst: { kind: HostileRequest; ms: number } | undefined;
  for (const [i, kind] of HOSTILE.entries()) {
    const t = performance.now();
    const status = await statusOf(service.url + kind.path, kind.body, `192.0.2.${i + 1}`);
    const ms = performance.now() - t;
    const candidate = status === 200 && !kind.pieces;
    console.log(
      `  hostile kind alone: ${kind.name}: ${ms.toFixed(0)} ms (status ${status}${candidate ? '' : ', not a candidate'})`,
    );
    if (candidate && (!worst || ms > worst.ms)) worst = { kind, ms };
  }
  if (!worst) throw new Error('no hostile kind was answered in full as one task (LATENCY_HOSTILE picks among them)');
  return worst.kind;
}

/**
 * The attacker: from each of ATTACKERS addresses, `depth` lanes of the costliest kind back to back (a burst that
 * fills the address's queue at once and refills it as each answer comes), until the phase ends or the rate limit
 * refuses that address (its allowance is spent: the window is longer than a phase).
 */
async function attack(service: Service, kind: HostileRequest, depth: number, until: number, out: Phase['attacker']) {
  const address = async (client: string) => {
    let refused = false;
    const lane = async () => {
      while (!refused && Date.now() < until) {
        const t = performance.now();
        const status = await statusOf(service.url + kind.path, kind.body, client);
        out.n++;
        out.statuses[status] = (out.statuses[status] ?? 0) + 1;
        out.slowest = Math.max(out.slowest, performance.now() - t);
        if (status === 429) refused = true;
      }
    };
    await Promise.all(Array.from({ length: depth }, lane));
  };
  await Promise.all(Array.from({ length: ATTACKERS }, (_, i) => address(`198.51.100.${66 + i}`)));
}

/** Small requests at a fixed rate from many addresses (open loop), the victim's analyses back to back, and the attacker. */
async function phase(service: Service, hostile?: { kind: HostileRequest; depth: number }): Promise<Phase> {
  const until = Date.now() + PHASE_MS;
  const attacker: Phase['attacker'] = { n: 0, statuses: {}, slowest: 0 };
  const victimTimes: number[] = [];
  const victimStatuses: Record<number, number> = {};
  const victim = async () => {
    // Well within its allowance: one analysis, then a pause of a second.
    while (Date.now() < until) {
      const t = performance.now();
      const status = await statusOf(`${service.url}/api/v1/vigenere/analyze`, NORMAL, '203.0.113.7');
      victimTimes.push(performance.now() - t);
      victimStatuses[status] = (victimStatuses[status] ?? 0) + 1;
      await new Promise((r) => setTimeout(r, 1000));
    }
  };
  const loops = [victim(), ...(hostile ? [attack(service, hostile.kind, hostile.depth, until, attacker)] : [])];

  const latencies: number[] = [];
  let failed = 0;
  const inFlight: Promise<void>[] = [];
  const interval = 1000 / RATE;
  const start = performance.now();
  for (let i = 0; Date.now() < until; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    // Latency counts from when the request was due, so time queued behind a stall is not hidden. 4,000 addresses
    // keep every one of them far below its own limit.
    const client = `10.${(i >> 12) & 255}.${(i >> 6) & 63}.${i & 63}`;
    const body = i % 10 === 0 ? SMALL_SOLVE : SMALL;
    const path = i % 10 === 0 ? '/api/v1/caesar/solve' : '/api/v1/caesar/encrypt';
    inFlight.push(
      post(service.url + path, body, client).then(
        async (res) => {
          await res.arrayBuffer();
          if (res.status !== 200) failed++;
          latencies.push(performance.now() - due);
        },
        () => {
          failed++;
        },
      ),
    );
  }
  await Promise.all([...inFlight, ...loops]);
  latencies.sort((a, b) => a - b);
  victimTimes.sort((a, b) => a - b);
  return {
    small: {
      n: latencies.length,
      p50: pct(latencies, 50),
      p99: pct(latencies, 99),
      max: latencies.at(-1) ?? Number.NaN,
      failed,
    },
    victim: {
      n: victimTimes.length,
      p50: pct(victimTimes, 50),
      p99: pct(victimTimes, 99),
      max: victimTimes.at(-1) ?? Number.NaN,
      statuses: victimStatuses,
    },
    attacker,
  };
}

function report(label: string, r: Phase, alone?: Phase): void {
  const s = r.small;
  console.log(
    `  ${label.padEnd(22)} small: p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, max ${s.max.toFixed(0)} ms ` +
      `(${s.n} requests, ${s.failed} not 200)`,
  );
  const v = r.victim;
  const ratio = (x: number, y: number | undefined) => (y ? ` (${(x / y).toFixed(2)}× alone)` : '');
  console.log(
    `  ${''.padEnd(22)} normal analysis by another client: p50 ${v.p50.toFixed(0)} ms${ratio(v.p50, alone?.victim.p50)}, ` +
      `p99 ${v.p99.toFixed(0)} ms${ratio(v.p99, alone?.victim.p99)}, max ${v.max.toFixed(0)} ms` +
      `${ratio(v.max, alone?.victim.max)} (${v.n} runs, statuses ${JSON.stringify(v.statuses)})`,
  );
  const a = r.attacker;
  if (a.n) {
    console.log(
      `  ${''.padEnd(22)} hostile: ${a.n} sent from ${ATTACKERS} addresses, statuses ${JSON.stringify(a.statuses)}, ` +
        `slowest ${a.slowest.toFixed(0)} ms`,
    );
  }
}

console.log(
  `latency: small = caesar/encrypt (9 in 10) and a short caesar/solve (1 in 10) at ${RATE}/s from 4,000 addresses, ` +
    `${PHASE_MS / 1000} s a phase; the hostile client sends the costliest kind from ${ATTACKERS} addresses, each ` +
    `keeping its queue full until the default allowance (60 a minute) is spent`,
);
for (const runtime of RUNTIMES) {
  const service = await startService({ TRUST_PROXY: '1' }, runtime);
  const workers = Number(service.output.join('').match(/"workers":(\d+)/)?.[1] ?? 1);
  console.log(`${runtime}: ${workers} workers`);
  await phase(service); // warm-up
  const kind = await costliestKind(service);
  // The per-client queue (QUEUE_PER_CLIENT_PER_WORKER a worker) and one running task a worker: full, and kept so.
  const depth = Math.max(1, workers) * (QUEUE_PER_CLIENT_PER_WORKER + 1);
  console.log(`  costliest: ${kind.name}; ${depth} requests in flight per hostile address`);
  const alone = await phase(service);
  report('alone', alone);
  report('beside a hostile one', await phase(service, { kind, depth }), alone);
  await service.stop();
}
process.exit(0);
