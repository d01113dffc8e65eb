// The yardstick: a bare Elysia route doing the same JSON work as caesar/encrypt, with no tRPC, zod or limiter.
import { bareApp } from './bare-app.js';

const isBun = typeof (globalThis as { Bun?: unknown }).Bun !== 'undefined';
const port = Number(process.env.PORT ?? 3100);
const adapter = isBun ? undefined : (await import('@elysiajs/node')).node();
bareApp(adapter).listen({ port, hostname: '127.0.0.1' }, () =>
  console.log(JSON.stringify({ event: 'listening', port })),
);
