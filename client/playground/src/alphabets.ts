// The named alphabets: offered in the selects as the service declares them (virtual:service-facts), and their
// letters as the service lists them (GET /alphabets), for the letters line and the mapping.
import { ALPHABETS } from 'virtual:service-facts';
import { api } from './api.js';
import { $, el } from './dom.js';

/** How the page names an alphabet; any other is its name capitalised. */
const LABELS: Record<string, string> = { basic: 'Basic (A–Z)' };

const label = (name: string) => LABELS[name] ?? name.charAt(0).toUpperCase() + name.slice(1);

/** One option per named alphabet in each alphabet select, before the options the page writes itself ("custom"). */
export function fillAlphabetSelects(): void {
  for (const id of ['alphabet', 'break-alphabet', 'mystery-alphabet']) {
    const select = $<HTMLSelectElement>(id);
    select.prepend(...ALPHABETS.map((name) => el('option', { value: name }, label(name))));
    // The first alphabet is chosen, not the option that was alone before ("custom").
    select.selectedIndex = 0;
  }
}

/** Alphabet name to its letters in order; empty until the service answers. */
export const alphabetLetters = new Map<string, string>();

/** Asks the service once; `then` runs when the letters are known. */
export async function loadAlphabets(then: () => void): Promise<void> {
  try {
    const { alphabets } = await api.meta.alphabets();
    for (const a of alphabets) alphabetLetters.set(a.name, a.letters);
    then();
  } catch {
    // The letters line is a nicety; the selects work without it.
  }
}
