// The playground's one REST client (same origin), which keeps the footer's count of requests left up to date.
import { createRestClient, type RateLimitInfo } from '@cipher-service/client';
import { $ } from './dom.js';

const quota = $('quota');

export const api = createRestClient({
  baseUrl: '',
  onRateLimit: ({ remaining, limit }: RateLimitInfo) => {
    quota.textContent = `Requests left right now: ${remaining} of ${limit}.`;
  },
});

export type Api = typeof api;
