// Vigenère in the playground: a key, the shift of each key letter, and when broken the key and its IoC chart.

import type { CipherInputs, CipherOutputs } from '@cipher-service/client';
import type { Api } from '../api.js';
import { iocChart } from '../charts.js';
import { $, el, twoStepConfidence } from '../dom.js';
import { VIGENERE_EXAMPLE } from '../examples.js';
import { fitChart } from '../fit-chart.js';
import { languageIoc } from '../frequencies.js';
import { LANGUAGES, languageName } from '../languages.js';
import type { BreakFields, Explanation, PlaygroundCipher } from './cipher.js';

const key = $<HTMLInputElement>('key');
const variant = $<HTMLSelectElement>('variant');
const breakVariant = $<HTMLSelectElement>('break-variant');
const maxKeyLength = $<HTMLInputElement>('max-key-length');

type Variant = CipherInputs['vigenere']['encrypt']['variant'];
type BreakVariant = CipherInputs['vigenere']['analyze']['variant'];

/** How each key letter acts under the variant chosen, in words. */
const KEY_ACTS: Record<NonNullable<Variant>, string> = {
  vigenere: 'Each key letter is a shift, used in turn: ',
  beaufort: 'Each key letter K turns a letter P into K − P, used in turn: ',
  variant_beaufort: 'Each key letter is a shift backwards, used in turn: ',
  gronsfeld: 'Each digit is a shift, used in turn: ',
  autokey: 'The primer’s letters are shifts, then the plaintext’s own letters: ',
  porta: 'Each pair of key letters (AB, CD, …) picks one of 13 swapping alphabets, used in turn: ',
};

/** Each letter of the key (its first 24) as the shift it stands for. */
function keyShifts(letters: string[], sign: 1 | -1): Node[] {
  const index = new Map(letters.map((l, i) => [l, i]));
  const chosen = variant.value as NonNullable<Variant>;
  const shifts = [...key.value].slice(0, 24).map((ch) => {
    const i = chosen === 'gronsfeld' && /[0-9]/.test(ch) ? Number(ch) : index.get(ch.toUpperCase());
    return i === undefined ? `${ch} ?` : `${ch.toUpperCase()} ${sign > 0 ? '+' : '−'}${i}`;
  });
  return [el('span', { className: 'mapping-label' }, KEY_ACTS[chosen]), el('code', {}, shifts.join(' · '))];
}

/** The family's ciphers identify names, as the verdict says them. */
const FAMILY_NAMES: Record<string, string> = {
  vigenere: 'Vigenère',
  beaufort: 'Beaufort',
  autokey: 'Autokey',
  porta: 'Porta',
};

/** Every variant the analysis reads, as a sentence names it. */
const VARIANT_NAMES: Record<CipherOutputs['vigenere']['analyze']['analysis']['variant'], string> = {
  vigenere: 'Vigenère',
  beaufort: 'Beaufort',
  variant_beaufort: 'variant Beaufort',
  gronsfeld: 'Gronsfeld',
  autokey: 'autokey',
  porta: 'Porta',
};

const FAMILY_WHY: Record<'vigenere' | 'beaufort' | 'autokey' | 'porta', (s: Explanation, language: string) => string> =
  {
    vigenere: (s, language) =>
      `A Vigenère cipher with the key ${s.key}: the key is written again and again under the text, and each letter is ` +
      `shifted by the key letter under it. Undoing those ${[...(s.key ?? '')].length} shifts gives ${language} text, which a single shift could not.` +
      (s.equivalents?.length
        ? ` The same reading: ${s.equivalents.map((e) => `${e.variant.replace('_', ' ')} with key ${e.key}`).join('; ')}.`
        : ''),
    beaufort: (s, language) =>
      `A Beaufort cipher with the key ${s.key}: under each letter P the key letter K, written again and again, and the ` +
      `letter K − P in its place. Doing it again gives ${language} text.`,
    autokey: (s, language) =>
      `An autokey cipher with the primer ${s.key}: the primer keys the first letters, then the plaintext itself keys the ` +
      `rest, each letter shifted by the one ${[...(s.key ?? '')].length} places before it. Undoing that gives ${language} text.`,
    porta: (s, language) =>
      `A Porta cipher with the key ${s.key}: each key letter picks one of 13 alphabets that swap the two halves of the ` +
      `alphabet. Swapping back gives ${language} text.`,
  };

/**
 * The analysis previews the first 200 code points of the decryption; past that, the whole text is the key's
 * decryption, one request more (the API's users get it the same way: /vigenere/decrypt with probable_key and variant).
 */
async function wholeDecryption(api: Api, fields: BreakFields, a: CipherOutputs['vigenere']['analyze']['analysis']) {
  if ([...fields.text].length <= [...a.decrypted_preview].length) return a.decrypted_preview;
  const { alphabet, text } = fields;
  return (await api.vigenere.decrypt({ text, alphabet, key: a.probable_key, variant: a.variant })).result;
}

/**
 * The analysis saw a key longer than the lengths it tried: say how long, and offer to break again trying that length
 * (when the field allows it: the service looks up to twice the limit, the field stops at the API's own).
 */
function longerKeyHint(length: number): Node {
  const words = `The letters repeat every ${length}: the key looks longer than the ${maxKeyLength.value} letters tried.`;
  if (length > Number(maxKeyLength.max)) return el('p', { className: 'hint', id: 'longer-key' }, words);
  const again = el('button', { type: 'button', id: 'try-longer-key' }, `Try keys up to ${length} letters`);
  again.addEventListener('click', () => {
    maxKeyLength.value = String(length);
    $<HTMLButtonElement>('break').click();
  });
  return el('p', { className: 'hint', id: 'longer-key' }, `${words} `, again);
}

function solution(r: CipherOutputs['vigenere']['analyze'], whole: string): Node[] {
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
      twoStepConfidence(`a ${VARIANT_NAMES[a.variant]} cipher`, `key ${a.probable_key}`, a),
      el('p', {}, `length ${a.best_key_length} · ${languageName(a.language)}`),
    ),
    ...(a.equivalents.length > 0
      ? [
          el(
            'p',
            { className: 'hint', id: 'equivalents' },
            `The same reading: ${a.equivalents.map((e) => `${e.variant.replace('_', ' ')} with key ${e.key}`).join('; ')}.`,
          ),
        ]
      : []),
    ...(a.reason === 'key_too_long' && a.evident_key_length ? [longerKeyHint(a.evident_key_length)] : []),
    el('p', { className: 'result plaintext', id: 'plaintext' }, whole),
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
  fields: ['variant-field', 'key-field'],
  errors: { key: 'key-error', variant: 'variant-error' },
  listen(schedule) {
    key.addEventListener('input', () => schedule());
    variant.addEventListener('change', () => schedule(0));
  },
  transform: (api, form, options) =>
    api.vigenere[form.direction]({ ...form.withAlphabet, key: key.value, variant: variant.value as Variant }, options),
  mapping: keyShifts,
  brokenBy: 'vigenere',
  breaker: {
    fields: ['break-variant-field', 'max-key-length-field'],
    errors: { max_key_length: 'max-key-length-error', variant: 'break-variant-error' },
    example: VIGENERE_EXAMPLE,
    solve: async (api, fields) => {
      const r = await api.vigenere.analyze({
        ...fields,
        max_key_length: Number(maxKeyLength.value),
        variant: breakVariant.value as BreakVariant,
      });
      return solution(r, await wholeDecryption(api, fields, r.analysis));
    },
  },
  explain: {
    name: (s, language) =>
      `${FAMILY_NAMES[s.cipher] ?? 'Vigenère'}, ${s.cipher === 'autokey' ? 'primer' : 'key'} ${s.key}, ${language}`,
    why: (s, language) => (FAMILY_WHY[s.cipher as keyof typeof FAMILY_WHY] ?? FAMILY_WHY.vigenere)(s, language),
  },
  also: ['beaufort', 'autokey', 'porta'],
};
