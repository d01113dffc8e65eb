// The affine cipher in the playground: a multiplier a and a shift b, and the two-row table plain → cipher; no breaker
// yet.
import { $ } from '../dom.js';
import type { PlaygroundCipher } from './cipher.js';
import { permutationMapping } from './substitution.js';

const aInput = $<HTMLInputElement>('affine-a');
const bInput = $<HTMLInputElement>('affine-b');

const gcd = (x: number, y: number): number => (y === 0 ? Math.abs(x) : gcd(y, x % y));

/** An input's number; an empty one is NaN, which JSON sends as null, so that the service says the field is required. */
const numberIn = (input: HTMLInputElement) => (input.value === '' ? Number.NaN : Number(input.value));

/**
 * Letter i goes to (a·i + b) mod n; null when a or b is not an integer or a shares a factor with n (the service says
 * which).
 */
function affineImage(n: number): number[] | null {
  const a = numberIn(aInput);
  const b = numberIn(bInput);
  if (!Number.isInteger(a) || !Number.isInteger(b) || gcd(a, n) !== 1) return null;
  const mod = (x: number) => ((x % n) + n) % n;
  return Array.from({ length: n }, (_, i) => mod(mod(a) * i + mod(b)));
}

export const affine: PlaygroundCipher = {
  name: 'affine',
  title: 'Affine',
  option: 'Affine (multiply, then shift)',
  twoWay: true,
  takesAlphabet: true,
  fields: ['affine-a-field', 'affine-b-field'],
  errors: { a: 'affine-a-error', b: 'affine-b-error' },
  listen(schedule) {
    for (const input of [aInput, bInput]) input.addEventListener('input', () => schedule());
  },
  transform: (api, form, options) =>
    api.affine[form.direction]({ ...form.withAlphabet, a: numberIn(aInput), b: numberIn(bInput) }, options),
  mapping: (letters, sign) => permutationMapping(letters, affineImage(letters.length), sign),
  explain: {
    name: (s, language) => `Affine, a = ${s.a}, b = ${s.b}, ${language}`,
    why: (s, language) =>
      `An affine cipher: each letter's place in the alphabet was multiplied by ${s.a}, then moved ${s.b} places on ` +
      `(counting round). Undoing that gives ${language} text; every one of the few hundred affine keys was tried, and ` +
      'no other reads nearly as well.',
  },
};
