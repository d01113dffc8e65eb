// Memory bench: 1,000,000 requests from 100,000 client addresses (TRUST_PROXY, X-Forwarded-For) through the app
// in-process; prints RSS before, during and after. Bounded in time. Usage: npm run bench:memory
// (env: MEMORY_REQUESTS=1000000 MEMORY_CLIENTS=100000 MEMORY_CONCURRENCY=64 MEMORY_MAX_S=900)
import { createApp } from '../../src/http/app.js';
import { RateLimiter } from '../../src/http/rate-limit/limiter.js';
import { MemoryStore } from '../../src/http/rate-limit/memory-store.js';

const TOTAL = Number(process.env.MEMORY_REQUESTS ?? 1_000_000);
const CLIENTS = Number(process.env.MEMORY_CLIENTS ?? 100_000);
const CONCURRENCY = Number(process.env.MEMORY_CONCURRENCY ?? 64);
const MAX_MS = Number(process.env.MEMORY_MAX_S ?? 900) * 1000;

const gc = (globalThis as { gc?: () => void }).gc;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const settle = async () => {
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((r) => setTimeout(r, 50));
  }
};

// The contract's limit: 60 per minute, so each address's 10 requests are all accepted and logged.
const store = new MemoryStore(60_000);
const limiter = new RateLimiter(60, 60, store);
const app = createApp({ config: { rateLimit: 60, rateLimitWindowS: 60, trustProxy: true }, limiter, log: () => {} });

/** 100,000 distinct addresses, IPv4 and IPv6 mixed, as a proxy would append them. */
const address = (i: number) =>
  i % 4 === 3
    ? `2001:db8::${(i >>> 16).toString(16)}:${(i & 0xffff).toString(16)}`
    : `10.${(i >>> 16) & 255}.${(i >>> 8) & 255}.${i & 255}`;
const BODY = JSON.stringify({ text: 'Hello, World!', shift: 3 });
const statuses = new Map<number, number>();

async function send(i: number): Promise<void> {
  const res = await app.handle(
    new Request('http://localhost/api/v1/caesar/encrypt', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.7, ${address(i % CLIENTS)}` },
      body: BODY,
    }),
  );
  await res.arrayBuffer();
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
}

// Warm-up from 1,000 addresses outside the measured set, long enough for V8 to size its heap for this load
// (its young generation alone grows by ~50 MB under load): the baseline is a warmed service, as in production.
const WARMUP = Number(process.env.MEMORY_WARMUP ?? 200_000);
for (let i = 0; i < WARMUP; i += CONCURRENCY) {
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, k) => send(CLIENTS + ((i + k) % 1000))));
}
store.sweep(Date.now() + 61_000);
statuses.clear();
const before = process.memoryUsage();
await settle();
const beforeGc = process.memoryUsage();
console.log(
  `memory: ${TOTAL} requests from ${CLIENTS} addresses (X-Forwarded-For, TRUST_PROXY on), in-process, ${CONCURRENCY} at a time, after ${WARMUP} warm-up requests`,
);
console.log(
  `before: RSS ${mb(before.rss)}; after a forced GC RSS ${mb(beforeGc.rss)}, heap used ${mb(beforeGc.heapUsed)}`,
);

const started = Date.now();
let sent = 0;
let peakRss = before.rss;
while (sent < TOTAL && Date.now() - started < MAX_MS) {
  const n = Math.min(CONCURRENCY, TOTAL - sent);
  await Promise.all(Array.from({ length: n }, (_, k) => send(sent + k)));
  sent += n;
  if (sent % 100_000 < CONCURRENCY) {
    const rss = process.memoryUsage().rss;
    peakRss = Math.max(peakRss, rss);
    console.log(
      `  ${sent} requests, ${((Date.now() - started) / 1000).toFixed(0)} s: RSS ${mb(rss)}, clients in the store ${store.clients}`,
    );
  }
}
const seconds = (Date.now() - started) / 1000;
const raw = process.memoryUsage();
peakRss = Math.max(peakRss, raw.rss);
await settle();
const after = process.memoryUsage();
console.log(
  `sent ${sent} in ${seconds.toFixed(0)} s (${(sent / seconds).toFixed(0)}/s); statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
);
console.log(
  `after:  RSS ${mb(raw.rss)} (peak ${mb(peakRss)}); after GC RSS ${mb(after.rss)}, heap used ${mb(after.heapUsed)}; clients in the store ${store.clients}`,
);
console.log(
  `RSS growth: ${mb(raw.rss - before.rss)} (peak ${mb(peakRss - before.rss)}); after a forced GC on both sides ${mb(after.rss - beforeGc.rss)}; live heap ${mb(after.heapUsed - beforeGc.heapUsed)}`,
);
store.sweep(Date.now() + 61_000);
await settle();
console.log(
  `once the window has passed and the store is swept: clients ${store.clients}, RSS ${mb(process.memoryUsage().rss)}, heap used ${mb(process.memoryUsage().heapUsed)}`,
);
await limiter.close();
process.exit(0);
