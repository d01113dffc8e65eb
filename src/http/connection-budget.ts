// A cap on the server's open connections that makes room for a newcomer by shedding the oldest one still waiting.
import type { Socket } from 'node:net';

/**
 * Every open connection, and in the order they started waiting those on which no request is running: new ones
 * whose headers have not all arrived, and kept-alive ones between requests. At the cap a new connection costs the
 * connection that has waited longest (a slow or silent client, or an idle keep-alive one its client can reopen), so
 * a new client is served; only when every connection has a request running is the newcomer closed instead.
 */
export class ConnectionBudget {
  private readonly open = new Set<Socket>();
  /** Requests running per connection (pipelined ones overlap); a connection absent here is waiting. */
  private readonly running = new Map<Socket, number>();
  /** Waiting connections, oldest first (a Set keeps insertion order). */
  private readonly waiting = new Set<Socket>();
  /** Connections closed to make room, since the start. */
  shed = 0;

  constructor(readonly max: number) {}

  get size(): number {
    return this.open.size;
  }

  /** Takes a new connection in, shedding the longest-waiting one at the cap; false (and closed) when none can go. */
  admit(socket: Socket): boolean {
    if (this.open.size >= this.max) {
      const oldest = this.waiting.values().next();
      if (oldest.done) {
        socket.destroy();
        return false;
      }
      this.forget(oldest.value);
      oldest.value.destroy();
      this.shed++;
    }
    this.open.add(socket);
    this.waiting.add(socket);
    socket.once('close', () => this.forget(socket));
    return true;
  }

  /** A request on the connection has arrived whole: it is no longer one to shed. */
  started(socket: Socket): void {
    if (!this.open.has(socket)) return;
    this.waiting.delete(socket);
    this.running.set(socket, (this.running.get(socket) ?? 0) + 1);
  }

  /** A request's answer is done: with none left running, the connection waits again, as the newest. */
  finished(socket: Socket): void {
    const n = (this.running.get(socket) ?? 0) - 1;
    if (n > 0) {
      this.running.set(socket, n);
      return;
    }
    this.running.delete(socket);
    if (this.open.has(socket) && !socket.destroyed) this.waiting.add(socket);
  }

  private forget(socket: Socket): void {
    this.open.delete(socket);
    this.waiting.delete(socket);
    this.running.delete(socket);
  }
}
