// The client address the rate limit counts against: the socket's, or X-Forwarded-For behind a trusted proxy.

interface BunLikeServer {
  requestIP?: (request: Request) => { address: string } | null;
}

export function clientIp(request: Request, server: unknown, trustProxy: boolean): string {
  if (trustProxy) {
    const xff = request.headers.get('x-forwarded-for');
    if (xff) {
      // The right-most entry was added by our own proxy; entries left of it are the client's to forge.
      const last = xff.split(',').pop()?.trim();
      if (last) return last;
    }
  }
  // srvx (under @elysiajs/node) puts the socket address on the request.
  const ip = (request as Request & { ip?: unknown }).ip;
  if (typeof ip === 'string' && ip) return ip;
  try {
    const address = (server as BunLikeServer | null)?.requestIP?.(request)?.address;
    if (address) return address;
  } catch {
    // The Node adapter's requestIP throws; the address above is used there.
  }
  return 'unknown';
}
