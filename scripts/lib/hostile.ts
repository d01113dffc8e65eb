// Hostile requests for every REST and tRPC endpoint, and the check every answer must pass (shared with bench/soak).
import fc from 'fast-check';
import type { z } from 'zod';
import { OPERATIONS } from '../../routers/index.js';
import { API_PREFIX, TRPC_PREFIX } from '../../routers/prefixes.js';

export const MIB = 1024 * 1024;

const POST_OPERATIONS = [...OPERATIONS].filter(([, op]) => op.rest.method === 'POST');

/** Each REST endpoint with the fields it reads, from the operations' input schemas. */
const ENDPOINTS: Record<string, string[]> = Object.fromEntries(
  POST_OPERATIONS.map(([, op]) => [op.rest.path, Object.keys((op.input as z.ZodObject).shape)]),
);
export const PATHS = Object.keys(ENDPOINTS);
const META_PATHS = [...OPERATIONS.values()].filter((op) => op.rest.method === 'GET').map((op) => op.rest.path);
const PROCEDURES = new Map<string, string>(POST_OPERATIONS.map(([procedure, op]) => [op.rest.path, procedure]));
/** The tRPC procedure of a REST path (`/caesar/encrypt` → `caesar.encrypt`), dotted when it has none. */
export const procedureOf = (path: string) => PROCEDURES.get(path) ?? path.slice(1).replace('/', '.');

export interface HostileRequest {
  method: string;
  /** Path and query, from the origin. */
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  /** A short label for reports. */
  kind: string;
}

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

/** Strings that break naive code: lone surrogates, NaN-likes, huge numerals, control and combining characters. */
const nastyString = fc.constantFrom(
  '',
  ' ',
  '\uD800',
  '\uDFFF',
  'a\uDC00b',
  '\uD83D',
  '😀\uD83D',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '-0',
  '0x1F',
  '99999999999999999999999999',
  'null',
  'undefined',
  'true',
  '__proto__',
  'constructor',
  '\u0000\u0001\u001f',
  'ẞß',
  'e\u0301',
  '\uFEFF',
  '\u202E',
  '%00',
  '\u0024{7*7}',
  '<script>',
  'custom',
  'CUSTOM',
  'auto',
  'solve',
);

const anyString = fc.oneof(
  nastyString,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

const nastyNumber = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    1.5,
    -25.0000001,
    25.5,
    1e308,
    -1e308,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 63),
    5e-324,
    26,
    -26,
    101,
    0.1,
  ),
  fc.integer(),
  fc.double(),
);

/** Any JSON value, wrong types first. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, [[]], [null], { length: 3 }),
  anyString,
  nastyNumber,
  fc.jsonValue({ maxDepth: 3 }),
);

/** Plausible texts, so that requests also get past validation and into the ciphers and solvers. */
const plausibleText = fc.oneof(
  fc.constantFrom(
    'Hello, World!',
    'Wkh txlfn eurzq ira mxpsv ryhu wkh odcb grj',
    'Zażółć gęślą jaźń',
    'Grüße aus Köln, ẞ',
    'El niño comió ñoquis',
    'Où est la bibliothèque ? Ça va.',
    'LXFOPVEFRNHRLXFOPVEFRNHRLXFOPVEFRNHRLXFOPVEFRNHR',
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 300 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 300 }),
  fc.stringMatching(/^[A-Za-z ]{20,600}$/),
);

const fieldValue: Record<string, fc.Arbitrary<unknown>> = {
  text: fc.oneof({ weight: 3, arbitrary: plausibleText }, { weight: 1, arbitrary: wrongValue }),
  shift: fc.oneof(fc.integer({ min: -30, max: 30 }), wrongValue),
  // Affine's a and b: small, around their bounds, or anything.
  a: fc.oneof(fc.integer({ min: -30, max: 30 }), fc.integer({ min: -10_010, max: 10_010 }), wrongValue),
  b: fc.oneof(fc.integer({ min: -30, max: 30 }), fc.integer({ min: -10_010, max: 10_010 }), wrongValue),
  key: fc.oneof(
    fc.constantFrom('LEMON', 'a', 'ÄÖÜ', 'ab cd', '', '31415', 'L3MON'),
    // Cipher alphabets of substitution: whole, in lower case, with a letter twice.
    fc.constantFrom('ZEBRASCDFGHIJKLMNOPQTUVWXY', 'zebrascdfghijklmnopqtuvwxy', 'ZEBRASCDFGHIJKLMNOPQTUVWXZ'),
    fc.string({ maxLength: 20 }),
    wrongValue,
  ),
  keyword: fc.oneof(
    fc.constantFrom('ZEBRAS', 'zebras', 'ÜBER', 'ze bras', ''),
    fc.string({ maxLength: 20 }),
    wrongValue,
  ),
  clues: fc.oneof(
    fc.constantFrom({ Q: 'T' }, { q: 'e', X: 'E' }, { QQ: 'T' }, { Q: 'T', R: 'T' }, {}),
    fc.dictionary(fc.string({ maxLength: 2 }), fc.string({ maxLength: 2 }), { maxKeys: 4 }),
    wrongValue,
  ),
  variant: fc.oneof(
    fc.constantFrom('vigenere', 'beaufort', 'variant_beaufort', 'gronsfeld', 'autokey', 'porta', 'auto', 'VIGENERE'),
    wrongValue,
  ),
  alphabet: fc.oneof(fc.constantFrom('basic', 'polish', 'german', 'spanish', 'french', 'custom'), wrongValue),
  custom_alphabet: fc.oneof(
    fc.constantFrom('ABC', 'AA', 'A', 'aA', '😀🙂', '\uD800\uDC00x', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'),
    fc.string({ unit: 'binary', maxLength: 300 }),
    wrongValue,
  ),
  preserve_case: fc.oneof(fc.boolean(), wrongValue),
  preserve_non_alpha: fc.oneof(fc.boolean(), wrongValue),
  language: fc.oneof(fc.constantFrom('en', 'pl', 'de', 'es', 'fr', 'auto', 'EN', 'xx'), wrongValue),
  method: fc.oneof(fc.constantFrom('encrypt', 'decrypt', 'solve', 'rot13'), wrongValue),
  max_key_length: fc.oneof(fc.integer({ min: -2, max: 105 }), wrongValue),
  items: fc.oneof(
    fc.array(
      fc.oneof(
        fc.record({ text: plausibleText, shift: fc.integer({ min: -30, max: 30 }) }, { requiredKeys: [] }),
        plausibleText,
        wrongValue,
      ),
      { maxLength: 30 },
    ),
    wrongValue,
  ),
};

/** An object with some of the endpoint's fields (any values), extra fields, and prototype-ish keys. */
export function inputFor(path: string): fc.Arbitrary<Record<string, unknown>> {
  const fields = ENDPOINTS[path]!;
  const known = fc.record(Object.fromEntries(fields.map((f) => [f, fieldValue[f]!])), { requiredKeys: [] });
  const extra = fc.dictionary(fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 10 })), wrongValue, {
    maxKeys: 3,
  });
  return fc.tuple(known, extra, fc.boolean()).map(([k, e, extraFirst]) => {
    // defineProperty makes `__proto__` an own key, as JSON.parse would; a literal would set the prototype.
    const out: Record<string, unknown> = {};
    for (const [key, value] of extraFirst
      ? [...Object.entries(e), ...Object.entries(k)]
      : [...Object.entries(k), ...Object.entries(e)]) {
      Object.defineProperty(out, key, { value, enumerable: true, configurable: true, writable: true });
    }
    return out;
  });
}

/** Percent-encodes what it can; a lone surrogate becomes the malformed UTF-8 a hostile client would send. */
function encodeLoose(s: string): string {
  let out = '';
  for (const ch of s) {
    try {
      out += encodeURIComponent(ch);
    } catch {
      out += '%ED%A0%80';
    }
  }
  return out;
}

const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const deepObject = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

/** Bodies that are not a well-formed JSON object of the right size. */
const rawBody = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'null',
    '[]',
    '"text"',
    '123',
    'true',
    '{',
    '{"text":"abc"',
    '{"text":"abc",}',
    "{'text':'abc'}",
    'NaN',
    '{"text":"abc","shift":1e400}',
    '{"text":"abc","shift":123456789012345678901234567890}',
    '{"text":"abc","shift":-0}',
    '{"text":"abc","shift":1.0}',
    '{"text":"abc","shift":3,"shift":"x"}',
    '{"text":"\\ud800","shift":1}',
    '{"text":"a\\u0000b","shift":1}',
    '{"__proto__":{"shift":3},"text":"abc"}',
    '{"constructor":{"prototype":{"polluted":true}},"text":"abc","shift":1}',
    '{"items":[{"__proto__":{"text":"x"}}]}',
    '\uFEFF{"text":"abc","shift":1}',
    `{"text":${deep(5000)}}`,
    `{"text":"a","shift":${deepObject(3000)}}`,
    deep(100_000),
    `{"json":${deepObject(2000)}}`,
  ),
  fc.string({ maxLength: 200 }),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? ''),
);

/** Bytes that are not UTF-8 (a raw lone surrogate, truncated sequences, overlongs). */
const badBytes = fc.constantFrom<Uint8Array<ArrayBuffer>>(
  new Uint8Array([0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
  new Uint8Array([0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xc3, 0x22, 0x7d]),
  new Uint8Array([0xc0, 0xaf]),
  new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
);

/** A JSON object body of exactly `bytes` bytes. */
export function bodyOfSize(bytes: number): string {
  const head = '{"text":"';
  return `${head}${'a'.repeat(bytes - head.length - 2)}"}`;
}

const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/vnd.api+json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonp',
      'application/json; charset=latin1',
      '',
      '*/*',
      'none',
    ),
  },
);

const methodOf = fc.oneof(
  { weight: 12, arbitrary: fc.constant('POST') },
  { weight: 1, arbitrary: fc.constantFrom('GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD') },
);

/** A body: mostly a JSON object (for REST) or its tRPC envelope, sometimes raw text, bad bytes or oversize. */
function bodyFor(path: string, trpc: boolean): fc.Arbitrary<{ body: string | Uint8Array<ArrayBuffer>; kind: string }> {
  const input = inputFor(path);
  const superjsonMeta = fc.record(
    {
      values: fc.dictionary(
        fc.constantFrom(...ENDPOINTS[path]!),
        fc.oneof(
          fc.constantFrom('undefined', 'bigint', 'Date', 'regexp', 'set', 'map', 'Error', 'number', 'symbol'),
          fc.constantFrom(['class', 'X'], ['custom', 'y'], ['symbol', 'z'], [['bigint']]),
          wrongValue,
        ),
      ),
      referentialEqualities: wrongValue,
      v: fc.constantFrom(1, 2, 'x'),
    },
    { requiredKeys: [] },
  );
  const object = trpc
    ? fc.oneof(
        { weight: 4, arbitrary: input.map((json) => ({ json })) },
        { weight: 1, arbitrary: fc.tuple(input, superjsonMeta).map(([json, meta]) => ({ json, meta })) },
        { weight: 1, arbitrary: input },
      )
    : input;
  return fc.oneof(
    { weight: 12, arbitrary: object.map((o) => ({ body: JSON.stringify(o), kind: 'object' })) },
    { weight: 3, arbitrary: rawBody.map((body) => ({ body, kind: 'raw' })) },
    { weight: 1, arbitrary: badBytes.map((body) => ({ body, kind: 'bytes' })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(MIB + 1, MIB, MIB - 1, 2 * MIB)
        .map((n) => ({ body: bodyOfSize(n), kind: `size-${n}` })),
    },
  );
}

const restRequest: fc.Arbitrary<HostileRequest> = fc
  .constantFrom(...PATHS)
  .chain((path) => fc.tuple(fc.constant(path), methodOf, contentType, bodyFor(path, false)))
  .map(([path, method, type, { body, kind }]) => ({
    method,
    url: `${API_PREFIX}${path}`,
    headers: (type === 'none' ? {} : { 'content-type': type }) as Record<string, string>,
    body: method === 'GET' || method === 'HEAD' ? undefined : body,
    kind: `rest ${kind}`,
  }));

const trpcSingle: fc.Arbitrary<HostileRequest> = fc
  .constantFrom(...PATHS)
  .chain((path) => fc.tuple(fc.constant(path), methodOf, contentType, bodyFor(path, true)))
  .map(([path, method, type, { body, kind }]) => ({
    method,
    url: `${TRPC_PREFIX}/${procedureOf(path)}`,
    headers: (type === 'none' ? {} : { 'content-type': type }) as Record<string, string>,
    body: method === 'GET' || method === 'HEAD' ? undefined : body,
    kind: `trpc ${kind}`,
  }));

const trpcBatch: fc.Arbitrary<HostileRequest> = fc
  // Up to one call past MAX_BATCH_CALLS, which tRPC refuses whole.
  .array(fc.constantFrom(...PATHS, '/meta/health', '/nope/nothing'), { minLength: 1, maxLength: 11 })
  .chain((paths) =>
    fc.tuple(
      fc.constant(paths),
      fc.oneof(
        fc
          .tuple(...paths.map((p) => (ENDPOINTS[p] ? inputFor(p) : wrongValue)))
          .map((inputs) => JSON.stringify(Object.fromEntries(inputs.map((json, i) => [i, { json }])))),
        fc
          .tuple(...paths.map((p) => (ENDPOINTS[p] ? inputFor(p) : wrongValue)))
          .map((inputs) => JSON.stringify(inputs)),
        rawBody,
      ),
    ),
  )
  .map(([paths, body]) => ({
    method: 'POST',
    url: `${TRPC_PREFIX}/${paths.map(procedureOf).join(',')}?batch=1`,
    headers: { 'content-type': 'application/json' },
    body,
    kind: 'trpc batch',
  }));

/** GETs with hostile query strings, unknown paths and meta endpoints. */
const oddRequest: fc.Arbitrary<HostileRequest> = fc.oneof(
  fc
    .tuple(fc.constantFrom(...META_PATHS), fc.oneof(anyString, fc.constantFrom('%', '%E0%A4%A', '%zz')))
    .map(([p, q]) => ({
      method: 'GET',
      url: `${API_PREFIX}${p}?q=${encodeLoose(q)}`,
      headers: {},
      kind: 'meta',
    })),
  fc.tuple(fc.constantFrom('meta.health', 'meta.alphabets', 'caesar.encrypt', 'nope'), rawBody).map(([p, input]) => ({
    method: 'GET',
    url: `${TRPC_PREFIX}/${p}?input=${encodeLoose(input)}`,
    headers: {},
    kind: 'trpc query',
  })),
  fc.tuple(fc.constantFrom('GET', 'POST'), fc.string({ unit: 'binary-ascii', maxLength: 30 })).map(([method, p]) => ({
    method,
    url: `${API_PREFIX}/${encodeLoose(p)}`,
    headers: { 'content-type': 'application/json' },
    body: method === 'POST' ? '{}' : undefined,
    kind: 'unknown path',
  })),
);

export const hostileRequest: fc.Arbitrary<HostileRequest> = fc.oneof(
  { weight: 5, arbitrary: restRequest },
  { weight: 4, arbitrary: trpcSingle },
  { weight: 1, arbitrary: trpcBatch },
  { weight: 1, arbitrary: oddRequest },
);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function trpcErrorProblem(e: unknown): string | null {
  if (!isObject(e) || !isObject(e.json)) return 'tRPC error without json';
  const { message, data } = e.json as { message?: unknown; data?: unknown };
  if (typeof message !== 'string') return 'tRPC error without message';
  if (!isObject(data) || typeof data.code !== 'string' || typeof data.httpStatus !== 'number') {
    return 'tRPC error without data.code/httpStatus';
  }
  if (data.httpStatus >= 500) return `tRPC call failed with ${data.httpStatus}`;
  if ('stack' in data) return 'tRPC error with a stack trace';
  return null;
}

/** Why an answer breaks the contract, or null when it is fine. */
export function answerProblem(
  req: HostileRequest,
  status: number,
  contentType: string | null,
  text: string,
): string | null {
  if (status >= 500) return `status ${status}`;
  if (req.method === 'HEAD' || req.method === 'OPTIONS' || status === 204) return null;
  if (!/application\/json/.test(contentType ?? '')) return `content-type ${contentType}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'body is not JSON';
  }
  if (/\bat .*\.(ts|js):\d+/.test(text)) return 'stack trace in body';
  // 431 (a request line over 16 KiB) comes from the HTTP layer, before any route: always the REST shape.
  if (req.url.startsWith(TRPC_PREFIX) && status !== 431) {
    if (Array.isArray(body)) {
      for (const item of body) {
        if (isObject(item) && 'error' in item) {
          const p = trpcErrorProblem(item.error);
          if (p) return p;
        } else if (!isObject(item) || !('result' in item)) return 'batch item neither result nor error';
      }
      return null;
    }
    if (status >= 400) return isObject(body) ? trpcErrorProblem(body.error) : 'tRPC error body not an object';
    return null;
  }
  if (status < 400) return null;
  if (!isObject(body) || body.success !== false || typeof body.error !== 'string') return 'REST error body shape';
  if (status === 422) {
    if (body.error !== 'Validation failed' || !isObject(body.errors)) return '422 without field errors';
    for (const v of Object.values(body.errors)) {
      if (!Array.isArray(v) || !v.every((m) => typeof m === 'string')) return '422 errors not string lists';
    }
    return null;
  }
  if (typeof body.message !== 'string') return `${status} without message`;
  return null;
}
