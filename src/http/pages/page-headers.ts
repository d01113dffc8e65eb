// Security headers of the HTML pages (playground, API reference): a Content-Security-Policy and no framing.
import { createHash } from 'node:crypto';

/** The SHA-256 source expression of an inline script, for a CSP that allows that script and no other. */
export function scriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/**
 * Headers for a page of ours: scripts only from this origin (plus the hashed inline scripts named), requests only
 * to this origin, no plugins, no <base> rewriting, no framing by any other page (clickjacking), no referrer sent
 * to anyone else. Styles may be inline: Scalar and the playground's charts set style attributes, and a style
 * cannot run code.
 */
export function pageHeaders(inlineScripts: readonly string[] = []): Record<string, string> {
  const scripts = ["'self'", ...inlineScripts.map(scriptHash)].join(' ');
  return {
    'content-security-policy': [
      "default-src 'self'",
      `script-src ${scripts}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "worker-src 'self' blob:",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  };
}
