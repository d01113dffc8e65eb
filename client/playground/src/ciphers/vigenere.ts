// Vigenère in the playground: a key, the shift of each key letter, and when broken the key and its IoC chart.

import type { CipherOutputs } from '@cipher-service/client';
import { iocChart } from '../charts.js';
import { $, el, percent } from '../dom.js';
import { VIGENERE_EXAMPLE } from '../examples.js';
import { fitChart } from '../fit-chart.js';
import { languageIoc } from '../frequencies.js';
import { LANGUAGES, languageName } from '../languages.js';
import type { PlaygroundCipher } from './cipher.js';

const key = $<HTMLInputElement>('key');
const maxKeyLength = $<HTMLInputElement>('max-key-length');

/** Each letter of the key (its first 24) as the shift it stands for. */
function keyShifts(letters: string[], sign: 1 | -1): Node[] {
  const index = new Map(letters.map((l, i) => [l, i]));
  const shifts = [...key.value].slice(0, 24).map((ch) => {
    const i = index.get(ch.toUpperCase());
    return i === undefined ? `${ch} ?` : `${ch.toUpperCase()} ${sign > 0 ? '+' : '−'}${i}`;
  });
  return [
    el('span', { className: 'mapping-label' }, 'Each key letter is a shift, used in turn: '),
    el('code', {}, shifts.join(' · ')),
  ];
}

function solution(r: CipherOutputs['vigenere']['analyze']): Node[] {
  const a = r.analysis;
  const model = LANGUAGES[a.language];
  const size = model ? [...model.letters].length : 26;
  const chart = el('div', { className: 'chart-scroll', id: 'ioc-chart' });
  fitChart(chart, (width) =>
    iocChart({
      scores: a.ioc_scores,
      best: a.best_key_length,
      probable: a.probable_key_lengths,
      languageIoc: model ? languageIoc(model.frequencies) : 0.066,
      randomIoc: 1 / size,
      languageName: languageName(a.language),
      width,
    }),
  );
  return [
    el(
      'div',
      { className: 'verdict' },
      el('p', { className: 'big' }, 'Key ', el('strong', { id: 'best-key' }, a.probable_key)),
      el('p', {}, `length ${a.best_key_length} · ${percent(a.confidence)} sure · ${languageName(a.language)}`),
    ),
    el('p', { className: 'result plaintext', id: 'plaintext' }, a.decrypted_preview),
    el('h3', {}, 'Index of coincidence per key length'),
    el(
      'p',
      { className: 'hint' },
      'Split the text into columns, one per key letter: at the right length each column is a plain Caesar text, and its IoC rises to the language’s own.',
    ),
    chart,
  ];
}

export const vigenere: PlaygroundCipher = {
  name: 'vigenere',
  title: 'Vigenère',
  option: 'Vigenère (a key of shifts)',
  twoWay: true,
  takesAlphabet: true,
  fields: ['key-field'],
  errors: { key: 'key-error' },
  listen(schedule) {
    key.addEventListener('input', () => schedule());
  },
  transform: (api, form, options) => api.vigenere[form.direction]({ ...form.withAlphabet, key: key.value }, options),
  mapping: keyShifts,
  brokenBy: 'vigenere',
  breaker: {
    fields: ['max-key-length-field'],
    errors: { max_key_length: 'max-key-length-error' },
    example: VIGENERE_EXAMPLE,
    solve: async (api, fields) =>
      solution(await api.vigenere.analyze({ ...fields, max_key_length: Number(maxKeyLength.value) })),
  },
  explain: {
    name: (s, language) => `Vigenère, key ${s.key}, ${language}`,
    why: (s, language) =>
      `A Vigenère cipher with the key ${s.key}: the key is written again and again under the text, and each letter is ` +
      `shifted by the key letter under it. Undoing those ${[...(s.key ?? '')].length} shifts gives ${language} text, which a single shift could not.`,
  },
};
