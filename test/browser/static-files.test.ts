// The files behind the pages, in-process: the playground build and Scalar's bundle, cached, compressed, contained.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS_SCRIPT_PATH } from '../../src/http/pages/docs-page.js';
import { playgroundAsset, playgroundIndex, safeJoin } from '../../src/http/pages/static.js';
import { makeApp, send } from '../http/helpers.js';

const site = mkdtempSync(join(tmpdir(), 'cipher-static-'));
mkdirSync(join(site, 'assets'));
writeFileSync(join(site, 'index.html'), '<!doctype html><title>t</title>');
writeFileSync(join(site, 'assets/app-abc123.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
const req = (path: string, headers: Record<string, string> = {}) => new Request(`http://localhost${path}`, { headers });

describe('static files', () => {
  it('serves the playground index, revalidated, and its hashed assets as immutable', async () => {
    const index = playgroundIndex(req('/'), site);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const asset = playgroundAsset(req('/assets/app-abc123.js'), site);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toMatch(/^text\/javascript/);
  });

  it('answers If-None-Match with 304 and gzips when asked', async () => {
    const first = playgroundAsset(req('/assets/app-abc123.js', { 'accept-encoding': 'gzip, br' }), site);
    expect(first.headers.get('content-encoding')).toBe('gzip');
    const etag = first.headers.get('etag')!;
    expect(playgroundAsset(req('/assets/app-abc123.js', { 'if-none-match': etag }), site).status).toBe(304);
  });

  it.each([
    '/assets/../index.html',
    '/assets/%2e%2e/%2e%2e/package.json',
    '/assets/..%5c..%5cpackage.json',
    '/assets/x%00',
  ])('refuses %s', (path) => {
    expect(playgroundAsset(req(path), site).status).toBe(404);
  });

  it('never resolves outside its root', () => {
    expect(safeJoin(site, '/assets/a.js')).toBe(join(site, 'assets/a.js'));
    expect(safeJoin(site, '/../etc/passwd')).toBeUndefined();
    expect(safeJoin(site, '/%2e%2e/etc/passwd')).toBeUndefined();
    expect(safeJoin(site, '/%E0%A4%A')).toBeUndefined();
  });

  it('says plainly when the playground is not built', () => {
    const r = playgroundIndex(req('/'), join(site, 'missing'));
    expect(r.status).toBe(503);
  });

  it('serves Scalar from node_modules for the docs page, which names it', async () => {
    const app = makeApp();
    const page = await send(app, '/api/v1/docs');
    expect(page.text).toContain(`<script src="${DOCS_SCRIPT_PATH}"></script>`);
    expect(page.text).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    const script = await send(app, DOCS_SCRIPT_PATH);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(script.text).toContain('createApiReference');
    // Not rate-limited: pages are not API calls.
    expect(script.headers.get('x-ratelimit-limit')).toBeNull();
  });
});
