// The one error the REST client throws: status, field errors and retry delay read from any failure body.
import type { FieldErrors } from './types.js';

export interface CipherApiErrorInit {
  status: number;
  error: string;
  message: string;
  errors?: FieldErrors;
  retryAfter?: number;
  documentation?: string;
  body?: unknown;
  cause?: unknown;
}

/**
 * A request the service refused or could not answer. `status` is 0 when no response arrived (network
 * failure or abort); `errors` is empty except for 422; `retryAfter` is set for 429.
 */
export class CipherApiError extends Error {
  readonly status: number;
  /** The body's `error` label, e.g. "Validation failed" or "Too Many Requests". */
  readonly error: string;
  readonly errors: FieldErrors;
  /** Seconds until the service accepts another request (429 only). */
  readonly retryAfter: number | undefined;
  /** Where the rate limit is explained (429 only). */
  readonly documentation: string | undefined;
  /** The parsed response body, when there was one. */
  readonly body: unknown;

  constructor(init: CipherApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'CipherApiError';
    this.status = init.status;
    this.error = init.error;
    this.errors = init.errors ?? {};
    this.retryAfter = init.retryAfter;
    this.documentation = init.documentation;
    this.body = init.body;
  }

  get isValidation(): boolean {
    return this.status === 422;
  }

  get isRateLimited(): boolean {
    return this.status === 429;
  }
}

export function isCipherApiError(value: unknown): value is CipherApiError {
  return value instanceof CipherApiError;
}

const asRecord = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

function fieldErrors(v: unknown): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(asRecord(v))) {
    if (Array.isArray(messages)) out[field] = messages.map(String);
  }
  return out;
}

/** Builds the error for a non-2xx response from its status, Retry-After header and (maybe non-JSON) body. */
export function errorFromResponse(status: number, statusText: string, retryAfterHeader: string | null, body: unknown) {
  const b = asRecord(body);
  const errors = fieldErrors(b.errors);
  const first = Object.entries(errors)[0];
  const headerSeconds = retryAfterHeader === null ? Number.NaN : Number(retryAfterHeader);
  const retryAfter =
    typeof b.retry_after === 'number' ? b.retry_after : Number.isFinite(headerSeconds) ? headerSeconds : undefined;
  const label = typeof b.error === 'string' ? b.error : statusText || `HTTP ${status}`;
  const message =
    typeof b.message === 'string'
      ? b.message
      : first
        ? `${first[0]}: ${first[1].join(' ')}`
        : `${label} (HTTP ${status})`;
  return new CipherApiError({
    status,
    error: label,
    message,
    errors,
    retryAfter: status === 429 ? retryAfter : undefined,
    documentation: typeof b.documentation === 'string' ? b.documentation : undefined,
    body,
  });
}
