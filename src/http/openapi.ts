// The OpenAPI document, generated from the routers once, with the REST surface's real error bodies and examples added.
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import type { AnyOperation, AppRouter } from '../../routers/index.js';
import { API_PREFIX, TRPC_PREFIX } from '../../routers/prefixes.js';
import { ERROR_BODIES } from './api/errors.js';
import { MAX_BATCH_CALLS } from './api/trpc-mount.js';

/** The licence the service is published under, as package.json states it (test/openapi checks they agree). */
export const LICENSE = { name: 'MIT', identifier: 'MIT' };

type Json = Record<string, unknown>;

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
export interface DocContent {
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

const rateLimitHeaders: Json = {
  'X-RateLimit-Limit': {
    description: 'Requests allowed per window.',
    schema: { type: 'integer', example: 60 },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the current window.',
    schema: { type: 'integer', example: 59 },
  },
};

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

const rateLimited: Json = {
  429: {
    description: 'Rate limit exceeded.',
    headers: {
      ...rateLimitHeaders,
      'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer', example: 42 } },
    },
    ...ref('RateLimitError'),
  },
};

const VIGENERE_SAMPLE =
  'Tx iof elq prdx at gtqqg, ve amg gsi icedx at gtqqg, ve amg gsi mur zj iwfosy, wg hee hup ess bq jacytwtbrdw, ' +
  'uh jlw fvr ptaqu zj nsytir, wg hee hup ibcps sr wanvqrhwmfm, ve amg gs';
const VIGENERE_PLAIN =
  'It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness, ' +
  'it was the epoch of belief, it was the epoch of incredulity, it was th';

interface OperationDocs {
  request?: unknown;
  response: unknown;
}

/**
 * One worked example per operation: a real request and the service's real answer to it (long arrays shortened).
 * test/openapi checks every one of them against the live service.
 */
export const OPERATION_EXAMPLES: Record<string, OperationDocs> = {
  '/caesar/encrypt': {
    request: { text: 'Hello, World!', shift: 3 },
    response: {
      success: true,
      result: 'Khoor, Zruog!',
      method: 'encrypt',
      shift: 3,
      alphabet: 'basic',
      text_length: 13,
    },
  },
  '/caesar/decrypt': {
    request: { text: 'Khoor, Zruog!', shift: 3 },
    response: {
      success: true,
      result: 'Hello, World!',
      method: 'decrypt',
      shift: 3,
      alphabet: 'basic',
      text_length: 13,
    },
  },
  '/caesar/solve': {
    request: { text: 'Wkh txlfn eurzq ira mxpsv ryhu wkh odcb grj', language: 'auto' },
    response: {
      success: true,
      best_solution: { shift: 3, text: 'The quick brown fox jumps over the lazy dog', confidence: 1 },
      all_solutions: [
        { shift: 3, text: 'The quick brown fox jumps over the lazy dog', score: 1 },
        { shift: 5, text: 'Rfc osgai zpmul dmv hsknq mtcp rfc jyxw bme', score: 6.7e-25 },
        { shift: 25, text: 'Xli uymgo fvsar jsb nyqtw sziv xli pedc hsk', score: 6.8e-26 },
      ],
      alphabet: 'basic',
      language: 'en',
    },
  },
  '/caesar/bulk': {
    request: {
      method: 'encrypt',
      items: [
        { text: 'abc', shift: 1 },
        { text: 'Grüße', shift: 5 },
      ],
      alphabet: 'german',
    },
    response: {
      success: true,
      method: 'encrypt',
      alphabet: 'german',
      count: 2,
      results: [
        { index: 0, original: 'abc', result: 'bcd', shift: 1 },
        { index: 1, original: 'Grüße', result: 'Lwdej', shift: 5 },
      ],
    },
  },
  '/rot13/transform': {
    request: { text: 'Hello, World!' },
    response: { success: true, result: 'Uryyb, Jbeyq!', method: 'rot13', text_length: 13 },
  },
  '/rot13/bulk': {
    request: { items: ['abc', 'Hello'] },
    response: {
      success: true,
      method: 'rot13',
      count: 2,
      results: [
        { index: 0, original: 'abc', result: 'nop' },
        { index: 1, original: 'Hello', result: 'Uryyb' },
      ],
    },
  },
  '/vigenere/encrypt': {
    request: { text: 'Attack at dawn!', key: 'LEMON' },
    response: { success: true, result: 'Lxfopv ef rnhr!', method: 'encrypt', key_length: 5, text_length: 15 },
  },
  '/vigenere/decrypt': {
    request: { text: 'Lxfopv ef rnhr!', key: 'LEMON' },
    response: { success: true, result: 'Attack at dawn!', method: 'decrypt', key_length: 5, text_length: 15 },
  },
  '/vigenere/analyze': {
    request: { text: VIGENERE_SAMPLE, max_key_length: 8 },
    response: {
      success: true,
      analysis: {
        probable_key_lengths: [5, 6, 3, 2, 8],
        best_key_length: 5,
        ioc_scores: { 1: 0.0436, 2: 0.0441, 3: 0.0456, 4: 0.0423, 5: 0.0763, 6: 0.0461, 7: 0.0374, 8: 0.0331 },
        probable_key: 'LEMON',
        decrypted_preview: VIGENERE_PLAIN,
        confidence: 1,
        language: 'en',
      },
      text_length: 180,
    },
  },
  '/identify': {
    request: { text: 'Wkh vhfuhw phhwlqj lv dw wkh rog ploo dw vxqvhw; eulqj wkh pds.' },
    response: {
      success: true,
      text_length: 63,
      best_solution: {
        cipher: 'caesar',
        language: 'en',
        shift: 3,
        text: 'The secret meeting is at the old mill at sunset; bring the map.',
        confidence: 0.99998,
      },
      // The first three of the ten listed.
      all_solutions: [
        {
          cipher: 'caesar',
          language: 'en',
          shift: 3,
          text: 'The secret meeting is at the old mill at sunset; bring the map.',
          confidence: 0.99998,
        },
        {
          cipher: 'unknown',
          language: 'en',
          text: 'Wkh vhfuhw phhwlqj lv dw wkh rog ploo dw vxqvhw; eulqj wkh pds.',
          confidence: 0.0000083,
        },
        {
          cipher: 'caesar',
          language: 'fr',
          shift: 3,
          text: 'The secret meeting is at the old mill at sunset; bring the map.',
          confidence: 0.0000034,
        },
      ],
    },
  },
  '/health': {
    response: { status: 'ok', version: '0.1.0', uptime_s: 3600, rate_limit_store: 'memory' },
  },
  '/alphabets': {
    response: {
      success: true,
      alphabets: [
        { name: 'basic', letters: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', size: 26 },
        { name: 'spanish', letters: 'ABCDEFGHIJKLMNÑOPQRSTUVWXYZ', size: 27 },
      ],
    },
  },
  '/languages': {
    response: {
      success: true,
      languages: [
        { code: 'en', name: 'English', alphabet: 'basic' },
        { code: 'pl', name: 'Polish', alphabet: 'polish' },
      ],
    },
  },
};

/** What each tag (an operation's `rest.tag`) groups. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  caesar: 'Shift every letter a fixed number of places; break it by scoring every shift.',
  rot13: 'The Caesar shift by 13 on A–Z, its own inverse.',
  vigenere: 'A repeating key of shifts; broken by the index of coincidence per key length.',
  identify: 'What is this? Which cipher, key and language explain a text, with calibrated probabilities.',
  meta: 'Facts about the service.',
};

/**
 * The document trpc-to-openapi generates from the routers, with the REST surface's own error bodies (zod schemas in
 * errors.ts) in place of its handler's, the rate-limit headers and rule of each operation, and worked examples.
 * `rateLimit` states the configured limit in words (RateLimiter.describe(): "60 requests per minute").
 */
export function buildOpenApiDocument(
  operations: ReadonlyMap<string, AnyOperation>,
  router: AppRouter,
  version: string,
  rateLimit: string,
): OpenAPIObject {
  const tags = [...new Set([...operations.values()].map((op) => op.rest.tag))];
  const doc = generateOpenApiDocument(router, {
    title: 'Classical Cipher Service',
    description:
      'Encrypt, decrypt and break Caesar, ROT13 and Vigenère ciphers in five languages (English, Polish, German, ' +
      `Spanish, French). Free to use, with no sign-up: ${rateLimit} per client address (a sliding window), ` +
      'counted on every operation but the meta ones; every response carries `X-RateLimit-Limit` and ' +
      '`X-RateLimit-Remaining`. Bodies are JSON sent with `Content-Type: application/json`. The same procedures ' +
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
  doc.tags = tags.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] }));
  // trpc-to-openapi's own error schemas describe its handler, not the bodies this service sends.
  const generated = Object.fromEntries(
    Object.entries(doc.components?.schemas ?? {}).filter(([name]) => !name.startsWith('error.')),
  );
  doc.components = { ...doc.components, schemas: generated };
  if (Object.keys(doc.components.securitySchemes ?? {}).length === 0) delete doc.components.securitySchemes;
  const byRoute = new Map([...operations.values()].map((op) => [`${op.rest.method} ${op.rest.path}`, op]));
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, DocOperation>)) {
      const operation = byRoute.get(`${method.toUpperCase()} ${path}`);
      if (!operation) throw new Error(`No operation for ${method.toUpperCase()} ${path}`);
      if (!operation.rateLimited) op.description = `${op.description ?? ''} Never rate-limited.`.trim();
      const examples = OPERATION_EXAMPLES[path];
      const body = op.requestBody?.content?.['application/json'];
      if (body && examples?.request !== undefined) body.example = examples.request;
      const ok = op.responses['200'];
      const okBody = ok?.content?.['application/json'];
      if (okBody && examples) okBody.example = examples.response;
      if (ok) ok.headers = rateLimitHeaders;
      op.responses = {
        ...(ok ? { 200: ok } : {}),
        ...(operation.rest.method === 'POST' ? bodyErrors : {}),
        ...(operation.rateLimited ? rateLimited : {}),
        ...anyErrors,
      };
    }
  }
  return doc;
}
