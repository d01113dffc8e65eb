// The docs page and the playground in headless Chromium against a live service: they work, look right, and stay local.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caesarEncrypt, namedAlphabet } from '../../src/core/index.js';
import { type LiveServer, ROOT, type Runtime, startServer } from '../client/live-server.js';
import { ARTIFACTS, launch, type PageProblems, watch } from './chromium.js';

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

function expectClean(problems: PageProblems): void {
  expect(problems).toEqual({
    consoleErrors: [],
    pageErrors: [],
    failedRequests: [],
    externalRequests: [],
    badResponses: [],
  });
}

let browser: Browser;

beforeAll(async () => {
  // What `npm start` does first: build the playground if its sources changed.
  execFileSync(process.execPath, [join(ROOT, 'client/playground/build-if-stale.mjs')], { cwd: ROOT, stdio: 'pipe' });
  browser = await launch();
}, 60_000);
afterAll(() => browser?.close());

describe.each<Runtime>(['node', 'bun'])('pages served by the service on %s', (runtime) => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startServer(runtime);
  }, 60_000);
  afterAll(() => server?.stop());

  it('the docs page renders the reference with every asset local and no errors', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watch(page, server.url);
    await page.goto(`${server.url}/api/v1/docs`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByRole('heading', { name: 'Classical Cipher Service' }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('Encrypt with a Caesar shift').count()).toBeGreaterThan(0);
    await shot(page, `docs-${runtime}`);
    expectClean(problems);
    await page.close();
  });

  it('the playground loads with no errors', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watch(page, server.url);
    await page.goto(server.url, { waitUntil: 'networkidle' });
    await expect.poll(() => page.textContent('#output')).toBe('Dwwdfn dw gdzq! Phhw ph eb wkh rog rdn wuhh.');
    await shot(page, `playground-${runtime}`);
    expectClean(problems);
    await page.close();
  });
});

describe('the docs page on Node', () => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startServer('node');
  }, 60_000);
  afterAll(() => server?.stop());

  it('sends a "try it" request to this service and shows the answer', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watch(page, server.url);
    await page.goto(`${server.url}/api/v1/docs`, { waitUntil: 'networkidle' });
    await page
      .getByRole('button', { name: /test request/i })
      .first()
      .click();
    await page.getByRole('button', { name: /^send/i }).first().click();
    await expect.poll(() => page.getByText('Khoor, Zruog!').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await shot(page, 'docs-try-it');
    expectClean(problems);
    await page.close();
  });
});

describe('the playground on Node', () => {
  let server: LiveServer;
  let page: Page;
  let problems: PageProblems;

  beforeAll(async () => {
    server = await startServer('node');
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // A 422 is the test's own doing (a bad key, a bad custom alphabet); it must show as a friendly message, not a broken page.
    problems = watch(
      page,
      server.url,
      (url, status) => status === 422 && /\/(vigenere|substitution|affine|identify)\b/.test(url),
    );
    await page.goto(server.url, { waitUntil: 'networkidle' });
  }, 60_000);
  afterAll(async () => {
    await page?.close();
    await server?.stop();
  });

  it('opens on "What is this?": a pasted text gets a verdict, its decryption and why, charted', async () => {
    expect(await page.evaluate(() => document.querySelector('main section')?.id)).toBe('identify');
    await page.click('#example-mystery');
    await expect.poll(() => page.textContent('#verdict'), { timeout: 60_000 }).toBe('Vigenère, key ORCHID, English');
    expect(await page.textContent('#identified-text')).toMatch(/^ITISA TRUTH UNIVE/);
    expect(await page.textContent('#verdict-why')).toContain('key ORCHID');
    const bars = page.locator('#hypothesis-chart svg rect');
    expect(await bars.count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator('#hypothesis-chart svg rect.bar-best').count()).toBe(1);
    expect(await page.getAttribute('#hypothesis-chart svg', 'aria-label')).toMatch(
      /^Explanations weighed, most likely first: Vigenère, key ORCHID, English/,
    );
    // Pasted plain text is read as it is, without a further click.
    await page.fill('#mystery', '');
    await page.focus('#mystery');
    await page.evaluate(() => {
      const box = document.getElementById('mystery') as HTMLTextAreaElement;
      box.value =
        'It is a truth universally acknowledged, that a single man in possession of a good fortune must be in want of a wife.';
      box.dispatchEvent(new ClipboardEvent('paste', { bubbles: true }));
    });
    await expect.poll(() => page.textContent('#verdict'), { timeout: 30_000 }).toBe('Plain English text');
    await shot(page, 'playground-identify');
  });

  it('charts each reading once: a Caesar shift read in five languages is one bar (issue 30, item 3)', async () => {
    await page.fill('#mystery', 'Khoor zruog! Wkh vhfuhw phhwlqj lv dw wkh rog ploo.');
    await page.click('#identify-button');
    await expect.poll(() => page.textContent('#verdict'), { timeout: 30_000 }).toBe('Caesar, shift 3, English');
    const labels = await page.locator('#hypothesis-chart svg g > text:first-of-type').allTextContents();
    expect(labels.length).toBeGreaterThanOrEqual(2);
    // A reading is its label without the language: "Caesar, shift 3, English" and "…, Polish" are one reading.
    const readings = labels.map((l) => l.replace(/(, )?(English|Polish|German|Spanish|French)( text)?$/, ''));
    expect(new Set(readings).size).toBe(readings.length);
    expect(readings.filter((r) => r === 'Caesar, shift 3')).toHaveLength(1);
  });

  it('reads a text in the alphabet chosen, and names another alphabet it read it in (issue 30, item 2)', async () => {
    // A shift of the german alphabet that moved ä ö ü ß too is found unasked, in that alphabet.
    const umlauts = 'Grüße aus München! Die Brötchen schmecken süß, und die Mädchen lächeln fröhlich über die Bäume.';
    await page.fill('#mystery', caesarEncrypt(umlauts, 25, namedAlphabet('german')));
    await page.click('#identify-button');
    await expect
      .poll(() => page.textContent('#verdict'), { timeout: 30_000 })
      .toBe('Caesar, shift 25, German (german alphabet)');
    expect(await page.textContent('#identified-text')).toBe(umlauts);
    // One whose ciphertext holds no letter beyond A–Z says nothing of its alphabet: read in A–Z, its umlauts come
    // back wrong, and choosing german reads it right.
    const plain = 'Schöne Grüße aus Köln, wir wünschen euch frohe Tage.';
    await page.fill('#mystery', caesarEncrypt(plain, 3, namedAlphabet('german')));
    await page.click('#identify-button');
    await expect.poll(() => page.textContent('#identified-text'), { timeout: 30_000 }).toMatch(/^Sch.ne Gr..e/);
    expect(await page.textContent('#identified-text')).not.toBe(plain);
    await page.selectOption('#mystery-alphabet', 'german');
    await page.click('#identify-button');
    await expect.poll(() => page.textContent('#identified-text'), { timeout: 30_000 }).toBe(plain);
    expect(await page.textContent('#verdict')).toBe('Caesar, shift 3, German');
    // Custom offers its letters; a bad set is said in words beside them.
    await page.selectOption('#mystery-alphabet', 'custom');
    expect(await page.isVisible('#mystery-custom-alphabet')).toBe(true);
    await page.fill('#mystery-custom-alphabet', 'AA');
    await page.click('#identify-button');
    await expect.poll(() => page.textContent('#mystery-custom-alphabet-error')).not.toBe('');
    await page.selectOption('#mystery-alphabet', 'basic');
    expect(await page.isVisible('#mystery-custom-alphabet')).toBe(false);
  });

  it('encrypts and decrypts live as you type', async () => {
    await page.fill('#input', 'Hello, World!');
    await expect.poll(() => page.textContent('#output')).toBe('Khoor, Zruog!');
    expect(await page.textContent('#mapping .moved')).toBe('DEFGHIJKLMNOPQRSTUVWXYZABC');
    await page.selectOption('#cipher', 'vigenere');
    await page.fill('#key', 'LEMON');
    await page.fill('#input', 'Attack at dawn!');
    await expect.poll(() => page.textContent('#output')).toBe('Lxfopv ef rnhr!');
    await page.click('#swap');
    await expect.poll(() => page.textContent('#output')).toBe('Attack at dawn!');
    await shot(page, 'playground-encrypt');
  });

  it('shows a field error in words for a bad key', async () => {
    await page.fill('#key', 'L3M0N');
    await expect.poll(() => page.textContent('#key-error')).toMatch(/key/i);
    expect(await page.getAttribute('#key', 'aria-invalid')).toBe('true');
    await page.fill('#key', 'LEMON');
    await expect.poll(() => page.textContent('#key-error')).toBe('');
  });

  it('takes a variant of the Vigenère family, and says what key it needs', async () => {
    // Porta is its own inverse, so either direction gives Wikipedia's example.
    await page.selectOption('#variant', 'porta');
    await page.fill('#key', 'FORTIFICATION');
    await page.fill('#input', 'DEFENDTHEEASTWALLOFTHECASTLE');
    await expect.poll(() => page.textContent('#output')).toBe('SYNNJSCVRNRLAHUTUKUCVRYRLANY');
    await page.selectOption('#variant', 'gronsfeld');
    await expect.poll(() => page.textContent('#key-error')).toMatch(/digits 0–9/);
    await page.selectOption('#variant', 'vigenere');
    await page.fill('#key', 'LEMON');
    await expect.poll(() => page.textContent('#key-error')).toBe('');
  });

  it('substitutes with a keyword or a whole cipher alphabet, and shows the table plain → cipher', async () => {
    await page.selectOption('#cipher', 'substitution');
    await page.check('input[name="direction"][value="encrypt"]');
    await page.fill('#substitution-key', 'zebras');
    await page.fill('#input', 'Flee at once. We are discovered!');
    await expect.poll(() => page.textContent('#output')).toBe('Siaa zq lkba. Va zoa rfpbluaoar!');
    expect(await page.textContent('#mapping .moved')).toBe('ZEBRASCDFGHIJKLMNOPQTUVWXY');
    // Turned to a whole alphabet, the keyword is written out as the alphabet it builds: the same cipher.
    await page.check('input[name="substitution-by"][value="key"]');
    expect(await page.inputValue('#substitution-key')).toBe('ZEBRASCDFGHIJKLMNOPQTUVWXY');
    await page.fill('#substitution-key', 'ZEBRASCDFGHIJKLMNOPQTUVWXZ');
    await expect
      .poll(() => page.textContent('#substitution-key-error'))
      .toBe('The key must hold each letter once: Z is given twice.');
    await page.fill('#substitution-key', 'ZEBRASCDFGHIJKLMNOPQTUVWXY');
    await expect.poll(() => page.textContent('#substitution-key-error')).toBe('');
    await page.check('input[name="direction"][value="decrypt"]');
    await page.fill('#input', 'Siaa zq lkba. Va zoa rfpbluaoar!');
    await expect.poll(() => page.textContent('#output')).toBe('Flee at once. We are discovered!');
    expect(await page.textContent('#mapping .mapping-label')).toBe('Cipher → plain');
    await shot(page, 'playground-substitution');
  });

  it('applies an affine key, and says when a shares a factor with the alphabet', async () => {
    await page.selectOption('#cipher', 'affine');
    await page.check('input[name="direction"][value="encrypt"]');
    await page.fill('#affine-a', '5');
    await page.fill('#affine-b', '8');
    await page.fill('#input', 'AFFINE CIPHER');
    await expect.poll(() => page.textContent('#output')).toBe('IHHWVC SWFRCP');
    expect(await page.textContent('#mapping .moved')).toBe('INSXCHMRWBGLQVAFKPUZEJOTYD');
    await page.fill('#affine-a', '13');
    await expect
      .poll(() => page.textContent('#affine-a-error'))
      .toBe("The a must share no factor with the alphabet's 26 letters.");
    expect(await page.getAttribute('#affine-a', 'aria-invalid')).toBe('true');
    await page.fill('#affine-a', '5');
    await expect.poll(() => page.textContent('#affine-a-error')).toBe('');
    await shot(page, 'playground-affine');
  });

  it('solves a Caesar text and ranks every shift with its probability', async () => {
    await page.click('#example-caesar');
    await page.click('#break');
    await expect.poll(() => page.textContent('#best-shift')).toBe('11');
    expect(await page.textContent('#plaintext')).toMatch(/^It is a truth universally acknowledged/);
    expect(await page.locator('table.ranking tbody tr').count()).toBe(26);
    expect(await page.textContent('table.ranking tbody tr:first-child')).toContain('>99.9%');
    await shot(page, 'playground-caesar-solve');
  });

  it('says apart whether a text is a Caesar cipher at all and, if so, whether the shift is right', async () => {
    await page.click('#example-caesar');
    await page.click('#break');
    await expect
      .poll(() => page.textContent('.two-step'))
      .toBe('Probably a Caesar cipher: >99.9%; if so, shift 11: >99.9%');
    // Four random-looking letters: most likely no cipher at all, though one shift still reads best among the rest.
    await page.fill('#ciphertext', 'QZXJ');
    await page.click('#break');
    await expect
      .poll(() => page.textContent('.two-step'))
      .toMatch(/^Probably not a Caesar cipher: [\d.]+%; if so, shift \d+: /);
  });

  it('analyses a Vigenère text: IoC bar chart and the recovered key', async () => {
    await page.click('#example-vigenere');
    await page.fill('#max-key-length', '12');
    await page.click('#break');
    await expect.poll(() => page.textContent('#best-key')).toBe('ORCHID');
    // The whole decryption (issue 30, item 5), not the analysis's 200-code-point preview cut mid-word: the example is
    // 375 code points, and the shown text ends where the ciphertext does.
    const shown = (await page.textContent('#plaintext')) ?? '';
    const sent = (await page.inputValue('#ciphertext')) ?? '';
    expect([...shown].length).toBe([...sent].length);
    expect(shown.slice(-20).replace(/[a-z]/gi, '·')).toBe(sent.slice(-20).replace(/[a-z]/gi, '·'));
    const bars = page.locator('#ioc-chart svg rect');
    expect(await bars.count()).toBe(12);
    expect(await page.locator('#ioc-chart svg rect.bar-best').count()).toBe(1);
    expect(await page.getAttribute('#ioc-chart svg', 'aria-label')).toContain('Highest at length 6');
    await shot(page, 'playground-vigenere-analyze');
  });

  it('says when the key is longer than the lengths tried, and tries that length on request', async () => {
    await page.click('#example-vigenere');
    await page.fill('#max-key-length', '4');
    await page.click('#break');
    await expect
      .poll(() => page.textContent('#longer-key'), { timeout: 30_000 })
      .toContain('The letters repeat every 6: the key looks longer than the 4 letters tried.');
    await page.click('#try-longer-key');
    await expect.poll(() => page.textContent('#best-key'), { timeout: 30_000 }).toBe('ORCHID');
    expect(await page.inputValue('#max-key-length')).toBe('6');
    expect(await page.locator('#longer-key').count()).toBe(0);
  });

  it('breaks a cryptogram, shows its key as a table, and keeps a pinned letter', async () => {
    await page.click('#example-substitution');
    await page.click('#break');
    await expect
      .poll(() => page.textContent('#plaintext'), { timeout: 30_000 })
      .toBe(
        'It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness.',
      );
    // Plain T over cipher T, plain A over cipher D; Z, unused by the text, filled by the keyword alphabet DICKENS
    // the key follows, J unknown (keywords alike on the text disagree there).
    expect(await page.getByLabel('Cipher letter for plain T').inputValue()).toBe('T');
    expect(await page.getByLabel('Cipher letter for plain A').inputValue()).toBe('D');
    expect(await page.getByLabel('Cipher letter for plain Z').inputValue()).toBe('Z');
    expect(await page.getByLabel('Cipher letter for plain J').inputValue()).toBe('');
    expect(await page.textContent('#key-rule')).toContain('keyword alphabet, DI?KENS');
    // Pin cipher Q (worst's R) to plain Z, and solve again: the answer keeps the clue.
    await page.getByLabel('Cipher letter for plain Z').fill('q');
    await page.click('#solve-again');
    // (The solver rearranges the rest around so odd a clue; "wmqrt", worst, now has its z.)
    await expect
      .poll(async () => (await page.textContent('#plaintext'))?.split(' ')[9], { timeout: 30_000 })
      .toMatch(/^..z..$/);
    expect(await page.getByLabel('Cipher letter for plain Z').inputValue()).toBe('Q');
    expect(await page.getAttribute('#key-cipher-25', 'class')).toContain('pinned');
    await shot(page, 'playground-substitution-solve');
    await page.click('#clear-pins');
    expect(await page.getByLabel('Cipher letter for plain Z').inputValue()).toBe('Q');
    expect(await page.getAttribute('#key-cipher-25', 'class')).not.toContain('pinned');
  });

  it('charts the letter frequencies of the text against the language', async () => {
    await page.check('input[name="freq-source"][value="ciphertext"]');
    await page.selectOption('#freq-language', 'en');
    expect(await page.locator('#freq-chart svg rect.bar-text').count()).toBe(26);
    expect(await page.locator('#freq-chart svg rect.bar-expected').count()).toBe(26);
    expect(await page.textContent('#freq-summary')).toMatch(/^\d+ letters counted/);
    await page.selectOption('#freq-language', 'pl');
    expect(await page.locator('#freq-chart svg rect.bar-text').count()).toBe(35);
    await page.locator('#frequencies').screenshot({ path: join(ARTIFACTS, 'playground-frequencies.png') });
  });

  it('labels every control', async () => {
    const unlabelled = await page.evaluate(() =>
      [...document.querySelectorAll('input, select, textarea, button, output')]
        .filter((el) => !el.closest('[aria-hidden="true"]'))
        .filter((el) => {
          const labels = (el as HTMLInputElement).labels;
          const named = el.getAttribute('aria-label') || el.getAttribute('aria-labelledby');
          const text = el.tagName === 'BUTTON' && el.textContent?.trim();
          return !named && !text && !(labels && labels.length > 0);
        })
        .map((el) => el.id || el.outerHTML.slice(0, 60)),
    );
    expect(unlabelled).toEqual([]);
  });

  it('fits a phone screen', async () => {
    const phone = await browser.newPage({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const phoneProblems = watch(phone, server.url);
    await phone.goto(server.url, { waitUntil: 'networkidle' });
    await phone.click('#example-caesar');
    await phone.click('#break');
    await expect.poll(() => phone.textContent('#best-shift')).toBe('11');
    const [scrollWidth, clientWidth] = await phone.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ]);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    // The charts shrink to the screen instead of scrolling sideways (issue 17): the letter frequencies, and the IoC
    // bars of a Vigenère analysis with 20 key lengths.
    await phone.click('#example-vigenere');
    await phone.fill('#max-key-length', '20');
    await phone.click('#break');
    await phone.waitForSelector('#ioc-chart svg');
    await phone.click('#example-mystery');
    await phone.waitForSelector('#hypothesis-chart svg', { timeout: 60_000 });
    const overflowing = await phone.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.chart-scroll')]
        .filter((box) => box.scrollWidth > box.clientWidth)
        .map((box) => `${box.id}: ${box.scrollWidth} > ${box.clientWidth}`),
    );
    expect(overflowing).toEqual([]);
    expect(await phone.locator('.chart-scroll svg').count()).toBeGreaterThanOrEqual(3);
    await shot(phone, 'playground-phone');
    expectClean(phoneProblems);
    await phone.close();
  });

  it('had no console errors, failed requests or off-machine requests', () => {
    expectClean(problems);
  });
});

describe('the playground on the rate limit', () => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startServer('node', { RATE_LIMIT: '3', RATE_LIMIT_WINDOW_S: '4' });
  }, 60_000);
  afterAll(() => server?.stop());

  it('says so in words, counts down, and retries by itself', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watch(page, server.url, (_, status) => status === 429);
    await page.goto(server.url, { waitUntil: 'networkidle' });
    await page.click('#example-caesar');
    for (let i = 0; i < 4; i++) {
      await page.click('#break');
      await page.waitForFunction(() => !(document.getElementById('break') as HTMLButtonElement).disabled);
    }
    const notice = page.locator('#notice');
    await expect.poll(() => notice.isVisible()).toBe(true);
    const text = (await notice.textContent()) ?? '';
    expect(text).toContain('Slow down a little.');
    expect(text).toContain('Rate limit exceeded. You can make up to 3 requests per 4 seconds.');
    expect(text).toMatch(/try again in \d+ s/);
    expect(await notice.locator('a').getAttribute('href')).toBe(`${server.url}/api/v1/docs`);
    await shot(page, 'playground-rate-limit');
    // When the window has passed, the refused request is made again and succeeds.
    await expect.poll(() => notice.isVisible(), { timeout: 15_000 }).toBe(false);
    await expect.poll(() => page.textContent('#best-shift'), { timeout: 15_000 }).toBe('11');
    expectClean(problems);
    await page.close();
  });
});
