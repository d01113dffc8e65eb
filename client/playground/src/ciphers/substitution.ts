// Simple substitution in the playground: a keyword or a whole cipher alphabet, and the two-row table plain → cipher;
// no breaker yet.
import { $, el, radio } from '../dom.js';
import type { PlaygroundCipher } from './cipher.js';

const keyInput = $<HTMLInputElement>('substitution-key');
const keyLabel = $<HTMLLabelElement>('substitution-key-label');

/** Whether the input holds a keyword or the whole cipher alphabet: the request's field name either way. */
const keyField = () => radio('substitution-by') as 'keyword' | 'key';

/** Each character's place in `letters` (either case), or -1 for a character that is not one of them. */
function indicesIn(letters: string[], text: string): number[] {
  const index = new Map(letters.map((l, i) => [l, i]));
  return [...text].map((ch) => index.get(ch) ?? index.get(ch.toUpperCase()) ?? index.get(ch.toLowerCase()) ?? -1);
}

/**
 * The cipher alphabet a keyword builds, as the service builds it (its letters at their first occurrence, then the
 * others in order), as the image of each letter's index.
 */
const keywordImage = (letters: string[], keyword: string): number[] => [
  ...new Set([...indicesIn(letters, keyword).filter((i) => i >= 0), ...letters.keys()]),
];

/** The cipher alphabet the input gives, as above; null when a whole alphabet is not one (the service says why). */
function cipherImage(letters: string[]): number[] | null {
  if (keyField() === 'keyword') return keywordImage(letters, keyInput.value);
  const given = indicesIn(letters, keyInput.value);
  const whole = given.length === letters.length && new Set(given).size === given.length && !given.includes(-1);
  return whole ? given : null;
}

/**
 * The plain alphabet over its image under a permutation (`image[i]` the index letter i becomes), or, decrypting
 * (`sign` -1), the cipher letters in order over the plain letter each comes from; nothing without a permutation.
 */
export function permutationMapping(letters: string[], image: readonly number[] | null, sign: 1 | -1): Node[] {
  if (!image) return [];
  const inverse: number[] = [];
  image.forEach((j, i) => {
    inverse[j] = i;
  });
  return [
    el('span', { className: 'mapping-label' }, sign > 0 ? 'Plain → cipher' : 'Cipher → plain'),
    el('code', { className: 'mapping-row' }, letters.join('')),
    el('code', { className: 'mapping-row moved' }, (sign > 0 ? image : inverse).map((i) => letters[i]).join('')),
  ];
}

/** The letters the mapping last showed: the alphabet a keyword is written out in when the choice turns. */
let shownLetters: string[] = [];

/**
 * Labels the input for what it holds. Turned to a whole alphabet, a keyword is written out as the alphabet it
 * builds, so the choice changes how the key is given and not the cipher; the other way needs nothing written, as a
 * whole alphabet read as a keyword builds itself.
 */
function showChoice(turned: boolean): void {
  const whole = keyField() === 'key';
  keyLabel.textContent = whole ? 'Cipher alphabet (every letter once)' : 'Keyword';
  if (!turned || !whole || shownLetters.length < 2) return;
  keyInput.value = keywordImage(shownLetters, keyInput.value)
    .map((i) => shownLetters[i])
    .join('');
}

export const substitution: PlaygroundCipher = {
  name: 'substitution',
  title: 'Substitution',
  option: 'Substitution (a cipher alphabet)',
  twoWay: true,
  takesAlphabet: true,
  fields: ['substitution-by-field', 'substitution-key-field'],
  // Both are typed into the one input.
  errors: { key: 'substitution-key-error', keyword: 'substitution-key-error' },
  listen(schedule) {
    // (A reloaded page may keep the choice made before.)
    showChoice(false);
    keyInput.addEventListener('input', () => schedule());
    for (const choice of document.querySelectorAll('input[name="substitution-by"]'))
      choice.addEventListener('change', () => {
        showChoice(true);
        schedule(0);
      });
  },
  transform: (api, form, options) =>
    api.substitution[form.direction](
      { ...form.withAlphabet, ...(keyField() === 'key' ? { key: keyInput.value } : { keyword: keyInput.value }) },
      options,
    ),
  mapping(letters, sign) {
    shownLetters = letters;
    return permutationMapping(letters, cipherImage(letters), sign);
  },
};
