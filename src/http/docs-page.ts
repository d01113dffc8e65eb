// A self-contained HTML reference rendered from the OpenAPI document (no scripts, no external assets).
import type { OpenAPIObject } from 'trpc-to-openapi';

const escapeHtml = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Op = { summary?: string; description?: string; tags?: string[]; requestBody?: unknown; responses?: unknown };

export function renderDocsPage(doc: OpenAPIObject): string {
  const rows: string[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, Op>)) {
      const request = op.requestBody ? JSON.stringify(op.requestBody, null, 2) : '';
      rows.push(`<section id="${escapeHtml(method + path)}">
<h2><span class="m">${escapeHtml(method.toUpperCase())}</span> <code>/api/v1${escapeHtml(path)}</code></h2>
<p><strong>${escapeHtml(op.summary)}</strong> ${escapeHtml(op.description)}</p>
${request ? `<details><summary>Request body schema</summary><pre>${escapeHtml(request)}</pre></details>` : ''}
<details><summary>Responses</summary><pre>${escapeHtml(JSON.stringify(op.responses, null, 2))}</pre></details>
</section>`);
    }
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)}: API reference</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
code,pre{font:14px ui-monospace,monospace}pre{background:#f4f4f4;padding:.75rem;overflow:auto}
.m{background:#1d4ed8;color:#fff;padding:0 .4rem;border-radius:3px;font-size:.8em}section{border-top:1px solid #ddd}</style>
</head><body><main>
<h1>${escapeHtml(doc.info.title)} <small>v${escapeHtml(doc.info.version)}</small></h1>
<p>${escapeHtml(doc.info.description)}</p>
<p>Machine-readable document: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a></p>
${rows.join('\n')}
</main></body></html>`;
}
