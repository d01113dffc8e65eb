// The one tRPC instance: superjson, OpenAPI metadata, and validation errors exposed as a field map.
import { initTRPC, type TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { ComputeService } from '../src/compute/compute.js';
import { type FieldErrors, fieldErrorsOf, INVALID_JSON_BODY, INVALID_JSON_INPUT, RateLimitError } from './errors.js';
import { safeSuperjson } from './safe-superjson.js';

/** What the host tells the procedures about itself and about the request. */
export interface Context {
  /**
   * The host's health report (a HealthReport, routers/meta.ts). Typed `unknown` here because the client package's
   * declarations carry this interface and must not need zod; meta.health's output schema checks it on every call.
   */
  health?: () => unknown;
  /** Where the solvers run; inline on the calling thread when absent. */
  compute?: ComputeService;
  /** Who is asking (the rate limit's client key), so that the solvers' workers are shared fairly between clients. */
  client?: string;
  /** The request's id (X-Request-Id), which tRPC's error shapes carry in `data.requestId`. */
  requestId?: string;
}

/**
 * tRPC's error shape, plus the field→messages map of a validation failure (`data.errors`) and the seconds to wait
 * after the rate limit (`data.retryAfter`), and the request's id (`data.requestId`, from the context). Input that is not JSON gets REST's words for it: tRPC would pass on
 * JSON.parse's own text ("Unexpected end of JSON input"), which differs by runtime and says nothing of where.
 */
function errorFormatter<Shape extends { message: string; data: object }>(opts: {
  shape: Shape;
  error: TRPCError;
  type: string;
  ctx?: Context | undefined;
}) {
  const requestId = opts.ctx?.requestId;
  const shape = requestId === undefined ? opts.shape : { ...opts.shape, data: { ...opts.shape.data, requestId } };
  const { error, type } = opts;
  const errors: FieldErrors | null = fieldErrorsOf(error);
  if (errors) return { ...shape, message: 'Validation failed', data: { ...shape.data, errors } };
  // tRPC reads a call's input with JSON.parse and reports what it throws as a BAD_REQUEST caused by it; a query's
  // input is the URL's, a mutation's the body.
  if (error.code === 'BAD_REQUEST' && error.cause instanceof SyntaxError) {
    return { ...shape, message: type === 'query' ? INVALID_JSON_INPUT : INVALID_JSON_BODY };
  }
  if (error.cause instanceof RateLimitError) {
    const { retryAfterS, documentation } = error.cause;
    return { ...shape, data: { ...shape.data, retryAfter: retryAfterS, ...(documentation && { documentation }) } };
  }
  return shape;
}

/**
 * The options the instance is created with, exported so the HTTP layer can shape errors and serialise answers the
 * way tRPC's own adapter does (getTRPCErrorShape, transformTRPCResponse) without reading the router's internals.
 */
export const TRPC_OPTIONS = {
  transformer: safeSuperjson,
  // Stack traces never leave the process, whatever NODE_ENV says.
  isDev: false,
  errorFormatter,
};

const t = initTRPC.context<Context>().meta<OpenApiMeta>().create(TRPC_OPTIONS);

export const router = t.router;
export const publicProcedure = t.procedure;
export const createCallerFactory = t.createCallerFactory;
