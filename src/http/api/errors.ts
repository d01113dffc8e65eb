// REST error bodies: zod schemas that type the error replies and become the OpenAPI document's error components;
// statuses from an exhaustive map of tRPC error codes.
import type { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { z } from 'zod';
import { type FieldErrors, fieldErrorsOf, INVALID_JSON_BODY } from '../../../routers/errors.js';
import { API_PREFIX } from '../../../routers/prefixes.js';
import { DOCS_PATH } from '../pages/docs-page.js';
import { json, jsonReply, Reply } from './reply.js';

/** HTTP status of each tRPC error code on the REST surface; the compiler flags a missing code. */
const REST_STATUS = {
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
} as const satisfies Record<TRPC_ERROR_CODE_KEY, number>;

/** Every status the service fails with: those of the tRPC codes, and 431 (headers too large, from Node's parser). */
export type ErrorStatus = (typeof REST_STATUS)[TRPC_ERROR_CODE_KEY] | 431;

/** The `error` label of each status the service answers with; the compiler flags a missing one. */
export const ERROR_LABEL: Readonly<Record<number, string>> = {
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
} satisfies Record<ErrorStatus, string>;

const failure = z.literal(false).meta({ description: 'Always false on failure.', example: false });

const REQUEST_ID_EXAMPLE = '0f8c2a5e-3b1d-4e8a-9c57-2d6b1e4f7a90';

/** Every error body names its request, as X-Request-Id does (src/http/observe.ts), for a complaint to be matched. */
const requestId = z.string().meta({
  description: "This request's id, as in the X-Request-Id header (the client's own when it sent a valid one).",
  example: REQUEST_ID_EXAMPLE,
});

/** Field name (dotted for bulk items, e.g. items.3.shift) to its messages. */
const fieldErrors: z.ZodType<FieldErrors> = z.record(z.string(), z.array(z.string())).meta({
  description: 'Maps a field name (dotted for bulk items, e.g. items.3.shift) to its messages.',
  example: { shift: ['The shift must be between -25 and 25.'] },
});

export const validationErrorBody = z
  .object({
    success: failure,
    error: z.literal('Validation failed').meta({ description: 'Always "Validation failed".' }),
    errors: fieldErrors,
    request_id: requestId,
  })
  .meta({
    description: 'A field failed validation (422). Every failing field is reported at once.',
    example: {
      success: false,
      error: 'Validation failed',
      errors: { shift: ['The shift must be between -25 and 25.'] },
      request_id: REQUEST_ID_EXAMPLE,
    },
  });

export const errorBody = z
  .object({
    success: failure,
    error: z.string().meta({ description: 'The status text, e.g. Bad Request.', example: 'Bad Request' }),
    message: z.string().meta({ description: 'What went wrong, in a sentence.', example: INVALID_JSON_BODY }),
    request_id: requestId,
  })
  .meta({
    description: 'Any other failure: 400, 404, 405, 413, 415, 431, 500 or 503. Never holds a stack trace.',
    example: { success: false, error: 'Bad Request', message: INVALID_JSON_BODY, request_id: REQUEST_ID_EXAMPLE },
  });

const DOCS_EXAMPLE = `http://localhost:3000${API_PREFIX}/docs`;

export const rateLimitBody = z
  .object({
    error: z.literal('Too Many Requests').meta({ description: 'Always "Too Many Requests".' }),
    message: z.string().meta({
      description: 'The limit in words.',
      example: 'Rate limit exceeded. You can make up to 60 requests per minute.',
    }),
    retry_after: z.int().min(1).meta({
      description: 'Seconds until a request would be accepted (also in the Retry-After header).',
      example: 42,
    }),
    documentation: z.url().meta({
      description: 'This API reference: PUBLIC_URL, or the address the service listens on.',
      example: DOCS_EXAMPLE,
    }),
    request_id: requestId,
  })
  .meta({
    description: 'The client made too many requests in the rolling window (429). Carries no success field.',
    example: {
      error: 'Too Many Requests',
      message: 'Rate limit exceeded. You can make up to 60 requests per minute.',
      retry_after: 42,
      documentation: DOCS_EXAMPLE,
      request_id: REQUEST_ID_EXAMPLE,
    },
  });

type ValidationErrorBody = z.output<typeof validationErrorBody>;
type ErrorBody = z.output<typeof errorBody>;
export type RateLimitBody = z.output<typeof rateLimitBody>;

/** The error bodies as the OpenAPI document names them. */
export const ERROR_BODIES = { ValidationError: validationErrorBody, Error: errorBody, RateLimitError: rateLimitBody };

/** What a body says before the request's id is added (withRequestId). */
type WithoutId<T> = Omit<T, 'request_id'>;

/** `{success:false, error, message}` for every failure but validation and the rate limit. */
export function errorReply(status: ErrorStatus, message: string, headers?: Record<string, string>): Reply {
  const body: WithoutId<ErrorBody> = { success: false, error: ERROR_LABEL[status] as string, message };
  return jsonReply(body, status, headers);
}

/**
 * An error reply with the request's id as its body's last field. Success bodies are left as they are (the id is in
 * the header; their schemas are the operations'); so are bodies that are not a JSON object (tRPC's batches).
 */
export function withRequestId(reply: Reply, id: string): Reply {
  const { body } = reply;
  if (reply.status < 400 || body[0] !== '{' || body.length < 3) return reply;
  const text = `${body.slice(0, -1)},"request_id":${JSON.stringify(id)}}`;
  return new Reply(reply.status, text, reply.headers, reply.type);
}

export function errorResponse(status: ErrorStatus, message: string, headers?: Record<string, string>): Response {
  return errorReply(status, message, headers).toResponse();
}

/** The 429 answer: the contract's body (no success field) with the rate-limit headers. */
export function rateLimitResponse(body: RateLimitBody, headers: Record<string, string>): Response {
  return json(body, 429, headers);
}

/** What an unexpected failure tells the client: nothing of its cause. */
export const INTERNAL_MESSAGE = 'The server could not complete the request.';

/** The 404 of a request that reaches nothing: its method and path, as the client sent them, and where to look. */
export function noEndpoint(method: string, path: string): Reply {
  return errorReply(404, `No endpoint at ${method} ${path}. The endpoints are listed at ${DOCS_PATH}.`);
}

/** A REST reply for an error a procedure threw. */
export function restErrorReply(error: TRPCError): Reply {
  const errors = fieldErrorsOf(error);
  if (errors) {
    const body: WithoutId<ValidationErrorBody> = { success: false, error: 'Validation failed', errors };
    return jsonReply(body, 422);
  }
  const status = REST_STATUS[error.code];
  // Unexpected failures say nothing about their cause to the client; 503s are our own words (busy, over budget).
  if (status >= 500 && status !== 503) return errorReply(status, INTERNAL_MESSAGE);
  return errorReply(status, error.message);
}
