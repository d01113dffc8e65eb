// The OpenAPI document, generated from the routers once, with the REST surface's real error bodies and examples added.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import type { AnyOperation, AppRouter, OperationGroup } from '../../routers/index.js';
import { API_PREFIX, TRPC_PREFIX } from '../../routers/prefixes.js';
import { ERROR_BODIES } from './api/errors.js';
import { MAX_BATCH_CALLS } from './api/trpc-mount.js';
import { RATE_LIMIT_HEADERS, RETRY_AFTER } from './rate-limit/allowance.js';

/** The licence the service is published under, as package.json states it (test/openapi checks they agree). */
export const LICENSE = { name: 'MIT', identifier: 'MIT' };

type Json = Record<string, unknown>;

/**
 * The worked examples' answers by procedure (`caesar.solve`): the service's own answers to the operations' example
 * requests, written by `npm run build:examples` (scripts/example-answers.ts), never by hand.
 */
export const EXAMPLE_ANSWERS_FILE = fileURLToPath(new URL('../../routers/example-answers.json', import.meta.url));

/** The procedure path of every operation of the groups. */
function proceduresOf(groups: Readonly<Record<string, OperationGroup>>): Map<AnyOperation, string> {
  const out = new Map<AnyOperation, string>();
  for (const [key, group] of Object.entries(groups)) {
    for (const [name, operation] of Object.entries(group.operations)) out.set(operation, `${key}.${name}`);
  }
  return out;
}

/** A schema of the document, as far as this service reads it (JSON Schema, as zod-openapi writes it). */
export interface DocSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  description?: string;
  example?: unknown;
  properties?: Record<string, DocSchema>;
  required?: string[];
  items?: DocSchema;
  additionalProperties?: DocSchema | boolean;
  $ref?: string;
}

/** A JSON body of the document: its schema and example. */
interface DocContent {
  schema: DocSchema;
  example?: unknown;
}

/** An operation of the document, as far as this service reads and completes it. */
export interface DocOperation {
  summary?: string;
  description?: string;
  requestBody?: { content: Record<string, DocContent> };
  responses: Record<string, { description?: string; headers?: Json; content?: Record<string, DocContent> }>;
}

/** Response headers as the document declares them, from their one declaration (allowance.ts). */
function headersOf(declared: Readonly<Record<string, { description: string; example: number | string }>>): Json {
  return Object.fromEntries(
    Object.entries(declared).map(([name, { description, example }]) => [
      name,
      { description, schema: { type: typeof example === 'number' ? 'integer' : 'string', example } },
    ]),
  );
}

const rateLimitHeaders = headersOf(RATE_LIMIT_HEADERS);

const ref = (name: string) => ({
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
});

/** What any request can get, whatever its operation. */
const anyErrors: Json = {
  431: { description: 'The request line or headers are larger than 16 KiB.', ...ref('Error') },
  500: { description: 'Unexpected server error.', ...ref('Error') },
};

/** What a POST can get besides, for its body. */
const bodyErrors: Json = {
  400: { description: 'The body is not valid JSON, or not a JSON object.', ...ref('Error') },
  413: { description: 'The body is larger than 1 MiB.', ...ref('Error') },
  415: { description: 'Content-Type is not application/json.', ...ref('Error') },
  422: { description: 'A field failed validation.', ...ref('ValidationError') },
};

/** What an operation that runs on the solvers' pool can get besides. */
const solverErrors: Json = {
  503: {
    description: 'The solvers are busy, or the work ran over its time budget: try again in a moment.',
    ...ref('Error'),
  },
};

const rateLimited: Json = {
  429: {
    description: 'Rate limit exceeded.',
    headers: {
      ...rateLimitHeaders,
      ...headersOf(RETRY_AFTER),
    },
    ...ref('RateLimitError'),
  },
};

/**
 * The document trpc-to-openapi generates from the routers, with the REST surface's own error bodies (zod schemas in
 * errors.ts) in place of its handler's, the rate-limit headers and rule of each operation, and worked examples.
 * `rateLimit` states the configured limit in words (RateLimiter.describe(): "60 requests per minute").
 */
export function buildOpenApiDocument(
  groups: Readonly<Record<string, OperationGroup>>,
  router: AppRouter,
  version: string,
  rateLimit: string,
): OpenAPIObject {
  const tags = Object.values(groups).map((group) => group.tag);
  const operations: AnyOperation[] = Object.values(groups).flatMap((group) => Object.values(group.operations));
  const procedures = proceduresOf(groups);
  const answers = JSON.parse(readFileSync(EXAMPLE_ANSWERS_FILE, 'utf8')) as Record<string, unknown>;
  const headerList = Object.keys(RATE_LIMIT_HEADERS)
    .map((name) => `\`${name}\``)
    .join(', ');
  const doc = generateOpenApiDocument(router, {
    title: 'Classical Cipher Service',
    description:
      'Encrypt, decrypt and break classical ciphers (one tag each, below) in five languages (English, Polish, German, ' +
      `Spanish, French). Free to use, with no sign-up: ${rateLimit} per client address (a sliding window), ` +
      `counted on every operation but the meta ones; every response carries ${headerList}. ` +
      'Bodies are JSON sent with `Content-Type: application/json`. The same procedures ' +
      `are served over tRPC at \`${TRPC_PREFIX}\` (superjson, batching: each call of a batch counts, and a batch ` +
      `holds at most ${MAX_BATCH_CALLS} calls), and typed clients for both come in the ` +
      '`@cipher-service/client` package. To try the ciphers by hand, open the [playground](/).',
    version,
    license: LICENSE,
    baseUrl: API_PREFIX,
    // The service is public: no security scheme, no auth marker on any operation.
    securitySchemes: {},
    tags,
    defs: ERROR_BODIES,
  });
  // Deliberately open: one empty security requirement says that no credential is needed.
  doc.security = [{}];
  doc.tags = Object.values(groups).map(({ tag, description }) => ({ name: tag, description }));
  // trpc-to-openapi's own error schemas describe its handler, not the bodies this service sends.
  const generated = Object.fromEntries(
    Object.entries(doc.components?.schemas ?? {}).filter(([name]) => !name.startsWith('error.')),
  );
  doc.components = { ...doc.components, schemas: generated };
  if (Object.keys(doc.components.securitySchemes ?? {}).length === 0) delete doc.components.securitySchemes;
  const byRoute = new Map(operations.map((op) => [`${op.rest.method} ${op.rest.path}`, op]));
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, DocOperation>)) {
      const operation = byRoute.get(`${method.toUpperCase()} ${path}`);
      if (!operation) throw new Error(`No operation for ${method.toUpperCase()} ${path}`);
      if (!operation.rateLimited) op.description = `${op.description ?? ''} Never rate-limited.`.trim();
      const body = op.requestBody?.content?.['application/json'];
      if (body && operation.example) body.example = operation.example.request;
      const ok = op.responses['200'];
      const okBody = ok?.content?.['application/json'];
      const answer = answers[procedures.get(operation) as string];
      if (okBody && answer !== undefined) okBody.example = answer;
      if (ok) ok.headers = rateLimitHeaders;
      op.responses = {
        ...(ok ? { 200: ok } : {}),
        ...(operation.rest.method === 'POST' ? bodyErrors : {}),
        ...(operation.rateLimited ? rateLimited : {}),
        ...(operation.solver ? solverErrors : {}),
        ...(operation.unavailableWhen && ok
          ? { 503: { description: operation.unavailableWhen.description, content: ok.content } }
          : {}),
        ...anyErrors,
      };
    }
  }
  return doc;
}
