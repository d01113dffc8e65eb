// The docs page: Scalar's interactive API reference over our own OpenAPI document, every asset served locally.
import type { OpenAPIObject } from 'trpc-to-openapi';
import { API_PREFIX } from '../../../routers/prefixes.js';
import { pageHeaders } from './page-headers.js';

/** Where the service serves the docs page, the OpenAPI document it reads, and Scalar's standalone bundle (static.ts). */
export const DOCS_PATH = `${API_PREFIX}/docs`;
export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;
export const DOCS_SCRIPT_PATH = `${DOCS_PATH}/assets/scalar.js`;

const escapeHtml = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A padlock-free key glyph in the playground's colours, inline so the browser never asks for /favicon.ico. */
const FAVICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#4338ca"/>' +
      '<text x="16" y="22" font-family="Georgia,serif" font-size="17" font-weight="700" fill="#fff" text-anchor="middle">Aa</text></svg>',
  );

/**
 * Scalar settings that keep the page on this machine: no web fonts, no telemetry, no MCP/agent or developer
 * toolbar (they call scalar.com), and "try it" requests sent straight to this service rather than a proxy.
 */
function scalarConfig(): Record<string, unknown> {
  return {
    url: OPENAPI_PATH,
    withDefaultFonts: false,
    telemetry: false,
    // showDeveloperTools replaced showToolbar (Scalar 1.40); the old name logs a deprecation warning.
    showDeveloperTools: 'never',
    mcp: { disabled: true },
    agent: { disabled: true },
    documentDownloadType: 'json',
    defaultOpenFirstTag: true,
    hideDarkModeToggle: false,
    operationTitleSource: 'summary',
    favicon: FAVICON,
    defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
    customCss: `.scalar-app, .scalar-api-reference { --scalar-font: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  --scalar-font-code: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }`,
  };
}

type Op = { summary?: string; description?: string };

/** The operations as a plain list, for readers without JavaScript. */
function fallbackList(doc: OpenAPIObject): string {
  const rows: string[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, Op>)) {
      rows.push(
        `<li><code>${escapeHtml(method.toUpperCase())} ${API_PREFIX}${escapeHtml(path)}</code>: ${escapeHtml(op.summary)}. ${escapeHtml(op.description)}</li>`,
      );
    }
  }
  return `<ul>${rows.join('\n')}</ul>`;
}

/** The page with its headers: its one inline script is allowed by hash, no other (page-headers.ts). */
export function docsPage(doc: OpenAPIObject): { body: string; headers: Record<string, string> } {
  const body = renderDocsPage(doc);
  return { body, headers: { 'content-type': 'text/html; charset=utf-8', ...pageHeaders([initScript()]) } };
}

/** The inline script that starts Scalar. JSON inside <script>: "<" is escaped so no string can close the element. */
function initScript(): string {
  return `Scalar.createApiReference('#app', ${JSON.stringify(scalarConfig()).replace(/</g, '\\u003c')});`;
}

function renderDocsPage(doc: OpenAPIObject): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)}: API reference</title>
<meta name="description" content="${escapeHtml(doc.info.description)}">
<link rel="icon" href="${FAVICON}">
<style>body{margin:0;font-family:system-ui,sans-serif}noscript main{max-width:60rem;margin:2rem auto;padding:0 1rem}</style>
</head><body>
<noscript><main>
<h1>${escapeHtml(doc.info.title)} <small>v${escapeHtml(doc.info.version)}</small></h1>
<p>${escapeHtml(doc.info.description)}</p>
<p>The interactive reference needs JavaScript. The machine-readable document is at
<a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>; the playground is at <a href="/">/</a>.</p>
${fallbackList(doc)}
</main></noscript>
<div id="app"></div>
<script src="${DOCS_SCRIPT_PATH}"></script>
<script>${initScript()}</script>
</body></html>`;
}
