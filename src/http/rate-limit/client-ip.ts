// The client the rate limit counts against: a valid address (IPv6 by its /64), from the socket or a trusted proxy.
import { isIPv4, isIPv6 } from 'node:net';

interface BunLikeServer {
  requestIP?: (request: Request) => { address: string } | null;
}

/** The key of requests whose address is unknown (no socket address: an in-process app.handle call). */
const UNKNOWN_CLIENT = 'unknown';

/**
 * The rate-limit key of an address, or null when it is not one: IPv4 as it is (an IPv4-mapped IPv6 address as its
 * IPv4), IPv6 by its /64 prefix, since one subscriber is handed a whole /64 and could otherwise spend a fresh
 * allowance per address. A port (`1.2.3.4:5678`, `[::1]:80`, as some proxies write them) and a zone (`%eth0`)
 * are dropped. Keys are at most 39 characters, whatever a header held.
 */
export function clientKey(raw: string): string | null {
  let s = raw.trim();
  if (s.length > 64) return null;
  if (s.startsWith('[')) {
    const end = s.indexOf(']');
    if (end < 0) return null;
    s = s.slice(1, end);
  } else if (s.indexOf(':') > 0 && s.indexOf(':') === s.lastIndexOf(':') && isIPv4(s.slice(0, s.indexOf(':')))) {
    s = s.slice(0, s.indexOf(':'));
  }
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (isIPv4(s)) return s;
  if (!isIPv6(s)) return null;
  const groups = ipv6Groups(s);
  // ::ffff:a.b.c.d is an IPv4 client behind a dual-stack socket.
  if (groups[0] === 0 && groups[1] === 0 && groups[2] === 0 && groups[3] === 0 && groups[4] === 0) {
    if (groups[5] === 0xffff) {
      const [hi, lo] = [groups[6] as number, groups[7] as number];
      return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
    }
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (an embedded IPv4 tail read as its two groups). */
function ipv6Groups(address: string): number[] {
  let s = address;
  const lastColon = s.lastIndexOf(':');
  if (s.indexOf('.', lastColon) > 0) {
    const [a, b, c, d] = s
      .slice(lastColon + 1)
      .split('.')
      .map(Number) as [number, number, number, number];
    s = `${s.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const gap = s.indexOf('::');
  if (gap < 0) return parse(s);
  const left = parse(s.slice(0, gap));
  const right = parse(s.slice(gap + 2));
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The client key of a request. Behind a trusted proxy, the right-most X-Forwarded-For entry (the one our own proxy
 * added; entries left of it are the client's to forge) when it is a valid address; otherwise the socket's address
 * (a junk header then counts against the proxy itself, never as a client of its own).
 */
export function clientIp(request: Request, server: unknown, trustProxy: boolean): string {
  if (trustProxy) {
    const xff = request.headers.get('x-forwarded-for');
    if (xff) {
      const key = clientKey(xff.slice(xff.lastIndexOf(',') + 1));
      if (key) return key;
    }
  }
  return socketKey(request, server) ?? UNKNOWN_CLIENT;
}

function socketKey(request: Request, server: unknown): string | null {
  // srvx (under @elysiajs/node) puts the socket address on the request.
  const ip = (request as Request & { ip?: unknown }).ip;
  if (typeof ip === 'string' && ip) return clientKey(ip);
  try {
    const address = (server as BunLikeServer | null)?.requestIP?.(request)?.address;
    if (address) return clientKey(address);
  } catch {
    // The Node adapter's requestIP throws; the address above is used there.
  }
  return null;
}
