// Where the two surfaces live: the REST path prefix and the tRPC endpoint, for the server and the client package alike.
// The client package gets both through its generated catalog (client/src/catalog.ts, npm run build:catalog).

/** Every REST path is under this prefix, which carries the API version (`/api/v1/caesar/encrypt`). */
export const API_PREFIX = '/api/v1';

/** tRPC's endpoint: `/trpc/caesar.encrypt`, batches as `/trpc/a,b?batch=1`. */
export const TRPC_PREFIX = '/trpc';
