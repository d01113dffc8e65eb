// Step 2, break a cipher: one attack per breakable cipher (ciphers/), its example, and its answer drawn.
import { api } from './api.js';
import { BREAKABLE, cipherNamed } from './ciphers/registry.js';
import { $, checkRadio, el, radio, whileBusy } from './dom.js';
import { clearErrors, type ErrorTargets, showError } from './field-errors.js';
import { compareWith, updateFrequencies } from './frequency-panel.js';
import { hideNotice } from './notices.js';

const ciphertext = $<HTMLTextAreaElement>('ciphertext');
const language = $<HTMLSelectElement>('language');
const breakAlphabet = $<HTMLSelectElement>('break-alphabet');
const breakButton = $<HTMLButtonElement>('break');
const solution = $('solution');
const BREAK_ERRORS: ErrorTargets = Object.assign(
  { text: 'ciphertext-error' },
  ...BREAKABLE.map((c) => c.breaker.errors),
);

/** The attack the radio buttons choose. */
const chosen = () => BREAKABLE.find((c) => c.name === radio('attack')) ?? BREAKABLE[0]!;

/** Shows the fields of the chosen attack only. */
function syncBreakerControls(): void {
  const shown = chosen().breaker.fields;
  for (const id of BREAKABLE.flatMap((c) => c.breaker.fields)) $(id).hidden = !shown.includes(id);
}

async function breakIt(): Promise<void> {
  const text = ciphertext.value;
  const { breaker } = chosen();
  clearErrors(BREAK_ERRORS, 'breaker-error');
  await whileBusy(breakButton, { busy: 'Breaking…', idle: 'Break it' }, solution, async () => {
    try {
      const fields = { text, language: language.value as 'auto', alphabet: breakAlphabet.value as 'basic' };
      solution.replaceChildren(...(await breaker.solve(api, fields)));
      hideNotice();
    } catch (error) {
      solution.replaceChildren();
      showError(error, BREAK_ERRORS, 'breaker-error', () => void breakIt());
    }
  });
}

/** Puts `text` in the breaker with the attack of `cipher` chosen (and `alphabet`, when it is a named one). */
export function breakNext(text: string, cipher: string, alphabet: string): void {
  const attack = cipherNamed(cipher).brokenBy;
  if (!attack) return;
  ciphertext.value = text;
  checkRadio('attack', attack);
  if (alphabet !== 'custom') breakAlphabet.value = alphabet;
  syncBreakerControls();
  $('breaker').scrollIntoView({ behavior: 'smooth', block: 'start' });
  ciphertext.focus({ preventScroll: true });
  updateFrequencies();
}

function loadExample(name: string, example: string): void {
  ciphertext.value = example;
  checkRadio('attack', name);
  breakAlphabet.value = 'basic';
  syncBreakerControls();
  clearErrors(BREAK_ERRORS, 'breaker-error');
  checkRadio('freq-source', 'ciphertext');
  updateFrequencies();
}

/** One radio button per attack, and one example button each after the break button. */
function buildAttacks(): void {
  const attacks = $('attacks');
  const actions = $('breaker-actions');
  for (const [i, { name, title, breaker }] of BREAKABLE.entries()) {
    const input = el('input', { type: 'radio', name: 'attack', value: name, checked: i === 0 });
    input.addEventListener('change', syncBreakerControls);
    attacks.append(el('label', {}, input, ` ${title}`));
    const button = el('button', { type: 'button', id: `example-${name}` }, `Load a ${title} example`);
    button.addEventListener('click', () => loadExample(name, breaker.example));
    actions.append(button);
  }
}

export function setupBreakerPanel(): void {
  buildAttacks();
  syncBreakerControls();
  breakButton.addEventListener('click', () => void breakIt());
  ciphertext.addEventListener('input', () => updateFrequencies());
  language.addEventListener('change', () => {
    if (language.value !== 'auto') compareWith(language.value);
  });
}
