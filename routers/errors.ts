// Field-level validation errors: one map from field name to messages, shared by REST and tRPC error bodies.
import { TRPCError } from '@trpc/server';

export type FieldErrors = Record<string, string[]>;

/** What both surfaces say of a request body that is not JSON: REST's 400 and tRPC's BAD_REQUEST. */
export const INVALID_JSON_BODY = 'The request body is not valid JSON.';

/** The same of a tRPC query's input, which travels in the URL's `input` parameter rather than in a body. */
export const INVALID_JSON_INPUT = 'The input query parameter is not valid JSON.';

/** A validation failure found after parsing (e.g. by a solver), carried as a tRPC BAD_REQUEST cause. */
export class FieldValidationError extends Error {
  constructor(readonly errors: FieldErrors) {
    super(Object.values(errors)[0]?.[0] ?? 'Validation failed');
    this.name = 'FieldValidationError';
  }
}

export function invalidField(field: string, message: string): TRPCError {
  return new TRPCError({ code: 'BAD_REQUEST', message, cause: new FieldValidationError({ [field]: [message] }) });
}

interface IssueLike {
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>;
  message: string;
  /** zod's code; an `invalid_value` issue of an enum carries the values it allows. */
  code?: string;
  values?: readonly unknown[];
}

/**
 * What an issue's field allows, as the second message of its list (shared/CONTRACT.md: "Use one of: basic,
 * polish, …"): for a value outside a set of names, the set the schema itself declares.
 */
function allowedOf(issue: IssueLike): string | undefined {
  if (issue.code !== 'invalid_value' || !issue.values?.every((v) => typeof v === 'string')) return undefined;
  return issue.values.length > 1 ? `Use one of: ${issue.values.join(', ')}.` : undefined;
}

function hasIssues(e: unknown): e is { issues: IssueLike[] } {
  return typeof e === 'object' && e !== null && Array.isArray((e as { issues?: unknown }).issues);
}

/** Dotted field key of an issue (`items.3.shift`); the whole body is `body`. */
function issueKey(issue: IssueLike): string {
  const parts = (issue.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p));
  return parts.length ? parts.join('.') : 'body';
}

/** The field→messages map behind a validation failure, or null for any other error. */
export function fieldErrorsOf(error: TRPCError): FieldErrors | null {
  if (error.code !== 'BAD_REQUEST') return null;
  const cause = error.cause;
  if (cause instanceof FieldValidationError) return cause.errors;
  if (!hasIssues(cause)) return null;
  const out: FieldErrors = Object.create(null);
  for (const issue of cause.issues) {
    const key = issueKey(issue);
    const list = out[key] ?? [];
    for (const message of [issue.message, allowedOf(issue)])
      if (message !== undefined && !list.includes(message)) list.push(message);
    out[key] = list;
  }
  return out;
}

/** The cause of a TOO_MANY_REQUESTS error, so tRPC clients see when to retry and where the limits are explained. */
export class RateLimitError extends Error {
  constructor(
    message: string,
    readonly retryAfterS: number,
    /** The API reference's absolute address, as the REST 429 body gives it. */
    readonly documentation?: string,
  ) {
    super(message);
    this.name = 'RateLimitError';
  }
}
