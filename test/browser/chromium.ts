// Headless Chromium for the browser tests: Debian's /usr/bin/chromium through playwright-core, every request watched.
import { mkdirSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM, provide } from '../support/provision.js';

export const ARTIFACTS = new URL('../artifacts/', import.meta.url).pathname;

// Without these, Chromium on a machine with no internet floods refused connections (updates, sync, QUIC probes).
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launch(): Promise<Browser> {
  // CHROMIUM_PATH, else `chromium` on PATH (Debian's /usr/bin/chromium), which the run's global setup provided;
  // never skipped: where it cannot be had, this throws what to install.
  const executablePath = provide(CHROMIUM);
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({
    executablePath,
    // playwright gives every launch a fresh temporary profile (its own --user-data-dir).
    args: ARGS,
  });
}

/** What went wrong on a page: console errors, uncaught exceptions, failed or off-machine requests. */
export interface PageProblems {
  consoleErrors: string[];
  pageErrors: string[];
  failedRequests: string[];
  externalRequests: string[];
  /** HTTP responses with status >= 400 that the test did not expect. */
  badResponses: string[];
}

/** Records problems on a page; `expectedStatus` lets a test allow e.g. its own 429. */
export function watch(
  page: Page,
  origin: string,
  expectedStatus: (url: string, status: number) => boolean = () => false,
) {
  const problems: PageProblems = {
    consoleErrors: [],
    pageErrors: [],
    failedRequests: [],
    externalRequests: [],
    badResponses: [],
  };
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    // Chromium logs every 4xx as a console error; the ones a test provokes on purpose are not problems.
    const status = /the server responded with a status of (\d+)/.exec(m.text())?.[1];
    if (status && expectedStatus(m.location().url, Number(status))) return;
    problems.consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => problems.pageErrors.push(String(e)));
  page.on('requestfailed', (r) => problems.failedRequests.push(`${r.url()} ${r.failure()?.errorText}`));
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) {
      problems.externalRequests.push(url);
    }
  });
  page.on('response', (r) => {
    if (r.status() >= 400 && !expectedStatus(r.url(), r.status()))
      problems.badResponses.push(`${r.status()} ${r.url()}`);
  });
  return problems;
}
