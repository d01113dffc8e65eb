// Preloaded (node --import) into a tool that must work offline: every network attempt is refused and reported on
// stderr as "NETWORK ATTEMPT", so a test can tell the tool tried even if it swallows the error.
import dns from 'node:dns';
import net from 'node:net';

const refuse = (what) => {
  process.stderr.write(`NETWORK ATTEMPT: ${what}\n`);
  throw new Error(`offline: ${what}`);
};

globalThis.fetch = async (input) => refuse(`fetch ${String(input?.url ?? input)}`);
net.Socket.prototype.connect = function connect(...args) {
  return refuse(`connect ${JSON.stringify(args[0])}`);
};
dns.lookup = (host) => refuse(`dns lookup ${host}`);
dns.promises.lookup = async (host) => refuse(`dns lookup ${host}`);
