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
  499: 'Client Closed Request',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

export function json(body: unknown, status = 200, headers?: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: headers ? { ...JSON_HEADERS, ...headers } : JSON_HEADERS,
  });
}

/** `{success:false, error, message}` for every failure but validation and the rate limit. */
export function errorResponse(status: number, message: string, headers?: Record<string, string>): Response {
  return json({ success: false, error: ERROR_LABEL[status] ?? 'Error', message }, status, headers);
}

export function validationResponse(errors: Record<string, string[]>): Response {
  return json({ success: false, error: 'Validation failed', errors }, 422);
}

/** A REST response for an error a procedure threw. */
export function restErrorResponse(error: TRPCError): Response {
  const errors = fieldErrorsOf(error);
  if (errors) return validationResponse(errors);
  const status = REST_STATUS[error.code];
  // Unexpected failures say nothing about their cause to the client; 503s are our own words (busy, over budget).
  if (status >= 500 && status !== 503) return errorResponse(status, 'The server could not complete the request.');
  return errorResponse(status, error.message);
}
