// Step 3, letter frequencies: the letters of a text on the page, counted here, beside what the language expects.
import { frequencyChart } from './charts.js';
import { $, radio } from './dom.js';
import { fitChart } from './fit-chart.js';
import { countLetters } from './frequencies.js';
import { LANGUAGES, languageName } from './languages.js';

const freqLanguage = $<HTMLSelectElement>('freq-language');
const freqChart = $('freq-chart');

/** The text the radio buttons pick: the transform's input or result, or the breaker's ciphertext. */
function sourceText(): string {
  const source = radio('freq-source');
  if (source === 'input') return $<HTMLTextAreaElement>('input').value;
  if (source === 'output') return $('output').textContent ?? '';
  return $<HTMLTextAreaElement>('ciphertext').value;
}

export function updateFrequencies(): void {
  const text = sourceText();
  const lang = freqLanguage.value;
  const model = LANGUAGES[lang];
  if (!model) return;
  const letters = [...model.letters];
  const { shares, total } = countLetters(text, model.letters);
  $('freq-summary').textContent = total
    ? `${total} letter${total === 1 ? '' : 's'} counted. The more text, the closer a plain text comes to the expected pattern.`
    : 'No letters to count yet: type some text, or load an example in step 2.';
  fitChart(freqChart, (width) =>
    frequencyChart({ letters, text: shares, expected: model.frequencies, languageName: languageName(lang), width }),
  );
}

/** Compares with `language` from now on (the breaker's language, when one is chosen there). */
export function compareWith(language: string): void {
  freqLanguage.value = language;
  updateFrequencies();
}

export function setupFrequencyPanel(): void {
  freqLanguage.addEventListener('change', updateFrequencies);
  for (const r of document.querySelectorAll('input[name="freq-source"]'))
    r.addEventListener('change', updateFrequencies);
}
