// The playground's small DOM helpers: elements by id, the checked radio of a group, and elements built in one call.

export const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

/** The value of the checked radio button of the group `name`. */
export const radio = (name: string) =>
  (document.querySelector(`input[name="${name}"]:checked`) as HTMLInputElement).value;

/** Checks the radio button of the group `name` whose value is `value`. */
export function checkRadio(name: string, value: string): void {
  (document.querySelector(`input[name="${name}"][value="${value}"]`) as HTMLInputElement).checked = true;
}

/** An element with its properties and children: `el('p', { className: 'big' }, 'Shift ', strong)`. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node: HTMLElementTagNameMap[K] = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/** A probability for people: one decimal, two below 10%, and never a flat 100% or 0%. */
export const percent = (p: number) =>
  p >= 0.9995 ? '>99.9%' : p < 0.0001 ? '<0.01%' : `${(p * 100).toFixed(p < 0.1 ? 2 : 1)}%`;

/**
 * A solver's confidence said as two questions apart: is the text such a cipher at all (1 − no_answer), and, if so,
 * is this its key (confidence / (1 − no_answer)): "Probably a Caesar cipher: 64%; if so, shift 3: 97%".
 */
export function twoStepConfidence(
  cipher: string,
  answer: string,
  r: { confidence: number; no_answer: number },
): HTMLParagraphElement {
  const isCipher = 1 - r.no_answer;
  const given = isCipher > 0 ? Math.min(1, r.confidence / isCipher) : 0;
  const likely = isCipher >= 0.5 ? 'Probably' : 'Probably not';
  return el(
    'p',
    { className: 'two-step' },
    `${likely} ${cipher}: `,
    el('strong', { className: 'is-cipher' }, percent(isCipher)),
    `; if so, ${answer}: `,
    el('strong', { className: 'given-cipher' }, percent(given)),
  );
}

/**
 * Runs a request with its button disabled and saying `labels.busy`, and the region its answer goes to marked busy
 * (screen readers wait for it); afterwards the button says `labels.idle` again, whatever happened.
 */
export async function whileBusy(
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
