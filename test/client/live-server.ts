// The real service on Node or Bun on a free port, for the client tests that talk to it over HTTP.
import { type Runtime, startService } from '../../scripts/lib/service-process.js';

export { ROOT, type Runtime } from '../../scripts/lib/service-process.js';

export interface LiveServer {
  url: string;
  runtime: Runtime;
  output: string[];
  stop(): Promise<void>;
}

export function startServer(runtime: Runtime = 'node', env: Record<string, string> = {}): Promise<LiveServer> {
  return startService({ runtime, env: { RATE_LIMIT: '100000', ...env } });
}
