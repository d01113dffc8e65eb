// Writes the generated sections of docs/api.md from the OpenAPI document, the operations and the limits; with
// --check, exits non-zero when the file differs from what it would write (test/openapi/api-doc.test.ts does the same).
// Usage: npm run docs:api [-- --check]
import { fileURLToPath } from 'node:url';
import type { OpenAPIObject } from 'trpc-to-openapi';
import { MAX_AFFINE_COEFFICIENT } from '../routers/ciphers/affine/schemas.js';
import { MAX_SHIFT } from '../routers/ciphers/caesar/schemas.js';
import { DEFAULT_MAX_KEY_LENGTH } from '../routers/ciphers/vigenere/schemas.js';
import { MAX_ANALYSIS_KEY_LENGTH, MAX_BULK_ITEMS, MAX_KEY_LENGTH, MAX_TEXT_LENGTH } from '../routers/fields.js';
import { appRouter, GROUPS, OPERATIONS } from '../routers/index.js';
import { API_PREFIX, TRPC_PREFIX } from '../routers/prefixes.js';
import { MAX_BODY_BYTES } from '../src/http/api/body.js';
import { MAX_BATCH_CALLS } from '../src/http/api/trpc-mount.js';
import { DEFAULT_CONFIG } from '../src/http/config.js';
import { buildOpenApiDocument, type DocOperation as Operation, type DocSchema as Schema } from '../src/http/openapi.js';
import { RateLimiter } from '../src/http/rate-limit/limiter.js';
import { writeGenerated } from './lib/generated.js';

export const API_DOC = fileURLToPath(new URL('../docs/api.md', import.meta.url));

/** Markdown table cells: no pipes or line breaks of their own. */
const cell = (s: string) => s.replaceAll('|', '\\|').replaceAll('\n', ' ');

function typeOf(s: Schema): string {
  if (s.$ref) return s.$ref.split('/').pop() as string;
  if (s.const !== undefined) return `\`${JSON.stringify(s.const)}\``;
  if (s.enum) return s.enum.map((v) => `\`${v}\``).join(', ');
  if (s.type === 'array') return `array of ${s.items ? typeOf(s.items) : 'any'}`;
  if (s.type === 'object' && typeof s.additionalProperties === 'object') {
    return `object of ${typeOf(s.additionalProperties)}`;
  }
  return Array.isArray(s.type) ? s.type.join(' or ') : (s.type ?? 'any');
}

/** One row per field, nested fields dotted (`analysis.best_key_length`, `results[].shift`). */
function fieldRows(schema: Schema | undefined, prefix = '', rows: string[] = []): string[] {
  if (!schema) return rows;
  const object = schema.type === 'array' ? schema.items : schema;
  const at = schema.type === 'array' ? `${prefix}[]` : prefix;
  for (const [name, field] of Object.entries(object?.properties ?? {})) {
    const path = at ? `${at}.${name}` : name;
    const required = object?.required?.includes(name) ? 'yes' : 'no';
    rows.push(`| \`${path}\` | ${cell(typeOf(field))} | ${required} | ${cell(field.description ?? '')} |`);
    if (field.properties || field.items?.properties) fieldRows(field, path, rows);
  }
  return rows;
}

const fieldTable = (schema: Schema | undefined) => {
  const rows = fieldRows(schema);
  return rows.length
    ? ['| Field | Type | Required | Meaning |', '|---|---|---|---|', ...rows].join('\n')
    : 'No fields.';
};

const json = (value: unknown) => ['```json', JSON.stringify(value, null, 2), '```'].join('\n');

function endpoints(): string {
  const rows = [...OPERATIONS].map(
    ([procedure, op]) =>
      `| \`${op.rest.method} ${API_PREFIX}${op.rest.path}\` | \`${procedure}\` (${op.rest.method === 'GET' ? 'query' : 'mutation'}) | ${cell(op.rest.summary)} | ${op.rateLimited ? 'yes' : 'no'} |`,
  );
  return ['| REST | tRPC | What it does | Rate-limited |', '|---|---|---|---|', ...rows].join('\n');
}

function reference(doc: OpenAPIObject): string {
  const out: string[] = [];
  for (const [procedure, op] of OPERATIONS) {
    const method = op.rest.method.toLowerCase();
    const entry = (doc.paths?.[op.rest.path] as Record<string, Operation> | undefined)?.[method];
    if (!entry) throw new Error(`The OpenAPI document has no ${op.rest.method} ${op.rest.path}`);
    const request = entry.requestBody?.content['application/json'];
    const ok = entry.responses['200']?.content?.['application/json'];
    out.push(`### ${op.rest.method} ${API_PREFIX}${op.rest.path}`, '');
    out.push(`${entry.summary}. ${entry.description ?? ''}`.trim(), '');
    out.push(
      `tRPC: \`${TRPC_PREFIX}/${procedure}\`. ${op.rateLimited ? 'Counts against the rate limit.' : 'Never rate-limited.'}`,
      '',
    );
    if (request) out.push('**Request body**', '', fieldTable(request.schema), '');
    out.push('**Answer (200)**', '', fieldTable(ok?.schema), '');
    const errors = Object.entries(entry.responses).filter(([code]) => code !== '200');
    out.push('**Errors**', '', ...errors.map(([code, r]) => `- ${code}: ${r.description}`), '');
    if (request?.example !== undefined) out.push('Example request:', '', json(request.example), '');
    if (ok?.example !== undefined) out.push('Its answer:', '', json(ok.example), '');
  }
  return out.join('\n').trimEnd();
}

function errorBodies(doc: OpenAPIObject): string {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, Schema>;
  return Object.entries(schemas)
    .filter(([name]) => ['ValidationError', 'Error', 'RateLimitError'].includes(name))
    .map(([name, schema]) => [`### ${name}`, '', schema.description ?? '', '', fieldTable(schema)].join('\n'))
    .join('\n\n');
}

/** The default rate limit in words, as the service states it ("60 requests per minute"). */
function defaultLimit(): string {
  const limiter = new RateLimiter(DEFAULT_CONFIG.rateLimit, DEFAULT_CONFIG.rateLimitWindowS);
  limiter.close();
  return limiter.describe();
}

function limits(): string {
  const rows = [
    ['`text` (and each bulk text)', `1–${MAX_TEXT_LENGTH} Unicode code points`],
    ['`items` (bulk)', `1–${MAX_BULK_ITEMS}`],
    ['`key` (Vigenère)', `1–${MAX_KEY_LENGTH} letters of the chosen alphabet`],
    ['`key` (substitution)', 'every letter of the chosen alphabet exactly once, in either case'],
    ['`keyword` (substitution)', `1–${MAX_KEY_LENGTH} letters of the chosen alphabet`],
    ['`max_key_length`', `an integer 1–${MAX_ANALYSIS_KEY_LENGTH}, default ${DEFAULT_MAX_KEY_LENGTH}`],
    ['`shift`', `an integer −${MAX_SHIFT}…${MAX_SHIFT}`],
    [
      '`a`, `b` (affine)',
      `integers −${MAX_AFFINE_COEFFICIENT}…${MAX_AFFINE_COEFFICIENT}, taken mod n; \`a\` shares no factor with n`,
    ],
    ['request body', `at most ${MAX_BODY_BYTES} bytes (1 MiB), refused while it is read`],
    ['request line and headers', 'at most 16 KiB (431)'],
    ['tRPC batch', `at most ${MAX_BATCH_CALLS} calls; a bigger batch is refused whole, uncharged`],
    ['rate limit (default)', `${defaultLimit()} per client address, sliding window (RATE_LIMIT, RATE_LIMIT_WINDOW_S)`],
  ];
  return ['| What | Limit |', '|---|---|', ...rows.map(([what, limit]) => `| ${what} | ${limit} |`)].join('\n');
}

async function alphabetsAndLanguages(): Promise<string> {
  const meta = (name: string) => OPERATIONS.get(`meta.${name}`)?.run(undefined, {});
  const { alphabets } = (await meta('alphabets')) as { alphabets: { name: string; letters: string; size: number }[] };
  const { languages } = (await meta('languages')) as { languages: { code: string; name: string; alphabet: string }[] };
  return [
    '| Alphabet | Letters, in order | Size |',
    '|---|---|---|',
    ...alphabets.map((a) => `| \`${a.name}\` | ${a.letters} | ${a.size} |`),
    '| `custom` | `custom_alphabet`: 2–256 distinct code points | n |',
    '',
    '| Language | Code | Alphabet |',
    '|---|---|---|',
    ...languages.map((l) => `| ${l.name} | \`${l.code}\` | \`${l.alphabet}\` |`),
    '| (any of them, the best fit) | `auto` | |',
  ].join('\n');
}

/** The sections of docs/api.md that are generated, by the name of their markers. */
export async function generatedSections(): Promise<Record<string, string>> {
  const doc = buildOpenApiDocument(GROUPS, appRouter, 'docs', defaultLimit());
  return {
    endpoints: endpoints(),
    alphabets: await alphabetsAndLanguages(),
    limits: limits(),
    reference: reference(doc),
    'error-bodies': errorBodies(doc),
  };
}

/** `text` with the content between each `<!-- generated:NAME -->` and `<!-- /generated:NAME -->` replaced. */
export function withSections(text: string, sections: Record<string, string>): string {
  let out = text;
  for (const [name, body] of Object.entries(sections)) {
    const begin = `<!-- generated:${name} (npm run docs:api) -->`;
    const end = `<!-- /generated:${name} -->`;
    const from = out.indexOf(begin);
    const to = out.indexOf(end);
    if (from < 0 || to < from) throw new Error(`docs/api.md has no ${begin} … ${end} markers`);
    out = `${out.slice(0, from + begin.length)}\n${body}\n${out.slice(to)}`;
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeGenerated(API_DOC, async (current) => withSections(current, await generatedSections()), {
    outOfDate: 'docs/api.md is out of date: run npm run docs:api',
    updated: 'docs/api.md updated',
  });
}
