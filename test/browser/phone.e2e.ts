// The pages on a 390 px phone (issue 30, item 15): nothing cut off or overlapping, measured box by box, and the docs
// page logs no deprecation warning.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveServer, ROOT, startServer } from '../client/live-server.js';
import { ARTIFACTS, launch } from './chromium.js';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

let browser: Browser;
let server: LiveServer;

beforeAll(async () => {
  execFileSync(process.execPath, [join(ROOT, 'client/playground/build-if-stale.mjs')], { cwd: ROOT, stdio: 'pipe' });
  browser = await launch();
  server = await startServer('node');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Boxes matching `inner` whose right edge passes the visible right edge of `outer` (or of the page), in px. */
function cutOff(page: Page, outer: string, inner: string): Promise<string[]> {
  return page.evaluate(
    ([outer, inner]) => {
      const box = document.querySelector(outer) as HTMLElement;
      const edge = Math.min(box.getBoundingClientRect().right, document.documentElement.clientWidth);
      return [...box.querySelectorAll(inner)]
        .map((el) => ({ el, right: el.getBoundingClientRect().right }))
        .filter(({ right }) => right > edge + 0.5)
        .map(({ el, right }) => `${el.className || el.tagName}: ${right.toFixed(0)} > ${edge.toFixed(0)}`);
    },
    [outer, inner] as const,
  );
}

describe('the playground at 390 px', () => {
  let page: Page;
  beforeAll(async () => {
    page = await browser.newPage(PHONE);
    await page.goto(server.url, { waitUntil: 'networkidle' });
  });
  afterAll(() => page?.close());

  it('shows the whole plain → cipher row, with no sideways scroll', async () => {
    await page.fill('#input', 'Hello, World!');
    await expect.poll(() => page.textContent('#output')).toBe('Khoor, Zruog!');
    expect(await cutOff(page, '#mapping', '.mapping-row')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.locator('#mapping').screenshot({ path: join(ARTIFACTS, 'phone-mapping.png') });
  });

  it('shows the Caesar ranking’s decryption column', async () => {
    await page.click('#example-caesar');
    await page.click('#break');
    await expect.poll(() => page.textContent('#best-shift')).toBe('11');
    await page.locator('.table-scroll').screenshot({ path: join(ARTIFACTS, 'phone-ranking.png') });
    expect(await cutOff(page, '.table-scroll', 'tbody tr:first-child td')).toEqual([]);
  });

  it('keeps the IoC chart’s line labels off the bars, and each legend swatch beside its label', async () => {
    await page.click('#example-vigenere');
    await page.fill('#max-key-length', '20');
    await page.click('#break');
    await page.waitForSelector('#ioc-chart svg');
    const overlaps = await page.evaluate(() => {
      const hit = (a: DOMRect, b: DOMRect) =>
        a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const bars = [...document.querySelectorAll('#ioc-chart svg rect')].map((r) => r.getBoundingClientRect());
      return [...document.querySelectorAll('#ioc-chart svg .line-label')]
        .filter((t) => bars.some((b) => hit(t.getBoundingClientRect(), b)))
        .map((t) => t.textContent);
    });
    expect(overlaps).toEqual([]);
    // Named in the legend instead, with their values.
    expect(await page.textContent('#ioc-chart .legend')).toMatch(/Random letters ≈ 0\.038/);
    // Each swatch sits on the line of the words that follow it: their first letters' box and its box share a line.
    const apart = await page.evaluate(() =>
      [...document.querySelectorAll('.legend .swatch')]
        .map((swatch) => {
          let node = swatch.nextSibling;
          while (node && !node.textContent?.trim()) node = node.nextSibling;
          const text = node?.nodeType === Node.TEXT_NODE ? node : node?.firstChild;
          if (!text?.textContent) return `${swatch.className}: no label`;
          const start = text.textContent.search(/\S/);
          const range = document.createRange();
          range.setStart(text, start);
          range.setEnd(text, start + 1);
          const word = range.getBoundingClientRect();
          const s = swatch.getBoundingClientRect();
          const sameLine = s.top < word.bottom && word.top < s.bottom + 1 && word.left >= s.right - 1;
          return sameLine ? '' : `${swatch.className} apart from "${text.textContent.trim()}"`;
        })
        .filter(Boolean),
    );
    expect(apart).toEqual([]);
    await page.locator('#ioc-chart').screenshot({ path: join(ARTIFACTS, 'phone-ioc.png') });
  });
});

describe('the docs page', () => {
  it('logs no deprecation warning (Scalar’s showToolbar)', async () => {
    const page = await browser.newPage(PHONE);
    const logged: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning' || m.type() === 'error') logged.push(m.text());
    });
    await page.goto(`${server.url}/api/v1/docs`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByText('Encrypt with a Caesar shift').count()).toBeGreaterThan(0);
    expect(logged.filter((m) => /deprecat|showToolbar/i.test(m))).toEqual([]);
    await page.close();
  });
});
