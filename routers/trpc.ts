// The one tRPC instance: superjson, OpenAPI metadata, and validation errors exposed as a field map.
import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { ComputeService } from '../src/compute/compute.js';
import { type FieldErrors, fieldErrorsOf, RateLimitError } from './errors.js';
import { safeSuperjson } from './safe-superjson.js';

/** What the host tells the procedures about itself (only the health check needs it). */
export interface Context {
  health?: () => HealthReport;
  /** Where the solvers run; inline on the calling thread when absent. */
  compute?: ComputeService;
}

export interface HealthReport {
  status: 'ok' | 'degraded';
  version: string;
  uptime_s: number;
  rate_limit_store: 'memory' | 'redis';
}

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    transformer: safeSuperjson,
    // Stack traces never leave the process, whatever NODE_ENV says.
    isDev: false,
    errorFormatter({ shape, error }) {
      const errors: FieldErrors | null = fieldErrorsOf(error);
      if (errors) return { ...shape, message: 'Validation failed', data: { ...shape.data, errors } };
      if (error.cause instanceof RateLimitError) {
        return { ...shape, data: { ...shape.data, retryAfter: error.cause.retryAfterS } };
      }
      return shape;
    },
  });

export const router = t.router;
export const publicProcedure = t.procedure;
export const createCallerFactory = t.createCallerFactory;
