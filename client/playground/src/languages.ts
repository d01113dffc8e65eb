// The solver languages, as the service declares them (built in from its sources: virtual:service-facts), and the
// selects that offer them.
import { LANGUAGES } from 'virtual:service-facts';
import { $, el } from './dom.js';

export { LANGUAGES };

/** The language's name, or its code when the page does not know it. */
export const languageName = (code: string) => LANGUAGES[code]?.name ?? code;

/** One option per language in each language select, after the options the page writes itself ("auto"). */
export function fillLanguageSelects(): void {
  for (const id of ['language', 'freq-language'])
    $(id).append(...Object.entries(LANGUAGES).map(([code, { name }]) => el('option', { value: code }, name)));
}
