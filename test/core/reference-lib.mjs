// The acceptance harness's reference Caesar/ROT13/Vigenère, copied so that reference.test.ts runs without it.
//
// Source: shared/acceptance/lib.mjs of the project's acceptance harness, sha256
// 9c11dbe30acd4f045917dd085db814c1adb9a24d46ae576085912d0e6a99de85,
// lines 13–106: the alphabets and the transforms only (its HTTP, PRNG and reporting helpers are left out).
// Formatted by Biome; no expression changed. When the harness changes, copy those lines again.
// Its own header: "A reference Caesar / Vigenère implementation: letters only advance the Vigenère key, case and
// non-alphabet characters are kept (or dropped / upper-cased on request)"; alphabets exactly as the contract
// lists them, with explicit upper/lower pairs (german lower ß pairs with upper ẞ; never through toUpperCase).
// biome-ignore-all lint: a copy of the harness's code, kept as it was written there.

const AZ = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const az = 'abcdefghijklmnopqrstuvwxyz';

// name -> [upper letters in order, lower partners in the same order]
const NAMED = {
  basic: [AZ, az],
  polish: ['AĄBCĆDEĘFGHIJKLŁMNŃOÓPQRSŚTUVWXYZŹŻ', 'aąbcćdeęfghijklłmnńoópqrsśtuvwxyzźż'],
  german: [AZ + 'ÄÖÜẞ', az + 'äöüß'],
  spanish: ['ABCDEFGHIJKLMNÑOPQRSTUVWXYZ', 'abcdefghijklmnñopqrstuvwxyz'],
  french: [AZ + 'ÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ', az + 'àâæçéèêëîïôœùûüÿ'],
};
export const ALPHABET_SIZES = { basic: 26, polish: 35, german: 30, spanish: 27, french: 42 };

const cps = (s) => Array.from(s);

/**
 * Build an alphabet object.
 *   letters: own forms in order (upper case for named alphabets; as given for custom)
 *   partner: case partner of each own form, or null
 *   index:   Map char -> {i, own:boolean}
 */
function build(letters, partners, name) {
  const n = letters.length;
  const index = new Map();
  letters.forEach((c, i) => index.set(c, { i, own: true }));
  partners.forEach((p, i) => {
    if (p != null && !index.has(p)) index.set(p, { i, own: false });
  });
  return { name, n, letters, partners, index };
}

/** The contract rule for a custom alphabet's case partner: a single code point of the other case. */
function customPartner(c) {
  const lo = c.toLowerCase(),
    up = c.toUpperCase();
  if (lo !== c && cps(lo).length === 1) return lo;
  if (up !== c && cps(up).length === 1) return up;
  return null;
}

const cache = new Map();
export function getAlphabet(name = 'basic', custom = null) {
  if (name === 'custom') {
    const letters = cps(custom ?? '');
    if (letters.length < 2 || new Set(letters).size !== letters.length) throw new Error('bad custom alphabet');
    return build(letters, letters.map(customPartner), 'custom');
  }
  if (!NAMED[name]) throw new Error(`unknown alphabet ${name}`);
  if (!cache.has(name)) {
    const [U, L] = NAMED[name];
    cache.set(name, build(cps(U), cps(L), name));
  }
  return cache.get(name);
}

const mod = (a, n) => ((a % n) + n) % n;

/** Output form of letter index j, given the form (own/partner) of the input letter. */
function outLetter(A, j, own, preserveCase) {
  if (!preserveCase || own) return A.letters[j];
  return A.partners[j] ?? A.letters[j];
}

/** Generic per-letter transform: f(letterIndex, letterOrdinal) -> new index. */
function transform(text, A, f, { preserve_case = true, preserve_non_alpha = true } = {}) {
  let out = '';
  let k = 0;
  for (const ch of text) {
    const hit = A.index.get(ch);
    if (hit) {
      out += outLetter(A, f(hit.i, k++), hit.own, preserve_case);
    } else if (preserve_non_alpha) out += ch;
  }
  return out;
}

export function caesar(text, shift, opts = {}) {
  const A = getAlphabet(opts.alphabet ?? 'basic', opts.custom_alphabet);
  return transform(text, A, (i) => mod(i + shift, A.n), opts);
}
export const caesarDecrypt = (text, shift, opts = {}) => caesar(text, -shift, opts);
export const rot13 = (text, opts = {}) => caesar(text, 13, { ...opts, alphabet: 'basic' });

/** Key letter indices (case-insensitive through the partner map); throws on a non-letter. */
export function keyIndices(key, A) {
  return cps(key).map((c) => {
    const hit = A.index.get(c);
    if (!hit) throw new Error(`key char ${c} not in alphabet`);
    return hit.i;
  });
}

export function vigenere(text, key, opts = {}, dir = 1) {
  const A = getAlphabet(opts.alphabet ?? 'basic', opts.custom_alphabet);
  const K = keyIndices(key, A);
  return transform(text, A, (i, k) => mod(i + dir * K[k % K.length], A.n), opts);
}
export const vigenereDecrypt = (text, key, opts = {}) => vigenere(text, key, opts, -1);
