// Node's HTTP server held to the service's promises: bounded connection times, connections in all and per address.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ERROR_LABEL, type ErrorStatus, errorReply, withRequestId } from './api/errors.js';
import { JSON_TYPE } from './api/reply.js';
import type { ServiceConfig } from './config.js';
import { ConnectionBudget } from './connection-budget.js';
import { connectionBudget, fileLimit } from './file-limit.js';
import { REQUEST_ID_HEADER, requestIdFrom } from './observe.js';
import { clientKey } from './rate-limit/client-ip.js';

/** What Node's server is held to (from ServiceConfig; the defaults are in DEFAULT_CONFIG). */
export type NodeLimits = Pick<
  ServiceConfig,
  'headersTimeoutMs' | 'requestTimeoutMs' | 'idleTimeoutMs' | 'connectionsPerAddress' | 'trustProxy' | 'maxConnections'
>;

/**
 * How long a connection refused by Node's parser (400, 408, 431) stays open after its answer is written, before it is
 * closed outright. A reading client has its answer by then (closing a socket with unread input resets the connection,
 * which can cost the client an answer still on its way); one that keeps writing and never reads no longer holds the
 * connection half-open for as long as it writes.
 */
const ANSWER_LINGER_MS = 1000;

/** The connection budget MAX_CONNECTIONS asks for: unset, from the file limit; 0, none. */
export function resolveMaxConnections(setting: number | undefined, limit = fileLimit): number | undefined {
  if (setting === 0) return undefined;
  return setting ?? connectionBudget(limit());
}

/**
 * Connections of one address whose answers have stopped flowing (the send buffer is full: the client is not reading)
 * past which that address's new requests are refused: each holds up to one answer in memory until it is read or the
 * idle timeout closes the connection.
 */
const STALLED_PER_ADDRESS = 3;

/**
 * Options for http.createServer (srvx passes its `node` options there): the whole request (headers and body) must
 * arrive within requestTimeoutMs and the headers within headersTimeoutMs, a connection that sends nothing counting
 * from its start. Node checks both only every connectionsCheckingInterval (30 s by default, so a 10 s limit held up
 * to 40 s): once a second here.
 */
export function nodeServerOptions(limits: NodeLimits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    headersTimeout: limits.headersTimeoutMs,
    connectionsCheckingInterval: 1000,
    keepAliveTimeout: 5000,
  };
}

/**
 * The contract's error body (errorReply's, naming the request's id), with the head of a connection that closes after
 * it. `own`: the X-Request-Id the request sent, when Node parsed one.
 */
function jsonError(
  status: ErrorStatus,
  message: string,
  own?: string | string[],
): { head: Record<string, string | number>; body: string } {
  const id = requestIdFrom(typeof own === 'string' ? own : undefined);
  const { body } = withRequestId(errorReply(status, message), id);
  return {
    head: {
      'content-type': JSON_TYPE,
      'content-length': Buffer.byteLength(body),
      'x-content-type-options': 'nosniff',
      [REQUEST_ID_HEADER]: id,
      connection: 'close',
    },
    body,
  };
}

/**
 * Hardens the server srvx made, through Node's own API: the idle timeout (a connection on which nothing moves
 * either way, such as a client that stopped reading its answer, is closed), a cap on connections per address, a
 * refusal of new requests from an address that has stopped reading its earlier answers, and JSON bodies for
 * what srvx (a request target it cannot parse) or Node's parser (malformed HTTP, headers over 16 KiB, time-outs)
 * would answer with an empty body. `handler` is srvx's request listener, which this one wraps.
 *
 * Behind a trusted proxy every connection comes from the proxy: the per-address caps are then the proxy's job. The
 * budget of all connections (below the file limit, so accept() never fails) holds everywhere; it is returned.
 */
export function hardenNodeServer(
  server: Server,
  handler: (req: IncomingMessage, res: ServerResponse) => unknown,
  limits: NodeLimits,
): ConnectionBudget | undefined {
  const perAddress = !limits.trustProxy;
  const sockets = new Map<string, Set<Socket>>();
  const max = resolveMaxConnections(limits.maxConnections);
  const budget = max === undefined ? undefined : new ConnectionBudget(max);
  // Node destroys a timed-out socket only when nothing listens for the timeout; say it outright.
  server.timeout = limits.idleTimeoutMs;
  server.on('timeout', (socket: Socket) => socket.destroy());

  server.on('connection', (socket: Socket) => {
    if (perAddress && !admitPerAddress(socket)) return;
    budget?.admit(socket);
  });

  /** False (and the socket closed) when its address already has its share of connections. */
  const admitPerAddress = (socket: Socket): boolean => {
    const key = clientKey(socket.remoteAddress ?? '') ?? 'unknown';
    let open = sockets.get(key);
    if (!open) {
      open = new Set();
      sockets.set(key, open);
    }
    if (limits.connectionsPerAddress > 0 && open.size >= limits.connectionsPerAddress) {
      socket.destroy();
      return false;
    }
    open.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      if (open.size === 0 && sockets.get(key) === open) sockets.delete(key);
    });
    return true;
  };

  /** Connections of the socket's address whose client has stopped reading what it asked for. */
  const stalledAt = (socket: Socket): number => {
    const open = perAddress ? sockets.get(clientKey(socket.remoteAddress ?? '') ?? 'unknown') : undefined;
    let stalled = 0;
    if (open) for (const s of open) if (s.writableNeedDrain) stalled++;
    return stalled;
  };

  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (budget) {
      const socket = req.socket;
      budget.started(socket);
      res.once('close', () => budget.finished(socket));
    }
    const url = req.url ?? '/';
    let refusal: [ErrorStatus, string] | undefined;
    if (url[0] !== '/' && url !== '*' && !URL.canParse(url)) {
      refusal = [400, 'The request target is not a valid URL.'];
    } else if (req.socket.writableNeedDrain || stalledAt(req.socket) >= STALLED_PER_ADDRESS) {
      refusal = [503, 'Earlier answers to this address have not been read yet; read them before sending more.'];
    }
    if (!refusal) return handler(req, res);
    const { head, body } = jsonError(...refusal, req.headers[REQUEST_ID_HEADER.toLowerCase()]);
    res.writeHead(refusal[0], head).end(body);
  });

  // Node's parser refuses some requests before any listener sees them, with an empty body; answer in JSON.
  server.on('clientError', (error: Error & { code?: string }, socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') return socket.destroy();
    const [status, message]: [ErrorStatus, string] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request line or headers are larger than 16 KiB.']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'The request took too long to arrive.']
          : [400, 'The request is not valid HTTP.'];
    const { head, body } = jsonError(status, message);
    const lines = Object.entries(head).map(([k, v]) => `${k}: ${v}\r\n`);
    socket.end(`HTTP/1.1 ${status} ${ERROR_LABEL[status]}\r\n${lines.join('')}\r\n${body}`);
    // end() only half-closes: a client that keeps writing would hold the connection open (FIN-WAIT-2) forever.
    setTimeout(() => socket.destroy(), ANSWER_LINGER_MS).unref();
  });
  return budget;
}
