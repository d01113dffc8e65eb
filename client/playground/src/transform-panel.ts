// Step 1, encrypt and decrypt as you type: the shared controls here, each cipher's own fields and request in ciphers/.
import { alphabetLetters } from './alphabets.js';
import { api } from './api.js';
import { breakNext } from './breaker-panel.js';
import type { PlaygroundCipher, TransformForm } from './ciphers/cipher.js';
import { CIPHERS, cipherNamed } from './ciphers/registry.js';
import { $, checkRadio, el, radio } from './dom.js';
import { clearErrors, type ErrorTargets, showError } from './field-errors.js';
import { updateFrequencies } from './frequency-panel.js';
import { hideNotice } from './notices.js';

const cipher = $<HTMLSelectElement>('cipher');
const alphabet = $<HTMLSelectElement>('alphabet');
const customAlphabet = $<HTMLInputElement>('custom-alphabet');
const preserveCase = $<HTMLInputElement>('preserve-case');
const preserveNonAlpha = $<HTMLInputElement>('preserve-non-alpha');
const input = $<HTMLTextAreaElement>('input');
const output = $<HTMLOutputElement>('output');

/**
 * The elements that show a transform's errors: the shared fields' and the chosen cipher's own. Two ciphers may name
 * a field alike (Vigenère's key and substitution's), so each cipher's map stands apart.
 */
const errorsOf = (c: PlaygroundCipher): ErrorTargets => ({
  text: 'input-error',
  custom_alphabet: 'custom-alphabet-error',
  ...c.errors,
});

/** Clears every cipher's errors, not only the chosen one's: a cipher left with an error may be chosen again. */
function clearTransformErrors(): void {
  for (const c of CIPHERS) clearErrors(errorsOf(c), 'transform-error');
}

/** Shows the chosen cipher's fields only, the alphabet's letters, and how the letters move. */
export function syncTransformControls(): void {
  const c = cipherNamed(cipher.value);
  for (const id of CIPHERS.flatMap((other) => other.fields)) $(id).hidden = !c.fields.includes(id);
  $('direction-field').hidden = !c.twoWay;
  $('to-breaker').hidden = !c.brokenBy;
  $('alphabet-field').hidden = !c.takesAlphabet;
  $('custom-field').hidden = !c.takesAlphabet || alphabet.value !== 'custom';
  const letters = alphabet.value === 'custom' ? customAlphabet.value : alphabetLetters.get(alphabet.value);
  $('alphabet-letters').textContent = !c.takesAlphabet ? '' : letters ? `Letters: ${letters}` : '';
  const order = [...((c.takesAlphabet ? letters : alphabetLetters.get('basic')) ?? '')];
  const sign = radio('direction') === 'decrypt' && c.twoWay ? -1 : 1;
  // Fewer than two letters move nowhere: nothing to show.
  $('mapping').replaceChildren(...(order.length < 2 ? [] : c.mapping(order, sign)));
  // The rows' letters are sized to fit the box by their count (results.css).
  $('mapping').style.setProperty('--letters', String(order.length));
}

function readForm(): TransformForm {
  const common = {
    text: input.value,
    preserve_case: preserveCase.checked,
    preserve_non_alpha: preserveNonAlpha.checked,
  };
  return {
    direction: radio('direction') as TransformForm['direction'],
    common,
    withAlphabet: {
      ...common,
      alphabet: alphabet.value as 'basic',
      ...(alphabet.value === 'custom' ? { custom_alphabet: customAlphabet.value } : {}),
    },
  };
}

/** The values of a cipher's own field's controls (whether a radio button is checked), for the request's signature. */
const fieldValue = (id: string) =>
  [...$(id).querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')].map((i) =>
    i instanceof HTMLInputElement && i.type === 'radio' ? i.checked : i.value,
  );

let pending: AbortController | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
let lastRequest = '';

/** Sends the form, unless it is what was last answered; a newer request aborts an older one still on its way. */
export async function transform(): Promise<void> {
  const c = cipherNamed(cipher.value);
  const form = readForm();
  const signature = JSON.stringify([c.name, form.direction, form.withAlphabet, ...c.fields.map(fieldValue)]);
  if (signature === lastRequest) return;
  if (!form.common.text) {
    clearTransformErrors();
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
    const result = await c.transform(api, form, { signal: controller.signal });
    lastRequest = signature;
    clearTransformErrors();
    hideNotice();
    output.textContent = result.result;
    output.classList.remove('stale');
    updateFrequencies();
  } catch (error) {
    if (controller.signal.aborted) return;
    // Forget the last success, so that going back to it clears this error.
    lastRequest = '';
    clearTransformErrors();
    output.classList.add('stale');
    showError(error, errorsOf(c), 'transform-error', () => void transform());
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

async function copyOutput(): Promise<void> {
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
}

function swap(): void {
  if (!output.textContent) return;
  input.value = output.textContent;
  checkRadio('direction', radio('direction') === 'encrypt' ? 'decrypt' : 'encrypt');
  scheduleTransform(0);
}

export function setupTransformPanel(): void {
  cipher.append(...CIPHERS.map((c) => el('option', { value: c.name }, c.option)));
  for (const c of CIPHERS) c.listen(scheduleTransform);
  for (const field of [input, customAlphabet]) field.addEventListener('input', () => scheduleTransform());
  for (const field of [cipher, alphabet, preserveCase, preserveNonAlpha])
    field.addEventListener('change', () => scheduleTransform(0));
  for (const field of document.querySelectorAll('input[name="direction"]'))
    field.addEventListener('change', () => scheduleTransform(0));
  $('copy').addEventListener('click', () => void copyOutput());
  $('swap').addEventListener('click', swap);
  $('to-breaker').addEventListener('click', () => breakNext(output.textContent ?? '', cipher.value, alphabet.value));
  syncTransformControls();
}
