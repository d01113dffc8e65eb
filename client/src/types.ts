// Inputs and outputs of every procedure, inferred from the server's router type (a type-only import).
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../routers/index.js';
import type { CIPHER_NAMES, REST_ROUTES } from './catalog.js';

export type { AppRouter };

/** `CipherInputs['caesar']['encrypt']` is the body of POST /api/v1/caesar/encrypt, and so on. */
export type CipherInputs = inferRouterInputs<AppRouter>;
/** `CipherOutputs['vigenere']['analyze']` is the 200 body of POST /api/v1/vigenere/analyze, and so on. */
export type CipherOutputs = inferRouterOutputs<AppRouter>;

type Routes = typeof REST_ROUTES;

/** A cipher the service serves (`caesar`), as its registry names it. */
export type CipherName = (typeof CIPHER_NAMES)[number];

/** The procedure groups that transform or break text (POST on REST, mutations on tRPC), as the catalog routes them. */
export type CipherGroup = {
  [G in keyof Routes]: Routes[G][keyof Routes[G]] extends { method: 'POST' } ? G : never;
}[keyof Routes];

/** Field name (dotted for bulk items, e.g. `items.3.shift`) to its validation messages: the server's own type. */
export type { FieldErrors } from '../../routers/errors.js';

/** The rate-limit headers every limited REST response carries. */
export interface RateLimitInfo {
  limit: number;
  remaining: number;
  /**
   * Seconds until the window frees a request (X-RateLimit-Reset; 0 when it holds none); absent from a service that
   * does not send it.
   */
  reset?: number;
}
