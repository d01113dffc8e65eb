// Entry point: reads the environment, builds the app and listens, on Node (through @elysiajs/node) or on Bun.
import { createApp } from './http/app.js';
import { configFromEnv } from './http/config.js';

const isBun = typeof (globalThis as { Bun?: unknown }).Bun !== 'undefined';

async function main(): Promise<void> {
  const config = configFromEnv();
  const adapter = isBun ? undefined : (await import('@elysiajs/node')).node();
  const app = createApp({ config, adapter });
  app.listen({ port: config.port, hostname: config.host, reusePort: false }, (server) => {
    console.log(
      JSON.stringify({
        event: 'listening',
        url: `http://${config.host}:${server?.port ?? config.port}`,
        runtime: isBun ? 'bun' : 'node',
        rate_limit: `${config.rateLimit}/${config.rateLimitWindowS}s`,
      }),
    );
  });
  const shutdown = (signal: string) => {
    console.log(JSON.stringify({ event: 'shutdown', signal }));
    Promise.resolve(app.stop())
      .catch(() => {})
      .finally(() => process.exit(0));
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
