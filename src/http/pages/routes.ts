// The page routes: playground, API reference, their files, the OpenAPI document, under a page allowance of their own.
import type { Elysia } from 'elysia';
import { appRouter, GROUPS } from '../../../routers/index.js';
import { json, type ReplySink } from '../api/reply.js';
import { cors } from '../cors.js';
import type { Host } from '../host.js';
import { observed } from '../observe.js';
import { buildOpenApiDocument } from '../openapi.js';
import { refusal } from '../rate-limit/allowance.js';
import { type RateDecision, RateLimiter } from '../rate-limit/limiter.js';
import { DOCS_PATH, DOCS_SCRIPT_PATH, docsPage, OPENAPI_PATH } from './docs-page.js';
import { docsScript, playgroundAsset, playgroundIndex } from './static.js';

/**
 * Pages are not API calls and carry no rate-limit headers, but each is counted against a page allowance of its own
 * (pageRateLimit per window; the memory store, per instance): a request of a hundred bytes fetches up to 1.5 MB, so
 * free must still be bounded. The OpenAPI document and the docs page are built on first request, once.
 */
export function mountPages(app: Elysia, host: Host): void {
  const { config } = host;
  const pageLimiter = new RateLimiter(config.pageRateLimit, config.rateLimitWindowS);
  const message = `Too many page loads. You can load up to ${pageLimiter.describe().replace('requests', 'pages and files')}.`;
  /** A page's route, labelled `name` in the metrics and the access log. */
  const page = (name: string, answer: (request: Request) => Response) =>
    observed(host.observer, 'page', (request: Request, set: ReplySink, exchange) => {
      cors(set);
      exchange.route = name;
      exchange.client = host.clientOf(request);
      const decision = pageLimiter.take(exchange.client) as RateDecision;
      if (decision.allowed) return answer(request);
      host.observer.refused('page');
      const headers = { 'Retry-After': String(decision.retryAfterS) };
      return refusal(message, decision, host.docsUrl(), headers, exchange.id);
    });

  let openApi: ReturnType<typeof buildOpenApiDocument> | undefined;
  let docsHtml: ReturnType<typeof docsPage> | undefined;
  const openApiDocument = () => {
    openApi ??= buildOpenApiDocument(GROUPS, appRouter, config.version, host.allowance.limiter.describe());
    return openApi;
  };

  app.get(
    OPENAPI_PATH,
    page('openapi', () => json(openApiDocument())),
  );
  app.get(
    DOCS_PATH,
    page('docs', () => {
      docsHtml ??= docsPage(openApiDocument());
      return new Response(docsHtml.body, { headers: docsHtml.headers });
    }),
  );
  app.get(DOCS_SCRIPT_PATH, page('docs-script', docsScript));
  app.get('/', page('playground', playgroundIndex));
  app.get('/assets/*', page('assets', playgroundAsset));
}
