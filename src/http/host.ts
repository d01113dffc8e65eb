// What the surfaces of one app share: settings, logger, context, client keys, the allowance, how a reply is sent.
import type { Context } from '../../routers/index.js';
import type { Log } from '../log.js';
import { type Reply, type ReplySink, writeReply } from './api/reply.js';
import type { ServiceConfig } from './config.js';
import type { Observer } from './observe.js';
import { DOCS_PATH } from './pages/docs-page.js';
import { type Allowance, rateLimitHeaders } from './rate-limit/allowance.js';
import { clientIp } from './rate-limit/client-ip.js';
import type { RateDecision } from './rate-limit/limiter.js';

export interface Host {
  config: ServiceConfig;
  log: Log;
  /** Each request's id, access-log line and metrics. */
  observer: Observer;
  /** The procedures' context, but for the client, which each request adds. */
  ctx: Context;
  allowance: Allowance;
  /** The rate-limit key of the request's client. */
  clientOf(request: Request): string;
  /** The docs page, absolute, for the 429 body: PUBLIC_URL, else where the service listens (never the Host header). */
  docsUrl(): string;
  /** Puts the reply and the decision's rate-limit headers on `set`; returns the body as the adapter wants it. */
  send(set: ReplySink, reply: Reply, decision: RateDecision | null): Uint8Array | string;
}

/**
 * The origin the service listens on, for links in answers when PUBLIC_URL is unset: set by the operator, unlike
 * the request's Host header, which the client writes. A wildcard address (0.0.0.0, ::) reads as localhost.
 */
function listeningOrigin(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

/**
 * `server()` is the listening server, read from the app when a request needs it, never from the route's context: a
 * handler that names `server` makes Elysia define a getter on every request's context. `adapterName`: Bun's and the
 * web-standard adapters send a string body with the content type on `set`; @elysiajs/node's labels every string
 * text/plain, so it is given bytes.
 */
export function createHost(
  parts: Pick<Host, 'config' | 'log' | 'observer' | 'ctx' | 'allowance'>,
  server: () => unknown,
  adapterName: string | undefined,
): Host {
  const { config } = parts;
  const stringBodies = adapterName !== '@elysiajs/node';
  return {
    ...parts,
    clientOf: (request) => clientIp(request, server(), config.trustProxy),
    docsUrl() {
      const port: number = (server() as { port?: number } | null)?.port ?? config.port;
      return `${config.publicUrl ?? listeningOrigin(config.host, port)}${DOCS_PATH}`;
    },
    send: (set, reply, decision) =>
      writeReply(set, reply, decision ? rateLimitHeaders(decision) : undefined, stringBodies),
  };
}
