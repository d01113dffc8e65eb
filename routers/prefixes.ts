// Where the two surfaces live: the REST path prefix and the tRPC endpoint, for the server and the client package alike.
// No imports: the client bundles this file, so the published package stays free of server code.

/** Every REST path is under this prefix, which carries the API version (`/api/v1/caesar/encrypt`). */
export const API_PREFIX = '/api/v1';

/** tRPC's endpoint: `/trpc/caesar.encrypt`, batches as `/trpc/a,b?batch=1`. */
export const TRPC_PREFIX = '/trpc';
