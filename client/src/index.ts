// The client package: a typed tRPC client and a typed REST client for the cipher service, sharing one set of types.

export { isTRPCClientError, TRPCClientError } from '@trpc/client';
export { CIPHER_NAMES } from './catalog.js';
export { CipherApiError, type CipherApiErrorInit, isCipherApiError } from './errors.js';
export {
  API_PREFIX,
  type CallOptions,
  createRestClient,
  REST_ENDPOINTS,
  type RestClient,
  type RestClientOptions,
} from './rest.js';
export { type CipherClient, type CipherClientOptions, createCipherClient, retryAfterOf } from './trpc.js';
export type {
  AppRouter,
  CipherGroup,
  CipherInputs,
  CipherName,
  CipherOutputs,
  FieldErrors,
  RateLimitInfo,
} from './types.js';
