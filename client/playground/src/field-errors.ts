// A refused request in words: each field's messages under its input, the rest under the form, the rate limit and
// an unreachable service in the banner.
import { CipherApiError } from '@cipher-service/client';
import { $ } from './dom.js';
import { hideNotice, showNotice, showRateLimit } from './notices.js';

/** Which element shows the errors of which field, per form. */
export type ErrorTargets = Record<string, string>;

export function clearErrors(targets: ErrorTargets, general: string): void {
  for (const id of [...Object.values(targets), general]) {
    const el = $(id);
    el.textContent = '';
    const input = document.querySelector(`[aria-describedby~="${id}"]`);
    input?.removeAttribute('aria-invalid');
  }
}

/** Puts each field's messages under its input, anything else under the form; the rate limit gets the banner. */
export function showError(error: unknown, targets: ErrorTargets, general: string, retry: () => void): void {
  if (!(error instanceof CipherApiError)) {
    $(general).textContent = `Something went wrong: ${String(error)}`;
    return;
  }
  if (error.status === 0 && error.error === 'Aborted') return;
  if (error.isRateLimited) {
    showRateLimit(error, retry);
    return;
  }
  if (error.status === 0) {
    showNotice('The cipher service cannot be reached. Is it running?');
    return;
  }
  hideNotice();
  if (error.isValidation) {
    for (const [field, messages] of Object.entries(error.errors)) {
      const id = targets[field] ?? general;
      const el = $(id);
      el.textContent = [el.textContent, ...messages].filter(Boolean).join(' ');
      document.querySelector(`[aria-describedby~="${id}"]`)?.setAttribute('aria-invalid', 'true');
    }
    return;
  }
  $(general).textContent = error.message;
}
