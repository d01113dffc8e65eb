// Caesar in the playground: a shift slider, the shifted alphabet under the plain one, every shift ranked when broken.
import type { CipherOutputs } from '@cipher-service/client';
import { $, el, percent, twoStepConfidence } from '../dom.js';
import { CAESAR_EXAMPLE } from '../examples.js';
import { languageName } from '../languages.js';
import type { PlaygroundCipher } from './cipher.js';

const shift = $<HTMLInputElement>('shift');
const shiftValue = $<HTMLOutputElement>('shift-value');

/** The plain alphabet over the one moved by `k` places (`sign` -1: the other way, cipher over plain). */
export function shiftMapping(letters: string[], k: number, sign: 1 | -1): Node[] {
  const n = letters.length;
  const moved = letters.map((_, i) => letters[(((i + sign * k) % n) + n) % n]).join('');
  return [
    el('span', { className: 'mapping-label' }, sign > 0 ? 'Plain → cipher' : 'Cipher → plain'),
    el('code', { className: 'mapping-row' }, letters.join('')),
    el('code', { className: 'mapping-row moved' }, moved),
  ];
}

function ranking(r: CipherOutputs['caesar']['solve']): HTMLTableElement {
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
  const head = ['#', 'Shift', 'Probability', 'Decryption'].map((h) => el('th', { scope: 'col' }, h));
  return el(
    'table',
    { className: 'ranking' },
    el('caption', {}, `Every shift, most probable first (${r.all_solutions.length} in all)`),
    el('thead', {}, el('tr', {}, ...head)),
    el('tbody', {}, ...rows),
  );
}

function solution(r: CipherOutputs['caesar']['solve']): Node[] {
  const best = r.best_solution;
  return [
    el(
      'div',
      { className: 'verdict' },
      el('p', { className: 'big' }, 'Shift ', el('strong', { id: 'best-shift' }, String(best.shift))),
      twoStepConfidence('a Caesar cipher', `shift ${best.shift}`, { ...best, no_answer: r.no_answer }),
      el('p', {}, languageName(r.language)),
    ),
    el('p', { className: 'result plaintext', id: 'plaintext' }, best.text),
    el('div', { className: 'table-scroll' }, ranking(r)),
  ];
}

export const caesar: PlaygroundCipher = {
  name: 'caesar',
  title: 'Caesar',
  option: 'Caesar (shift every letter)',
  twoWay: true,
  takesAlphabet: true,
  fields: ['shift-field'],
  errors: { shift: 'shift-error' },
  listen(schedule) {
    const show = () => {
      shiftValue.textContent = shift.value;
    };
    show();
    shift.addEventListener('input', () => {
      show();
      schedule(200);
    });
  },
  transform: (api, form, options) =>
    api.caesar[form.direction]({ ...form.withAlphabet, shift: Number(shift.value) }, options),
  mapping: (letters, sign) => shiftMapping(letters, Number(shift.value), sign),
  brokenBy: 'caesar',
  breaker: {
    fields: [],
    errors: {},
    example: CAESAR_EXAMPLE,
    solve: async (api, fields) => solution(await api.caesar.solve(fields)),
  },
  explain: {
    name: (s, language) => `Caesar, shift ${s.shift}${s.shift === 13 ? ' (ROT13)' : ''}, ${language}`,
    why: (s, language) =>
      `Every letter was moved ${s.shift} places along the alphabet: a Caesar cipher${s.shift === 13 ? ', here the famous ROT13' : ''}. ` +
      `Moving each letter back ${s.shift} places gives ${language} text; no other shift, and no longer key, reads nearly as well.`,
  },
};
