// Simple substitution in the playground: a keyword or a whole cipher alphabet, and the two-row table plain → cipher;
// broken as a cryptogram, with the key found as a table whose cipher letters can be pinned for the next solve.
import type { CipherOutputs } from '@cipher-service/client';
import { alphabetLetters } from '../alphabets.js';
import { $, el, percent, radio, twoStepConfidence } from '../dom.js';
import { SUBSTITUTION_EXAMPLE } from '../examples.js';
import { languageName } from '../languages.js';
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

/** Plain letter to the cipher letter the person pinned for it: sent as clues (cipher → plain) on the next solve. */
const pins = new Map<string, string>();
/** The text the pins were made for: a new cryptogram starts without them. */
let pinnedText = '';

/** The pins as the service takes them: cipher letter → plain letter. */
const clues = () => Object.fromEntries([...pins].map(([plain, cipher]) => [cipher, plain]));

/**
 * The key found as two rows: the plain alphabet over the cipher letter each became (`?`, as a placeholder, where the
 * text does not use it), each an input whose edit pins that pair for the next solve.
 */
function keyTable(letters: string[], key: string[]): HTMLElement {
  const inputs = letters.map((plain, i) => {
    const found = key[i] === '?' ? '' : (key[i] ?? '');
    const input = el('input', {
      id: `key-cipher-${i}`,
      maxLength: 1,
      size: 1,
      placeholder: '?',
      autocomplete: 'off',
      ariaLabel: `Cipher letter for plain ${plain}`,
      spellcheck: false,
      value: pins.get(plain) ?? found,
      className: pins.has(plain) ? 'key-cell pinned' : 'key-cell',
    });
    input.addEventListener('input', () => {
      const cipher = input.value.toUpperCase();
      input.value = cipher;
      // A cipher letter stands for one plain letter: pinning it here unpins it elsewhere.
      for (const [p, c] of pins) if (c === cipher && p !== plain) pins.delete(p);
      if (cipher) pins.set(plain, cipher);
      else pins.delete(plain);
      for (const [j, other] of inputs.entries())
        other.className = pins.has(letters[j] as string) ? 'key-cell pinned' : 'key-cell';
    });
    return input;
  });
  const head = letters.map((plain, i) =>
    el('th', { scope: 'col' }, el('label', { htmlFor: `key-cipher-${i}` }, plain)),
  );
  return el(
    'table',
    { className: 'ranking key-table', id: 'key-table' },
    el('caption', {}, 'The key: each plain letter over the cipher letter it became. Type a letter to pin it.'),
    el('thead', {}, el('tr', {}, el('th', { scope: 'row' }, 'Plain'), ...head)),
    el('tbody', {}, el('tr', {}, el('th', { scope: 'row' }, 'Cipher'), ...inputs.map((i) => el('td', {}, i)))),
  );
}

type Rule = NonNullable<CipherOutputs['substitution']['solve']['best_solution']['rule']>;

/** The rule that made the key, in words. */
function ruleWords(rule: Rule): string {
  switch (rule.cipher) {
    case 'caesar':
      return `The key is a Caesar shift of ${rule.shift}: every cell of it follows.`;
    case 'atbash':
      return 'The key is Atbash, the alphabet backwards: every cell of it follows.';
    case 'affine':
      return `The key is affine, a = ${rule.a}, b = ${rule.b}: every cell of it follows.`;
    case 'keyword':
      return `The key is a keyword alphabet, ${rule.keyword} then the other letters in order: the cells it fixes are filled (? where the text cannot tell).`;
  }
}

function solution(r: CipherOutputs['substitution']['solve']): Node[] {
  const best = r.best_solution;
  const key = [...best.key];
  const known = [...(alphabetLetters.get(r.alphabet) ?? '')];
  const letters = known.length === key.length ? known : key.map((_, i) => String.fromCharCode(65 + i));
  const again = el('button', { type: 'button', id: 'solve-again', className: 'primary' }, 'Solve again with pins');
  again.addEventListener('click', () => $<HTMLButtonElement>('break').click());
  const clear = el('button', { type: 'button', id: 'clear-pins' }, 'Clear pins');
  clear.addEventListener('click', () => {
    pins.clear();
    $('key-table').replaceWith(keyTable(letters, key));
  });
  return [
    el(
      'div',
      { className: 'verdict' },
      el('p', { className: 'big' }, 'Solved ', el('strong', { id: 'best-confidence' }, percent(best.confidence))),
      twoStepConfidence('a cryptogram', 'this key', { ...best, no_answer: r.no_answer }),
      el('p', {}, languageName(r.language)),
    ),
    ...(r.reason ? [el('p', { className: 'hint', id: 'solve-reason' }, r.reason)] : []),
    el('p', { className: 'result plaintext', id: 'plaintext' }, best.text),
    ...(best.rule ? [el('p', { className: 'hint', id: 'key-rule' }, ruleWords(best.rule))] : []),
    el('div', { className: 'table-scroll' }, keyTable(letters, key)),
    el('div', { className: 'row' }, again, clear),
  ];
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
  brokenBy: 'substitution',
  breaker: {
    fields: [],
    errors: { clues: 'breaker-error' },
    example: SUBSTITUTION_EXAMPLE,
    async solve(api, fields) {
      if (fields.text !== pinnedText) pins.clear();
      pinnedText = fields.text;
      return solution(await api.substitution.solve({ ...fields, ...(pins.size > 0 ? { clues: clues() } : {}) }));
    },
  },
  explain: {
    name: (_, language) => `Substitution (a cryptogram), ${language}`,
    why: (s, language) =>
      'Each letter stands for another, with no rule behind the choice: a cryptogram. The solver searched the ' +
      `keys for the one that reads most like ${language}: plain A–Z became ${s.key ?? '?'} (? where the text does ` +
      'not use the letter). No shift or other fixed rule explains the text, and random letters would not read at all.',
  },
};
