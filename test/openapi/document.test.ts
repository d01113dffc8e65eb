// The OpenAPI document: valid by a real validator, documented field by field (its examples: examples.test.ts).
import SwaggerParser from '@apidevtools/swagger-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DocOperation, DocSchema as Schema } from '../../src/http/openapi.js';
import { makeApp, post, send, type TestApp } from '../http/helpers.js';

type Doc = { paths: Record<string, Record<string, DocOperation>>; components: { schemas: Record<string, Schema> } };

/** Every property without a description, and every scalar property without an example, as dotted paths. */
function undocumented(schema: Schema | undefined, at: string, out: string[] = []): string[] {
  if (!schema) return out;
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    const here = `${at}.${name}`;
    if (!prop.description) out.push(`${here}: no description`);
    const scalar = prop.type !== 'object' && prop.type !== 'array' && !prop.$ref;
    if (scalar && prop.example === undefined && prop.const === undefined) out.push(`${here}: no example`);
    undocumented(prop, here, out);
  }
  if (schema.items) undocumented(schema.items, `${at}[]`, out);
  return out;
}

describe('the OpenAPI document', () => {
  let app: TestApp;
  let doc: Doc;

  beforeAll(async () => {
    app = makeApp();
    doc = (await send(app, '/api/v1/openapi.json')).body as Doc;
  }, 60_000);

  it('passes swagger-parser validation (OpenAPI 3.1 schema and $refs)', async () => {
    // validate() dereferences in place, so hand it a copy.
    const api = await SwaggerParser.validate(structuredClone(doc) as never);
    expect((api as { openapi?: string }).openapi).toBe('3.1.0');
  });

  it('gives every operation a summary, a description and examples', () => {
    const problems: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const name = `${method.toUpperCase()} ${path}`;
        if (!op.summary) problems.push(`${name}: no summary`);
        if (!op.description) problems.push(`${name}: no description`);
        const body = op.requestBody?.content['application/json'];
        if (method === 'post' && body?.example === undefined) problems.push(`${name}: no request example`);
        if (op.responses['200']?.content?.['application/json']?.example === undefined)
          problems.push(`${name}: no response example`);
        for (const [code, r] of Object.entries(op.responses)) if (!r.description) problems.push(`${name} ${code}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('describes every field of every request, answer and error body', () => {
    const problems: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const name = `${method.toUpperCase()} ${path}`;
        undocumented(op.requestBody?.content['application/json']?.schema, `${name} request`, problems);
        undocumented(op.responses['200']?.content?.['application/json']?.schema, `${name} 200`, problems);
      }
    }
    for (const [name, schema] of Object.entries(doc.components.schemas)) undocumented(schema, name, problems);
    expect(problems).toEqual([]);
  });

  it('declares the rate-limit headers the service sends, on every answer and on the 429 with Retry-After', async () => {
    const sent = (r: { headers: Headers }) => [...r.headers.keys()].filter((n) => /ratelimit|retry-after/.test(n));
    const accepted = sent(await post(app, '/rot13/transform', { text: 'a' }));
    const limited = makeApp({ rateLimit: 1 });
    await post(limited, '/rot13/transform', { text: 'a' });
    const refused = sent(await post(limited, '/rot13/transform', { text: 'a' }));
    expect(accepted).toHaveLength(5);
    const declared = (headers: unknown) =>
      Object.keys(headers ?? {})
        .map((n) => n.toLowerCase())
        .sort();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(declared(op.responses['200']?.headers), `${method} ${path}`).toEqual(accepted.sort());
        if (op.responses['429']) expect(declared(op.responses['429'].headers)).toEqual(refused.sort());
      }
    }
  });

  it.each([
    [{}, 'http://localhost:3000/api/v1/docs'],
    [{ host: '127.0.0.1', port: 4321 }, 'http://127.0.0.1:4321/api/v1/docs'],
    [{ host: '::1', port: 8080 }, 'http://[::1]:8080/api/v1/docs'],
    [{ publicUrl: 'https://ciphers.example.org' }, 'https://ciphers.example.org/api/v1/docs'],
  ])('sends the 429 body to this reference, never to the Host the client names (%j)', async (config, url) => {
    const limited = makeApp({ rateLimit: 1, ...config });
    // A runtime writes the request's Host header into its URL: here the client named evil.example.
    const request = () =>
      limited.handle(
        new Request('http://evil.example/api/v1/rot13/transform', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-host': 'evil.example' },
          body: '{"text":"a"}',
        }),
      );
    expect((await request()).status).toBe(200);
    const r = await request();
    expect(r.status).toBe(429);
    expect(((await r.json()) as { documentation: string }).documentation).toBe(url);
  });
});
