// Reads a request body as UTF-8 text, refusing it as soon as it passes the size cap.

export const MAX_BODY_BYTES = 1024 * 1024;

export type BodyResult = { ok: true; text: string } | { ok: false; status: 400 | 413; message: string };

const decoder = new TextDecoder('utf-8', { fatal: true });

export async function readBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<BodyResult> {
  const tooLarge = {
    ok: false,
    status: 413,
    message: `The request body must not be larger than ${maxBytes} bytes.`,
  } as const;
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) return tooLarge;
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
        return tooLarge;
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, status: 400, message: 'The request body could not be read.' };
  }
  const bytes = chunks.length === 1 ? (chunks[0] as Uint8Array) : concat(chunks, total);
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
