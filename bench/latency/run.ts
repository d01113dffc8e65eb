// Latency bench: p99 of small requests alone, then beside maximal analyses and 1,000-item bulk solves, with the
// worker pool and (for contrast) with every solver on the event loop. Loopback only, bounded in time.
// Usage: npm run bench:latency   (env: LATENCY_PHASE_S=15 LATENCY_RATE=200 LATENCY_HEAVY=2 LATENCY_BULK=1
// LATENCY_CONTRAST=1 LATENCY_CORPUS=…/en.txt)
import { readFileSync } from 'node:fs';
import { resolveAlphabet, vigenereEncrypt } from '../../src/core/index.js';
import { type Service, startService } from '../soak/service.js';

const PHASE_MS = Number(process.env.LATENCY_PHASE_S ?? 15) * 1000;
const RATE = Number(process.env.LATENCY_RATE ?? 200);
const HEAVY = Number(process.env.LATENCY_HEAVY ?? 2);
const BULK = Number(process.env.LATENCY_BULK ?? 1);
const CONTRAST = process.env.LATENCY_CONTRAST !== '0';

/** The largest text allowed: 100,000 code points, all letters (English prose from the shared corpus, spaces
 * and punctuation dropped), enciphered with a 13-letter key. */
function maximalCiphertext(): string {
  const corpus = readFileSync(
    process.env.LATENCY_CORPUS ?? new URL('../../../shared/corpus/en.txt', import.meta.url),
    'utf8',
  );
  const letters = corpus.replace(/[^A-Za-z]/g, '').slice(0, 100_000);
  return vigenereEncrypt(letters, 'SLIDINGWINDOW', resolveAlphabet('basic'));
}

const CIPHER = maximalCiphertext();
const ANALYZE = JSON.stringify({ text: CIPHER, max_key_length: 100, language: 'en' });
const BULK_BODY = JSON.stringify({
  method: 'solve',
  language: 'en',
  items: Array.from({ length: 1000 }, (_, i) => ({ text: CIPHER.slice(i * 100, i * 100 + 500) })),
});
const SMALL = JSON.stringify({ text: 'Hello, World!', shift: 3 });

const post = (url: string, body: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

interface PhaseResult {
  small: { n: number; p50: number; p99: number; max: number; failed: number };
  heavy: Record<string, { done: number; statuses: Record<string, number>; p50: number }>;
}

/** Small requests at a fixed rate (open loop, so a stall shows as latency), heavy ones in closed loops beside. */
async function phase(service: Service, heavy: boolean): Promise<PhaseResult> {
  const until = Date.now() + PHASE_MS;
  const heavyStats: PhaseResult['heavy'] = {};
  const heavyTimes = new Map<string, number[]>();
  const heavyLoop = async (name: string, path: string, body: string) => {
    // Loops of one kind share their counts and their latencies.
    const s = heavyStats[name] ?? { done: 0, statuses: {}, p50: 0 };
    heavyStats[name] = s;
    const times = heavyTimes.get(name) ?? [];
    heavyTimes.set(name, times);
    while (Date.now() < until) {
      const t = performance.now();
      const res = await post(service.url + path, body);
      await res.arrayBuffer();
      times.push(performance.now() - t);
      s.done++;
      s.statuses[res.status] = (s.statuses[res.status] ?? 0) + 1;
    }
    s.p50 = pct(
      times.sort((a, b) => a - b),
      50,
    );
  };
  const loops = heavy
    ? [
        ...Array.from({ length: HEAVY }, () =>
          heavyLoop('vigenere/analyze 100k letters, max_key_length 100', '/api/v1/vigenere/analyze', ANALYZE),
        ),
        ...Array.from({ length: BULK }, () =>
          heavyLoop('caesar/bulk solve, 1000 items of 500 letters', '/api/v1/caesar/bulk', BULK_BODY),
        ),
      ]
    : [];

  const latencies: number[] = [];
  let failed = 0;
  const inFlight: Promise<void>[] = [];
  const interval = 1000 / RATE;
  const start = performance.now();
  for (let i = 0; Date.now() < until; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    // Latency counts from when the request was due, so time spent queued behind a stall is not hidden.
    inFlight.push(
      post(`${service.url}/api/v1/caesar/encrypt`, SMALL).then(
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
  return {
    small: {
      n: latencies.length,
      p50: pct(latencies, 50),
      p99: pct(latencies, 99),
      max: latencies.at(-1) ?? NaN,
      failed,
    },
    heavy: heavyStats,
  };
}

function report(label: string, r: PhaseResult): void {
  const s = r.small;
  console.log(
    `${label.padEnd(44)} small p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, max ${s.max.toFixed(1)} ms (${s.n} requests, ${s.failed} failed)`,
  );
  for (const [name, h] of Object.entries(r.heavy)) {
    console.log(
      `${''.padEnd(44)}   beside: ${name}: ${h.done} done, statuses ${JSON.stringify(h.statuses)}, p50 ${h.p50.toFixed(0)} ms`,
    );
  }
}

console.log(
  `latency: small = POST /api/v1/caesar/encrypt at ${RATE}/s for ${PHASE_MS / 1000} s per phase; heavy = ${HEAVY} client(s) looping a maximal vigenere/analyze + ${BULK} looping a 1000-item bulk solve`,
);
const pooled = await startService({ RATE_LIMIT: '1000000000' });
console.log(`service: ${pooled.output.join('').match(/"workers":\d+/)?.[0] ?? ''} (default pool size: cores - 1)`);
await phase(pooled, false); // warm-up
report('worker pool, small requests alone', await phase(pooled, false));
report('worker pool, beside heavy requests', await phase(pooled, true));
await pooled.stop();

if (CONTRAST) {
  const inline = await startService({ RATE_LIMIT: '1000000000', COMPUTE_WORKERS: '0' });
  await phase(inline, false);
  report('no pool (COMPUTE_WORKERS=0), beside heavy', await phase(inline, true));
  await inline.stop();
}
process.exit(0);
