// Atbash in the playground: the alphabet read backwards, its own inverse, so no direction; any alphabet, no breaker.
import { el } from '../dom.js';
import type { PlaygroundCipher } from './cipher.js';

/** The plain alphabet over the same alphabet read backwards: each letter and the one it becomes, both ways. */
function reversedMapping(letters: string[]): Node[] {
  return [
    el('span', { className: 'mapping-label' }, 'Plain ↔ cipher'),
    el('code', { className: 'mapping-row' }, letters.join('')),
    el('code', { className: 'mapping-row moved' }, [...letters].reverse().join('')),
  ];
}

export const atbash: PlaygroundCipher = {
  name: 'atbash',
  title: 'Atbash',
  option: 'Atbash (the alphabet backwards)',
  twoWay: false,
  takesAlphabet: true,
  fields: [],
  errors: {},
  listen: () => {},
  transform: (api, form, options) => api.atbash.transform(form.withAlphabet, options),
  mapping: (letters) => reversedMapping(letters),
  explain: {
    name: (_, language) => `Atbash, ${language}`,
    why: (_, language) =>
      'The alphabet was written backwards under itself: A became Z, B became Y, and so on. Reading it backwards ' +
      `again gives ${language} text; it is one fixed key, so no search was needed to find it.`,
  },
};
