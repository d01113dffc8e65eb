// The OpenAPI document, generated from the routers once, with the REST surface's real error bodies added.
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import type { AppRouter } from '../../routers/index.js';

export const API_PREFIX = '/api/v1';

type Json = Record<string, unknown>;

const errorSchemas: Record<string, Json> = {
  ValidationError: {
    type: 'object',
    required: ['success', 'error', 'errors'],
    properties: {
      success: { type: 'boolean', const: false },
      error: { type: 'string', const: 'Validation failed' },
      errors: {
        type: 'object',
        description: 'Maps a field name (dotted for bulk items, e.g. items.3.shift) to its messages.',
        additionalProperties: { type: 'array', items: { type: 'string' } },
      },
    },
    example: {
      success: false,
      error: 'Validation failed',
      errors: { shift: ['The shift must be between -25 and 25.'] },
    },
  },
  Error: {
    type: 'object',
    required: ['success', 'error', 'message'],
    properties: {
      success: { type: 'boolean', const: false },
      error: { type: 'string', description: 'The status text, e.g. Bad Request.' },
      message: { type: 'string' },
    },
    example: { success: false, error: 'Bad Request', message: 'The request body is not valid JSON.' },
  },
  RateLimitError: {
    type: 'object',
    required: ['error', 'message', 'retry_after', 'documentation'],
    properties: {
      error: { type: 'string', const: 'Too Many Requests' },
      message: { type: 'string' },
      retry_after: { type: 'integer', description: 'Seconds until a request would be accepted.' },
      documentation: { type: 'string', format: 'uri' },
    },
    example: {
      error: 'Too Many Requests',
      message: 'Rate limit exceeded. You can make up to 60 requests per minute.',
      retry_after: 42,
      documentation: 'http://127.0.0.1:3000/api/v1/docs',
    },
  },
};

const rateLimitHeaders: Json = {
  'X-RateLimit-Limit': { description: 'Requests allowed per window.', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' } },
};

const ref = (name: string) => ({
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
});

const postErrors: Json = {
  400: { description: 'The body is not valid JSON, or not a JSON object.', ...ref('Error') },
  413: { description: 'The body is larger than 1 MiB.', ...ref('Error') },
  415: { description: 'Content-Type is not application/json.', ...ref('Error') },
  422: { description: 'A field failed validation.', ...ref('ValidationError') },
  429: {
    description: 'Rate limit exceeded.',
    headers: { ...rateLimitHeaders, 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } },
    ...ref('RateLimitError'),
  },
  500: { description: 'Unexpected server error.', ...ref('Error') },
};

export function buildOpenApiDocument(router: AppRouter, version: string): OpenAPIObject {
  const doc = generateOpenApiDocument(router, {
    title: 'Classical Cipher Service',
    description:
      'Encrypt, decrypt and break Caesar, ROT13 and Vigenère ciphers in five languages. ' +
      'Free to use, 60 requests per minute per client address. The same procedures are served over tRPC at /trpc.',
    version,
    baseUrl: API_PREFIX,
    // The service is public: no security scheme, no auth marker on any operation.
    securitySchemes: {},
    tags: ['caesar', 'rot13', 'vigenere', 'meta'],
  });
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, ...errorSchemas } };
  for (const item of Object.values(doc.paths ?? {})) {
    const op = (item as { post?: { responses?: Json } }).post;
    if (!op?.responses) continue;
    const ok = op.responses['200'] as Json | undefined;
    if (ok) ok.headers = rateLimitHeaders;
    for (const code of Object.keys(op.responses)) if (code !== '200') delete op.responses[code];
    Object.assign(op.responses, postErrors);
  }
  if (doc.components && Object.keys(doc.components.securitySchemes ?? {}).length === 0) {
    delete doc.components.securitySchemes;
  }
  return doc;
}
