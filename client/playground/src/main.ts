// The playground: wires the page to the service through the client package's REST client.

import expected from 'virtual:letter-frequencies';
import {
  API_PREFIX,
  CipherApiError,
  type CipherOutputs,
  createRestClient,
  type RateLimitInfo,
} from '@cipher-service/client';
import { frequencyChart, hypothesisChart, iocChart } from './charts.js';
import { CAESAR_EXAMPLE, MYSTERY_EXAMPLE, VIGENERE_EXAMPLE } from './examples.js';
import { explanationName, explanationWhy, LANGUAGE_NAMES } from './explain.js';
import { countLetters, languageIoc } from './frequencies.js';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const radio = (name: string) => (document.querySelector(`input[name="${name}"]:checked`) as HTMLInputElement).value;

const quota = $('quota');
const api = createRestClient({
  baseUrl: '',
  onRateLimit: ({ remaining, limit }: RateLimitInfo) => {
    quota.textContent = `Requests left right now: ${remaining} of ${limit}.`;
  },
});

// ------------------------------------------------------------------------------------------ notices

const notice = $('notice');
let countdown: ReturnType<typeof setInterval> | undefined;

/** The rate-limit banner counts down and then runs `retry` (the action that was refused). */
function showRateLimit(error: CipherApiError, retry: () => void): void {
  clearInterval(countdown);
  let left = Math.max(1, error.retryAfter ?? 5);
  const render = () => {
    notice.className = 'notice warn';
    notice.innerHTML = '';
    const strong = document.createElement('strong');
    strong.textContent = 'Slow down a little. ';
    const text = document.createElement('span');
    text.textContent = `${error.message} You can try again in ${left} s; the playground will retry by itself.`;
    const more = document.createElement('a');
    more.href = error.documentation ?? `${API_PREFIX}/docs`;
    more.textContent = 'Why is there a limit?';
    notice.append(strong, text, ' ', more);
    notice.hidden = false;
  };
  render();
  countdown = setInterval(() => {
    left -= 1;
    if (left > 0) return render();
    hideNotice();
    retry();
  }, 1000);
}

function showNotice(message: string): void {
  clearInterval(countdown);
  notice.className = 'notice error';
  notice.textContent = message;
  notice.hidden = false;
}

function hideNotice(): void {
  clearInterval(countdown);
  countdown = undefined;
  notice.hidden = true;
}

// ------------------------------------------------------------------------------------------ field errors

/** Which element shows the errors of which field, per form. */
type ErrorTargets = Record<string, string>;

function clearErrors(targets: ErrorTargets, general: string): void {
  for (const id of [...Object.values(targets), general]) {
    const el = $(id);
    el.textContent = '';
    const input = document.querySelector(`[aria-describedby~="${id}"]`);
    input?.removeAttribute('aria-invalid');
  }
}

/** Puts each field's messages under its input, anything else under the form; the rate limit gets the banner. */
function showError(error: unknown, targets: ErrorTargets, general: string, retry: () => void): void {
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

// ------------------------------------------------------------------------------------------ 1. transform

const cipher = $<HTMLSelectElement>('cipher');
const alphabet = $<HTMLSelectElement>('alphabet');
const customAlphabet = $<HTMLInputElement>('custom-alphabet');
const shift = $<HTMLInputElement>('shift');
const shiftValue = $<HTMLOutputElement>('shift-value');
const key = $<HTMLInputElement>('key');
const preserveCase = $<HTMLInputElement>('preserve-case');
const preserveNonAlpha = $<HTMLInputElement>('preserve-non-alpha');
const input = $<HTMLTextAreaElement>('input');
const output = $<HTMLOutputElement>('output');

const TRANSFORM_ERRORS: ErrorTargets = {
  text: 'input-error',
  shift: 'shift-error',
  key: 'key-error',
  custom_alphabet: 'custom-alphabet-error',
};

const alphabetLetters = new Map<string, string>();

function syncTransformControls(): void {
  const c = cipher.value;
  $('shift-field').hidden = c !== 'caesar';
  $('key-field').hidden = c !== 'vigenere';
  $('direction-field').hidden = c === 'rot13';
  $('alphabet-field').hidden = c === 'rot13';
  $('custom-field').hidden = c === 'rot13' || alphabet.value !== 'custom';
  shiftValue.textContent = shift.value;
  const letters = alphabet.value === 'custom' ? customAlphabet.value : alphabetLetters.get(alphabet.value);
  $('alphabet-letters').textContent = c === 'rot13' ? '' : letters ? `Letters: ${letters}` : '';
  renderMapping(c === 'rot13' ? alphabetLetters.get('basic') : letters);
}

/** Shows how the letters move: plain over cipher for a shift, the shift of each key letter for Vigenère. */
function renderMapping(letters: string | undefined): void {
  const box = $('mapping');
  const order = [...(letters ?? '')];
  const n = order.length;
  if (n < 2) {
    box.replaceChildren();
    return;
  }
  const c = cipher.value;
  const sign = radio('direction') === 'decrypt' && c !== 'rot13' ? -1 : 1;
  if (c === 'vigenere') {
    const index = new Map(order.map((l, i) => [l, i]));
    const shifts = [...key.value].slice(0, 24).map((ch) => {
      const i = index.get(ch.toUpperCase());
      return i === undefined ? `${ch} ?` : `${ch.toUpperCase()} ${sign > 0 ? '+' : '−'}${i}`;
    });
    box.replaceChildren(
      el('span', { className: 'mapping-label' }, 'Each key letter is a shift, used in turn: '),
      el('code', {}, shifts.join(' · ')),
    );
    return;
  }
  const k = c === 'rot13' ? 13 : Number(shift.value);
  const moved = order.map((_, i) => order[(((i + sign * k) % n) + n) % n]).join('');
  box.replaceChildren(
    el('span', { className: 'mapping-label' }, sign > 0 ? 'Plain → cipher' : 'Cipher → plain'),
    el('code', { className: 'mapping-row' }, order.join('')),
    el('code', { className: 'mapping-row moved' }, moved),
  );
}

let pending: AbortController | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
let lastRequest = '';

async function transform(): Promise<void> {
  const text = input.value;
  const c = cipher.value;
  const direction = radio('direction') as 'encrypt' | 'decrypt';
  const common = { text, preserve_case: preserveCase.checked, preserve_non_alpha: preserveNonAlpha.checked };
  const withAlphabet = {
    ...common,
    alphabet: alphabet.value as 'basic',
    ...(alphabet.value === 'custom' ? { custom_alphabet: customAlphabet.value } : {}),
  };
  const signature = JSON.stringify([c, direction, withAlphabet, shift.value, key.value]);
  if (signature === lastRequest) return;
  if (!text) {
    clearErrors(TRANSFORM_ERRORS, 'transform-error');
    output.textContent = '';
    lastRequest = signature;
    updateFrequencies();
    return;
  }
  pending?.abort();
  const controller = new AbortController();
  pending = controller;
  output.setAttribute('aria-busy', 'true');
  try {
    const options = { signal: controller.signal };
    const result =
      c === 'caesar'
        ? await api.caesar[direction]({ ...withAlphabet, shift: Number(shift.value) }, options)
        : c === 'vigenere'
          ? await api.vigenere[direction]({ ...withAlphabet, key: key.value }, options)
          : await api.rot13.transform(common, options);
    lastRequest = signature;
    clearErrors(TRANSFORM_ERRORS, 'transform-error');
    hideNotice();
    output.textContent = result.result;
    output.classList.remove('stale');
    updateFrequencies();
  } catch (error) {
    if (controller.signal.aborted) return;
    // Forget the last success, so that going back to it clears this error.
    lastRequest = '';
    clearErrors(TRANSFORM_ERRORS, 'transform-error');
    output.classList.add('stale');
    showError(error, TRANSFORM_ERRORS, 'transform-error', () => void transform());
  } finally {
    if (pending === controller) output.removeAttribute('aria-busy');
  }
}

/** Typing waits for a pause, so a sentence costs a request or two rather than one per key. */
function scheduleTransform(delay = 350): void {
  syncTransformControls();
  clearTimeout(timer);
  timer = setTimeout(() => void transform(), delay);
}

for (const el of [input, key, customAlphabet]) el.addEventListener('input', () => scheduleTransform());
shift.addEventListener('input', () => scheduleTransform(200));
for (const el of [cipher, alphabet, preserveCase, preserveNonAlpha])
  el.addEventListener('change', () => scheduleTransform(0));
for (const el of document.querySelectorAll('input[name="direction"]'))
  el.addEventListener('change', () => scheduleTransform(0));

$('copy').addEventListener('click', async () => {
  const button = $('copy');
  try {
    await navigator.clipboard.writeText(output.textContent ?? '');
    button.textContent = 'Copied';
  } catch {
    button.textContent = 'Select and copy';
  }
  setTimeout(() => {
    button.textContent = 'Copy';
  }, 1500);
});

$('swap').addEventListener('click', () => {
  if (!output.textContent) return;
  input.value = output.textContent;
  const other = document.querySelector(
    `input[name="direction"][value="${radio('direction') === 'encrypt' ? 'decrypt' : 'encrypt'}"]`,
  ) as HTMLInputElement;
  other.checked = true;
  scheduleTransform(0);
});

$('to-breaker').addEventListener('click', () => {
  ciphertext.value = output.textContent ?? '';
  const attack = cipher.value === 'vigenere' ? 'vigenere' : 'caesar';
  (document.querySelector(`input[name="attack"][value="${attack}"]`) as HTMLInputElement).checked = true;
  if (alphabet.value !== 'custom') breakAlphabet.value = alphabet.value;
  syncBreakerControls();
  $('breaker').scrollIntoView({ behavior: 'smooth', block: 'start' });
  ciphertext.focus({ preventScroll: true });
  updateFrequencies();
});

// ------------------------------------------------------------------------------------------ 2. break

const ciphertext = $<HTMLTextAreaElement>('ciphertext');
const language = $<HTMLSelectElement>('language');
const breakAlphabet = $<HTMLSelectElement>('break-alphabet');
const maxKeyLength = $<HTMLInputElement>('max-key-length');
const breakButton = $<HTMLButtonElement>('break');
const solution = $('solution');
const BREAK_ERRORS: ErrorTargets = { text: 'ciphertext-error', max_key_length: 'max-key-length-error' };

function syncBreakerControls(): void {
  $('max-key-length-field').hidden = radio('attack') !== 'vigenere';
}

const percent = (p: number) =>
  p >= 0.9995 ? '>99.9%' : p < 0.0001 ? '<0.01%' : `${(p * 100).toFixed(p < 0.1 ? 2 : 1)}%`;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function renderCaesar(r: CipherOutputs['caesar']['solve']): void {
  const best = r.best_solution;
  const rows = r.all_solutions.map((s, i) => {
    const bar = el('span', { className: 'prob-bar' });
    bar.style.setProperty('--w', `${Math.max(0.5, s.score * 100)}%`);
    return el(
      'tr',
      { className: i === 0 ? 'best-row' : '' },
      el('td', {}, String(i + 1)),
      el('td', {}, String(s.shift)),
      el('td', {}, el('div', { className: 'prob' }, bar, el('span', {}, percent(s.score)))),
      el('td', { className: 'preview' }, s.text.slice(0, 90)),
    );
  });
  const table = el(
    'table',
    { className: 'ranking' },
    el('caption', {}, `Every shift, most probable first (${r.all_solutions.length} in all)`),
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        el('th', { scope: 'col' }, '#'),
        el('th', { scope: 'col' }, 'Shift'),
        el('th', { scope: 'col' }, 'Probability'),
        el('th', { scope: 'col' }, 'Decryption'),
      ),
    ),
    el('tbody', {}, ...rows),
  );
  solution.replaceChildren(
    el(
      'div',
      { className: 'verdict' },
      el('p', { className: 'big' }, 'Shift ', el('strong', { id: 'best-shift' }, String(best.shift))),
      el('p', {}, `${percent(best.confidence)} sure · ${LANGUAGE_NAMES[r.language] ?? r.language}`),
    ),
    el('p', { className: 'result plaintext', id: 'plaintext' }, best.text),
    el('div', { className: 'table-scroll' }, table),
  );
}

/** Draws a chart for its container's width, and again whenever that width changes (a phone turned, a window resized). */
const drawn = new WeakMap<HTMLElement, { draw: (width: number) => string; width: number }>();
const resized = new ResizeObserver((entries) => {
  for (const entry of entries) {
    const box = entry.target as HTMLElement;
    const chart = drawn.get(box);
    // Only a new width redraws: drawing changes the height, which the observer also reports.
    if (!chart || box.clientWidth === 0 || box.clientWidth === chart.width) continue;
    chart.width = box.clientWidth;
    box.innerHTML = chart.draw(chart.width);
  }
});
function fitChart(box: HTMLElement, draw: (width: number) => string): void {
  // Not yet in the page (width 0): the observer draws it again once it is laid out.
  const width = box.clientWidth;
  drawn.set(box, { draw, width });
  box.innerHTML = draw(width || 640);
  resized.observe(box);
}

function renderVigenere(r: CipherOutputs['vigenere']['analyze']): void {
  const a = r.analysis;
  const model = expected[a.language];
  const size = model ? [...model.letters].length : 26;
  const chart = el('div', { className: 'chart-scroll', id: 'ioc-chart' });
  fitChart(chart, (width) =>
    iocChart({
      scores: a.ioc_scores,
      best: a.best_key_length,
      probable: a.probable_key_lengths,
      languageIoc: model ? languageIoc(model.frequencies) : 0.066,
      randomIoc: 1 / size,
      languageName: LANGUAGE_NAMES[a.language] ?? a.language,
      width,
    }),
  );
  solution.replaceChildren(
    el(
      'div',
      { className: 'verdict' },
      el('p', { className: 'big' }, 'Key ', el('strong', { id: 'best-key' }, a.probable_key)),
      el(
        'p',
        {},
        `length ${a.best_key_length} · ${percent(a.confidence)} sure · ${LANGUAGE_NAMES[a.language] ?? a.language}`,
      ),
    ),
    el('p', { className: 'result plaintext', id: 'plaintext' }, a.decrypted_preview),
    el('h3', {}, 'Index of coincidence per key length'),
    el(
      'p',
      { className: 'hint' },
      'Split the text into columns, one per key letter: at the right length each column is a plain Caesar text, and its IoC rises to the language’s own.',
    ),
    chart,
  );
}

/**
 * Runs a request with its button disabled and saying `labels.busy`, and the region its answer goes to marked busy
 * (screen readers wait for it); afterwards the button says `labels.idle` again, whatever happened.
 */
async function whileBusy(
  button: HTMLButtonElement,
  labels: { busy: string; idle: string },
  region: HTMLElement,
  work: () => Promise<void>,
): Promise<void> {
  button.disabled = true;
  button.textContent = labels.busy;
  region.setAttribute('aria-busy', 'true');
  try {
    await work();
  } finally {
    button.disabled = false;
    button.textContent = labels.idle;
    region.removeAttribute('aria-busy');
  }
}

async function breakIt(): Promise<void> {
  const text = ciphertext.value;
  const attack = radio('attack');
  clearErrors(BREAK_ERRORS, 'breaker-error');
  await whileBusy(breakButton, { busy: 'Breaking…', idle: 'Break it' }, solution, async () => {
    try {
      const common = { text, language: language.value as 'auto', alphabet: breakAlphabet.value as 'basic' };
      if (attack === 'caesar') renderCaesar(await api.caesar.solve(common));
      else renderVigenere(await api.vigenere.analyze({ ...common, max_key_length: Number(maxKeyLength.value) }));
      hideNotice();
    } catch (error) {
      solution.replaceChildren();
      showError(error, BREAK_ERRORS, 'breaker-error', () => void breakIt());
    }
  });
}

breakButton.addEventListener('click', () => void breakIt());
for (const r of document.querySelectorAll('input[name="attack"]')) r.addEventListener('change', syncBreakerControls);
ciphertext.addEventListener('input', () => updateFrequencies());
language.addEventListener('change', () => {
  if (language.value !== 'auto') {
    freqLanguage.value = language.value;
    updateFrequencies();
  }
});

function loadExample(kind: 'caesar' | 'vigenere'): void {
  ciphertext.value = kind === 'caesar' ? CAESAR_EXAMPLE : VIGENERE_EXAMPLE;
  (document.querySelector(`input[name="attack"][value="${kind}"]`) as HTMLInputElement).checked = true;
  breakAlphabet.value = 'basic';
  syncBreakerControls();
  clearErrors(BREAK_ERRORS, 'breaker-error');
  (document.querySelector('input[name="freq-source"][value="ciphertext"]') as HTMLInputElement).checked = true;
  updateFrequencies();
}
$('example-caesar').addEventListener('click', () => loadExample('caesar'));
$('example-vigenere').addEventListener('click', () => loadExample('vigenere'));

// ------------------------------------------------------------------------------------------ ?. what is this

type Identification = CipherOutputs['analysis']['identify'];

const mystery = $<HTMLTextAreaElement>('mystery');
const identifyButton = $<HTMLButtonElement>('identify-button');
const identification = $('identification');
const IDENTIFY_ERRORS: ErrorTargets = { text: 'mystery-error' };

function renderIdentification(r: Identification): void {
  const best = r.best_solution;
  const [, runnerUp] = r.all_solutions;
  const chart = el('div', { className: 'chart-scroll', id: 'hypothesis-chart' });
  fitChart(chart, (width) =>
    hypothesisChart(
      r.all_solutions.map((s, i) => ({ label: explanationName(s), probability: s.confidence, best: i === 0 })),
      width,
      percent,
    ),
  );
  identification.replaceChildren(
    el(
      'div',
      { className: 'verdict' },
      el('p', { className: 'big' }, el('strong', { id: 'verdict' }, explanationName(best))),
      el('p', {}, `${percent(best.confidence)} sure`),
    ),
    el('p', { id: 'verdict-why' }, explanationWhy(best)),
    best.cipher === 'unknown' ? '' : el('p', { className: 'result plaintext', id: 'identified-text' }, best.text),
    el('h3', {}, 'Why: every explanation weighed'),
    el(
      'p',
      { className: 'hint' },
      'Each bar is the probability of one explanation, all of them weighed together against the same text. ' +
        (runnerUp
          ? `The next best, ${explanationName(runnerUp)}, has ${percent(runnerUp.confidence)}.`
          : 'There is no other explanation worth showing.'),
    ),
    chart,
  );
}

async function identifyIt(): Promise<void> {
  clearErrors(IDENTIFY_ERRORS, 'identify-error');
  await whileBusy(identifyButton, { busy: 'Looking…', idle: 'What is this?' }, identification, async () => {
    try {
      renderIdentification(await api.analysis.identify({ text: mystery.value }));
      hideNotice();
    } catch (error) {
      identification.replaceChildren();
      showError(error, IDENTIFY_ERRORS, 'identify-error', () => void identifyIt());
    }
  });
}

identifyButton.addEventListener('click', () => void identifyIt());
$('example-mystery').addEventListener('click', () => {
  mystery.value = MYSTERY_EXAMPLE;
  void identifyIt();
});
// Pasting is the usual way in: the answer comes without a further click.
mystery.addEventListener('paste', () => setTimeout(() => void identifyIt(), 0));

// ------------------------------------------------------------------------------------------ 3. frequencies

const freqLanguage = $<HTMLSelectElement>('freq-language');
const freqChart = $('freq-chart');

function updateFrequencies(): void {
  const source = radio('freq-source');
  const text = source === 'input' ? input.value : source === 'output' ? (output.textContent ?? '') : ciphertext.value;
  const lang = freqLanguage.value;
  const model = expected[lang];
  if (!model) return;
  const letters = [...model.letters];
  const { shares, total } = countLetters(text, model.letters);
  $('freq-summary').textContent = total
    ? `${total} letter${total === 1 ? '' : 's'} counted. The more text, the closer a plain text comes to the expected pattern.`
    : 'No letters to count yet: type some text, or load an example in step 2.';
  fitChart(freqChart, (width) =>
    frequencyChart({
      letters,
      text: shares,
      expected: model.frequencies,
      languageName: LANGUAGE_NAMES[lang] ?? lang,
      width,
    }),
  );
}

freqLanguage.addEventListener('change', updateFrequencies);
for (const r of document.querySelectorAll('input[name="freq-source"]')) r.addEventListener('change', updateFrequencies);

// ------------------------------------------------------------------------------------------ start

async function loadAlphabets(): Promise<void> {
  try {
    const { alphabets } = await api.meta.alphabets();
    for (const a of alphabets) alphabetLetters.set(a.name, a.letters);
    syncTransformControls();
  } catch {
    // The letters line is a nicety; the selects work without it.
  }
}

syncTransformControls();
syncBreakerControls();
updateFrequencies();
void loadAlphabets();
void transform();
