// Reads a request body as UTF-8 text, refusing it as soon as it passes the size cap.

export const MAX_BODY_BYTES = 1024 * 1024;

export type BodyResult = { ok: true; text: string } | { ok: false; status: 400 | 413; message: string };

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The Node request under an @elysiajs/node (srvx) Request, when its body has not been touched yet. */
interface NodeBody {
  on(event: string, listener: (arg: never) => void): unknown;
  off(event: string, listener: (arg: never) => void): unknown;
  pause(): unknown;
  readableDidRead?: boolean;
}

function nodeBodyOf(request: Request): NodeBody | undefined {
  const req = (request as Request & { runtime?: { node?: { req?: unknown } } }).runtime?.node?.req as
    | NodeBody
    | undefined;
  return req && typeof req.on === 'function' && req.readableDidRead === false ? req : undefined;
}

const tooLargeResult = (maxBytes: number): BodyResult => ({
  ok: false,
  status: 413,
  message: `The request body must not be larger than ${maxBytes} bytes.`,
});
const unreadable: BodyResult = { ok: false, status: 400, message: 'The request body could not be read.' };

export async function readBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<BodyResult> {
  const lengthHeader = request.headers.get('content-length');
  const declared = Number(lengthHeader);
  if (Number.isFinite(declared) && declared > maxBytes) return tooLargeResult(maxBytes);
  // On Node, srvx would wrap the socket stream in a web stream for request.body; read the Node stream itself.
  const node = nodeBodyOf(request);
  if (node) return readNodeBody(node, maxBytes);
  // A declared length is enforced by the server's HTTP parser: the body can be read whole (Bun's fast path),
  // without touching request.body, which would build a stream first.
  if (lengthHeader !== null && !request.headers.has('transfer-encoding')) {
    try {
      return decode(new Uint8Array(await request.arrayBuffer()));
    } catch {
      return unreadable;
    }
  }
  if (!request.body) return { ok: true, text: '' };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        // Stop reading at once: the rest of an oversized body is never buffered.
        reader.cancel().catch(() => {});
        return tooLargeResult(maxBytes);
      }
      chunks.push(value);
    }
  } catch {
    return unreadable;
  }
  return decode(chunks.length === 1 ? (chunks[0] as Uint8Array) : concat(chunks, total));
}

function readNodeBody(req: NodeBody, maxBytes: number): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Uint8Array[] = [];
    let total = 0;
    const finish = (result: BodyResult) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      resolve(result);
    };
    const onData = (chunk: Uint8Array) => {
      total += chunk.byteLength;
      if (total > maxBytes) {
        // Stop reading at once: the rest of an oversized body is never buffered (Node discards it).
        req.pause();
        finish(tooLargeResult(maxBytes));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish(decode(chunks.length === 1 ? (chunks[0] as Uint8Array) : concat(chunks, total)));
    const onError = () => finish(unreadable);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

function decode(bytes: Uint8Array): BodyResult {
  try {
    return { ok: true, text: decoder.decode(bytes) };
  } catch {
    return { ok: false, status: 400, message: 'The request body is not valid UTF-8.' };
  }
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.byteLength;
  }
  return out;
}

/** True for application/json and application/*+json, with or without parameters. */
export function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const type = value.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}
