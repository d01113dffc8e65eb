// The OpenAPI document, generated from the routers once, with the REST surface's real error bodies and examples added.
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import type { AppRouter } from '../../routers/index.js';

export const API_PREFIX = '/api/v1';

type Json = Record<string, unknown>;

const errorSchemas: Record<string, Json> = {
  ValidationError: {
    type: 'object',
    description: 'A field failed validation (422). Every failing field is reported at once.',
    required: ['success', 'error', 'errors'],
    properties: {
      success: { type: 'boolean', const: false, description: 'Always false on failure.', example: false },
      error: { type: 'string', const: 'Validation failed', description: 'Always "Validation failed".' },
      errors: {
        type: 'object',
        description: 'Maps a field name (dotted for bulk items, e.g. items.3.shift) to its messages.',
        additionalProperties: { type: 'array', items: { type: 'string' } },
        example: { shift: ['The shift must be between -25 and 25.'] },
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
    description: 'Any other failure: 400, 404, 405, 413, 415 or 500. Never holds a stack trace.',
    required: ['success', 'error', 'message'],
    properties: {
      success: { type: 'boolean', const: false, description: 'Always false on failure.', example: false },
      error: { type: 'string', description: 'The status text, e.g. Bad Request.', example: 'Bad Request' },
      message: {
        type: 'string',
        description: 'What went wrong, in a sentence.',
        example: 'The request body is not valid JSON.',
      },
    },
    example: { success: false, error: 'Bad Request', message: 'The request body is not valid JSON.' },
  },
  RateLimitError: {
    type: 'object',
    description: 'The client made too many requests in the rolling window (429).',
    required: ['error', 'message', 'retry_after', 'documentation'],
    properties: {
      error: { type: 'string', const: 'Too Many Requests', description: 'Always "Too Many Requests".' },
      message: {
        type: 'string',
        description: 'The limit in words.',
        example: 'Rate limit exceeded. You can make up to 60 requests per minute.',
      },
      retry_after: {
        type: 'integer',
        minimum: 1,
        description: 'Seconds until a request would be accepted (also in the Retry-After header).',
        example: 42,
      },
      documentation: {
        type: 'string',
        format: 'uri',
        description: 'This API reference.',
        example: 'http://localhost:3000/api/v1/docs',
      },
    },
    example: {
      error: 'Too Many Requests',
      message: 'Rate limit exceeded. You can make up to 60 requests per minute.',
      retry_after: 42,
      documentation: 'http://localhost:3000/api/v1/docs',
    },
  },
};

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

const postErrors: Json = {
  400: { description: 'The body is not valid JSON, or not a JSON object.', ...ref('Error') },
  413: { description: 'The body is larger than 1 MiB.', ...ref('Error') },
  415: { description: 'Content-Type is not application/json.', ...ref('Error') },
  422: { description: 'A field failed validation.', ...ref('ValidationError') },
  429: {
    description: 'Rate limit exceeded.',
    headers: {
      ...rateLimitHeaders,
      'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer', example: 42 } },
    },
    ...ref('RateLimitError'),
  },
  500: { description: 'Unexpected server error.', ...ref('Error') },
};

const getErrors: Json = { 500: { description: 'Unexpected server error.', ...ref('Error') } };

const VIGENERE_SAMPLE =
  'Tx iof elq prdx at gtqqg, ve amg gsi icedx at gtqqg, ve amg gsi mur zj iwfosy, wg hee hup ess bq jacytwtbrdw, ' +
  'uh jlw fvr ptaqu zj nsytir, wg hee hup ibcps sr wanvqrhwmfm, ve amg gs';
const VIGENERE_PLAIN =
  'It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness, ' +
  'it was the epoch of belief, it was the epoch of incredulity, it was th';

interface OperationDocs {
  /** Longer text for the reference page (markdown). */
  description?: string;
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
  '/health': {
    description: 'Whether the service and its rate-limit store are working. Never rate-limited.',
    response: { status: 'ok', version: '0.1.0', uptime_s: 3600, rate_limit_store: 'memory' },
  },
  '/alphabets': {
    description: 'The named alphabets, letters in order (upper case). Never rate-limited.',
    response: {
      success: true,
      alphabets: [
        { name: 'basic', letters: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', size: 26 },
        { name: 'spanish', letters: 'ABCDEFGHIJKLMNÑOPQRSTUVWXYZ', size: 27 },
      ],
    },
  },
  '/languages': {
    description: 'The languages the solvers have models for, with the alphabet each uses. Never rate-limited.',
    response: {
      success: true,
      languages: [
        { code: 'en', name: 'English', alphabet: 'basic' },
        { code: 'pl', name: 'Polish', alphabet: 'polish' },
      ],
    },
  },
};

/** Field docs for the meta endpoints' answers, whose schemas live with their procedures. */
const META_FIELDS: Record<string, [description: string, example: unknown]> = {
  status: ['ok, or degraded while the rate-limit store is failing (requests are then served unlimited).', 'ok'],
  version: ['The service version.', '0.1.0'],
  uptime_s: ['Seconds since the service started.', 3600],
  rate_limit_store: ['Where the rate limit is counted: memory (one instance) or redis (shared).', 'memory'],
  success: ['Always true on success.', true],
  alphabets: ['The named alphabets (custom is not listed).', undefined],
  languages: ['The solver languages.', undefined],
  name: ['Alphabet name, or the language in English.', 'basic'],
  letters: ['The letters in order, upper case.', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'],
  size: ['Number of letters.', 26],
  code: ['Language code, as the language field takes it.', 'en'],
  alphabet: ['The alphabet the language is written in.', 'basic'],
};

/** Gives every undocumented property of a schema a description (and example) from META_FIELDS. */
function describeFields(schema: unknown): void {
  if (typeof schema !== 'object' || schema === null) return;
  const s = schema as { properties?: Record<string, Json>; items?: unknown };
  for (const [name, prop] of Object.entries(s.properties ?? {})) {
    const docs = META_FIELDS[name];
    if (docs && prop.description === undefined) prop.description = docs[0];
    if (docs && docs[1] !== undefined && prop.example === undefined && prop.const === undefined) prop.example = docs[1];
    describeFields(prop);
  }
  describeFields(s.items);
}

type Operation = {
  description?: string;
  requestBody?: { content?: Record<string, Json> };
  responses?: Record<string, Json>;
};

export function buildOpenApiDocument(router: AppRouter, version: string): OpenAPIObject {
  const doc = generateOpenApiDocument(router, {
    title: 'Classical Cipher Service',
    description:
      'Encrypt, decrypt and break Caesar, ROT13 and Vigenère ciphers in five languages (English, Polish, German, ' +
      'Spanish, French). Free to use: 60 requests per rolling minute per client address; every response carries ' +
      '`X-RateLimit-Limit` and `X-RateLimit-Remaining`. Bodies are JSON sent with `Content-Type: application/json`. ' +
      'The same procedures are served over tRPC at `/trpc`, and typed clients for both come in the ' +
      '`@cipher-service/client` package. To try the ciphers by hand, open the [playground](/).',
    version,
    baseUrl: API_PREFIX,
    // The service is public: no security scheme, no auth marker on any operation.
    securitySchemes: {},
    tags: ['caesar', 'rot13', 'vigenere', 'meta'],
  });
  doc.tags = [
    { name: 'caesar', description: 'Shift every letter a fixed number of places; break it by scoring every shift.' },
    { name: 'rot13', description: 'The Caesar shift by 13 on A–Z, its own inverse.' },
    { name: 'vigenere', description: 'A repeating key of shifts; broken by the index of coincidence per key length.' },
    { name: 'meta', description: 'Facts about the service. Never rate-limited.' },
  ];
  // trpc-to-openapi's own error schemas describe its handler, not the bodies this service sends.
  const generated = Object.fromEntries(
    Object.entries(doc.components?.schemas ?? {}).filter(([name]) => !name.startsWith('error.')),
  );
  doc.components = { ...doc.components, schemas: { ...generated, ...errorSchemas } };
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
      const examples = OPERATION_EXAMPLES[path];
      if (examples?.description && !op.description) op.description = examples.description;
      const body = op.requestBody?.content?.['application/json'];
      if (body && examples?.request !== undefined) body.example = examples.request;
      if (!op.responses) continue;
      const ok = op.responses['200'] as { headers?: Json; content?: Record<string, Json> } | undefined;
      const okBody = ok?.content?.['application/json'];
      if (okBody) {
        if (examples) okBody.example = examples.response;
        describeFields(okBody.schema);
      }
      for (const code of Object.keys(op.responses)) if (code !== '200') delete op.responses[code];
      if (method === 'post') {
        if (ok) ok.headers = rateLimitHeaders;
        Object.assign(op.responses, postErrors);
      } else {
        Object.assign(op.responses, getErrors);
      }
    }
  }
  if (doc.components && Object.keys(doc.components.securitySchemes ?? {}).length === 0) {
    delete doc.components.securitySchemes;
  }
  return doc;
}
