// Static files the service serves itself: the playground's Vite build and Scalar's bundle for the docs page.
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { errorResponse } from '../api/errors.js';
import { DOCS_PATH } from './docs-page.js';
import { pageHeaders } from './page-headers.js';

/** Where `vite build` puts the playground (see vite.config.ts). */
const PLAYGROUND_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../dist/playground');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Hashed file names never change content; everything else is revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

interface Cached {
  mtimeMs: number;
  body: Uint8Array;
  gzip: Uint8Array | undefined;
  etag: string;
}

const cache = new Map<string, Cached>();

function load(file: string): Cached | undefined {
  let mtimeMs: number;
  try {
    const s = statSync(file);
    if (!s.isFile()) return undefined;
    mtimeMs = s.mtimeMs;
  } catch {
    return undefined;
  }
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === mtimeMs) return hit;
  const body = new Uint8Array(readFileSync(file));
  const compressible = /^(text\/|application\/(json|manifest)|image\/svg)/.test(TYPES[extname(file)] ?? '');
  // Compressed once per file version: Scalar's bundle is 4 MB raw, under 1.5 MB gzipped.
  const gzip = compressible && body.byteLength > 1024 ? new Uint8Array(gzipSync(body, { level: 6 })) : undefined;
  const entry = { mtimeMs, body, gzip, etag: `"${body.byteLength.toString(36)}-${Math.floor(mtimeMs).toString(36)}"` };
  cache.set(file, entry);
  return entry;
}

/** A response for a file on disk, or undefined when there is none; honours If-None-Match and gzip. */
function fileResponse(
  request: Request,
  file: string,
  cacheControl: string,
  extra?: Record<string, string>,
): Response | undefined {
  const entry = load(file);
  if (!entry) return undefined;
  const headers: Record<string, string> = {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'cache-control': cacheControl,
    etag: entry.etag,
    'x-content-type-options': 'nosniff',
    vary: 'accept-encoding',
    ...extra,
  };
  if (request.headers.get('if-none-match') === entry.etag) return new Response(null, { status: 304, headers });
  const gzip = entry.gzip && /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '');
  if (gzip) headers['content-encoding'] = 'gzip';
  const body = gzip ? entry.gzip! : entry.body;
  return new Response(request.method === 'HEAD' ? null : (body as BodyInit), { headers });
}

/** Resolves a URL path below a root directory; undefined for anything that would step outside it. */
export function safeJoin(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const full = resolve(root, `.${decoded.startsWith('/') ? '' : '/'}${decoded}`);
  return full.startsWith(root + sep) ? full : undefined;
}

const notFound = (path: string) => errorResponse(404, `No file at ${path}.`);

/** Shown at / when the playground has not been built, so the reason is plain rather than a bare 404. */
const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cipher playground</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">
<h1>The playground is not built yet</h1><p>Run <code>npm run build:playground</code> (or <code>npm start</code>, which
does it for you). Meanwhile the <a href="${DOCS_PATH}">API reference</a> works.</p></body></html>`;

/** The playground's page: Vite's build has no inline script, so scripts come only from /assets. */
const PLAYGROUND_HEADERS = pageHeaders();

export function playgroundIndex(request: Request, root = PLAYGROUND_DIR): Response {
  return (
    fileResponse(request, join(root, 'index.html'), REVALIDATE, PLAYGROUND_HEADERS) ??
    new Response(NOT_BUILT, {
      status: 503,
      headers: { 'content-type': 'text/html; charset=utf-8', ...PLAYGROUND_HEADERS },
    })
  );
}

/** `/assets/<hashed name>` from the playground build. */
export function playgroundAsset(request: Request, root = PLAYGROUND_DIR): Response {
  const path = new URL(request.url).pathname;
  // The URL parser has already folded "/assets/../x" to "/x": only what is still under /assets/ is an asset.
  const file = path.startsWith('/assets/') ? safeJoin(root, path) : undefined;
  return (file === undefined ? undefined : fileResponse(request, file, IMMUTABLE)) ?? notFound(path);
}

let scalarBundle: string | undefined;

/** Scalar's standalone browser bundle, straight from node_modules (the package does not export the path). */
function scalarBundlePath(): string {
  scalarBundle ??= join(
    dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')),
    'browser',
    'standalone.js',
  );
  return scalarBundle;
}

export function docsScript(request: Request): Response {
  // Not content-hashed, so revalidated; the ETag keeps repeat visits to a 304.
  return fileResponse(request, scalarBundlePath(), REVALIDATE) ?? notFound(new URL(request.url).pathname);
}
