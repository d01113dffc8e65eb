// The one tRPC instance: superjson, OpenAPI metadata, and validation errors exposed as a field map.
import { initTRPC, type TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { ComputeService } from '../src/compute/compute.js';
import { type FieldErrors, fieldErrorsOf, RateLimitError } from './errors.js';
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
}

/**
 * tRPC's error shape, plus the field→messages map of a validation failure (`data.errors`) and the seconds to wait
 * after the rate limit (`data.retryAfter`).
 */
function errorFormatter<Shape extends { message: string; data: object }>({
  shape,
  error,
}: {
  shape: Shape;
  error: TRPCError;
}) {
  const errors: FieldErrors | null = fieldErrorsOf(error);
  if (errors) return { ...shape, message: 'Validation failed', data: { ...shape.data, errors } };
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
