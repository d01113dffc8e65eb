// A JSON answer before it is a Response (Reply), and how it is handed to Elysia or made a Response.

export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A JSON answer before it is a Response. The host hands it to Elysia as bytes with status and headers on
 * `set` (writeReply), so the adapter builds its own response once; a Response returned from a handler is
 * rebuilt by @elysiajs/node to merge the CORS headers and its body streamed through a web stream.
 */
export class Reply {
  constructor(
    readonly status: number,
    /** Serialised JSON. */
    readonly body: string,
    readonly headers?: Record<string, string>,
    /** The content type, when not REST's JSON (tRPC answers plain application/json). */
    readonly type: string = JSON_TYPE,
  ) {}

  toResponse(extra?: Record<string, string>): Response {
    return new Response(this.body, {
      status: this.status,
      headers: { 'content-type': this.type, ...this.headers, ...extra },
    });
  }
}

/** The slice of Elysia's `set` that writeReply fills. */
export interface ReplySink {
  status?: number | string;
  headers: Record<string, string | number>;
}

const encoder = new TextEncoder();

/**
 * Puts a reply's status and headers (then `extra`, e.g. the rate-limit headers) on Elysia's `set` and returns
 * the body: as the string itself where the adapter keeps the content type on `set` (Bun's, web-standard), as
 * bytes where it would label a string text/plain (@elysiajs/node).
 */
export function writeReply(
  set: ReplySink,
  reply: Reply,
  extra?: Record<string, string>,
  asString = false,
): Uint8Array | string {
  set.status = reply.status;
  const h = set.headers;
  h['content-type'] = reply.type;
  if (reply.headers) for (const k in reply.headers) h[k] = reply.headers[k] as string;
  if (extra) for (const k in extra) h[k] = extra[k] as string;
  return asString ? reply.body : encoder.encode(reply.body);
}

export function jsonReply(body: unknown, status = 200, headers?: Record<string, string>): Reply {
  return new Reply(status, JSON.stringify(body), headers);
}

/** A JSON Response at once (pages, 429s, Elysia's own errors), where no `set` is at hand. */
export function json(body: unknown, status = 200, headers?: Record<string, string>): Response {
  return jsonReply(body, status, headers).toResponse();
}
