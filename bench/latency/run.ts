// Latency bench: small requests and another client's normal analysis, alone and beside one hostile client that spends
// its whole allowance on the costliest requests it can make, on Node and on Bun (issue 14's "Done when").
// Usage: npm run bench:latency   (env: LATENCY_PHASE_S=30 LATENCY_RATE=100 LATENCY_RUNTIMES=node,bun, and
// LATENCY_HOSTILE=word,word: only the hostile kinds whose name holds one of the words, to see which one costs what)
// A status of 0 below is a request that got no answer at all (a transport error).

import { HELD_OUT } from '../../scripts/lib/held-out.js';
import type { Runtime } from '../../scripts/lib/service-process.js';
import { caesarEncrypt, resolveAlphabet, vigenereEncrypt } from '../../src/core/index.js';
import { type Service, startService } from '../soak/service.js';
import { costliest } from './costliest.js';

const PHASE_MS = Number(process.env.LATENCY_PHASE_S ?? 30) * 1000;
const RATE = Number(process.env.LATENCY_RATE ?? 100);
const RUNTIMES = (process.env.LATENCY_RUNTIMES ?? 'node,bun').split(',') as Runtime[];

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
  victim: { n: number; p50: number; statuses: Record<number, number> };
  attacker: Record<string, { n: number; statuses: Record<number, number>; slowest: number }>;
}

/** Small requests at a fixed rate from many addresses (open loop), the victim's analyses back to back, and the attacker. */
async function phase(service: Service, hostile: boolean): Promise<Phase> {
  const until = Date.now() + PHASE_MS;
  const attacker: Phase['attacker'] = {};
  const attack = async () => {
    // Its allowance: one request a second (60 a minute), each the costliest of its kind, kinds in turn.
    const kinds = HOSTILE;
    for (let i = 0; Date.now() < until; i++) {
      const started = Date.now();
      const kind = kinds[i % kinds.length]!;
      const entry = attacker[kind.name] ?? { n: 0, statuses: {}, slowest: 0 };
      attacker[kind.name] = entry;
      const t = performance.now();
      void post(service.url + kind.path, kind.body, '198.51.100.66')
        .then(
          async (res) => {
            await res.arrayBuffer();
            return res.status;
          },
          () => 0,
        )
        .then((status) => {
          entry.n++;
          entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
          entry.slowest = Math.max(entry.slowest, performance.now() - t);
        });
      await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - started))));
    }
  };
  const victimTimes: number[] = [];
  const victimStatuses: Record<number, number> = {};
  const victim = async () => {
    // Well within its allowance: one analysis, then a pause of a second.
    while (Date.now() < until) {
      const t = performance.now();
      const status = await post(`${service.url}/api/v1/vigenere/analyze`, NORMAL, '203.0.113.7').then(
        async (res) => {
          await res.arrayBuffer();
          return res.status;
        },
        () => 0,
      );
      victimTimes.push(performance.now() - t);
      victimStatuses[status] = (victimStatuses[status] ?? 0) + 1;
      await new Promise((r) => setTimeout(r, 1000));
    }
  };
  const loops = [victim(), ...(hostile ? [attack()] : [])];

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
    victim: { n: victimTimes.length, p50: pct(victimTimes, 50), statuses: victimStatuses },
    attacker,
  };
}

function report(label: string, r: Phase, alone?: Phase): void {
  const s = r.small;
  console.log(
    `  ${label.padEnd(22)} small: p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, max ${s.max.toFixed(0)} ms ` +
      `(${s.n} requests, ${s.failed} not 200)`,
  );
  const ratio = alone ? ` = ${(r.victim.p50 / alone.victim.p50).toFixed(2)}× alone` : '';
  console.log(
    `  ${''.padEnd(22)} normal analysis by another client: p50 ${r.victim.p50.toFixed(0)} ms${ratio} ` +
      `(${r.victim.n} runs, statuses ${JSON.stringify(r.victim.statuses)})`,
  );
  for (const [name, a] of Object.entries(r.attacker)) {
    console.log(
      `  ${''.padEnd(22)} hostile: ${name}: ${a.n} sent, statuses ${JSON.stringify(a.statuses)}, slowest ${a.slowest.toFixed(0)} ms`,
    );
  }
}

console.log(
  `latency: small = caesar/encrypt (9 in 10) and a short caesar/solve (1 in 10) at ${RATE}/s from 4,000 addresses, ` +
    `${PHASE_MS / 1000} s a phase; the hostile client has the default allowance (60 a minute) and spends all of it`,
);
for (const runtime of RUNTIMES) {
  const service = await startService({ TRUST_PROXY: '1' }, runtime);
  console.log(`${runtime}: ${service.output.join('').match(/"workers":\d+/)?.[0] ?? ''}`);
  await phase(service, false); // warm-up
  const alone = await phase(service, false);
  report('alone', alone);
  report('beside a hostile one', await phase(service, true), alone);
  await service.stop();
}
process.exit(0);
