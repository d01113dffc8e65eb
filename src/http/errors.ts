// REST error bodies: one JSON shape per status, statuses from an exhaustive map of tRPC error codes.
import type { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { fieldErrorsOf } from '../../routers/errors.js';

/** HTTP status of each tRPC error code on the REST surface; the compiler flags a missing code. */
export const REST_STATUS: Record<TRPC_ERROR_CODE_KEY, number> = {
  PARSE_ERROR: 400,
  BAD_REQUEST: 422,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  TIMEOUT: 408,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  PRECONDITION_REQUIRED: 428,
  TOO_MANY_REQUESTS: 429,
  CLIENT_CLOSED_REQUEST: 499,
  INTERNAL_SERVER_ERROR: 500,
  NOT_IMPLEMENTED: 501,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
};

/** The `error` label of each status the service answers with. */
export const ERROR_LABEL: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  499: 'Client Closed Request',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

const JSON_TYPE = 'application/json; charset=utf-8';
const JSON_HEADERS = { 'content-type': JSON_TYPE };

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

export function json(body: unknown, status = 200, headers?: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: headers ? { ...JSON_HEADERS, ...headers } : JSON_HEADERS,
  });
}

/** `{success:false, error, message}` for every failure but validation and the rate limit. */
export function errorReply(status: number, message: string, headers?: Record<string, string>): Reply {
  return jsonReply({ success: false, error: ERROR_LABEL[status] ?? 'Error', message }, status, headers);
}

export function errorResponse(status: number, message: string, headers?: Record<string, string>): Response {
  return errorReply(status, message, headers).toResponse();
}

export function validationResponse(errors: Record<string, string[]>): Response {
  return jsonReply({ success: false, error: 'Validation failed', errors }, 422).toResponse();
}

/** A REST reply for an error a procedure threw. */
export function restErrorReply(error: TRPCError): Reply {
  const errors = fieldErrorsOf(error);
  if (errors) return jsonReply({ success: false, error: 'Validation failed', errors }, 422);
  const status = REST_STATUS[error.code];
  // Unexpected failures say nothing about their cause to the client; 503s are our own words (busy, over budget).
  if (status >= 500 && status !== 503) return errorReply(status, 'The server could not complete the request.');
  return errorReply(status, error.message);
}

export function restErrorResponse(error: TRPCError): Response {
  return restErrorReply(error).toResponse();
}
