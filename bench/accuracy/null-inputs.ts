// The null sets' inputs: texts with no answer for Caesar solve, Vigenère analyze and substitution solve, of each kind.
//
// Caesar solve and Vigenère analyze (kinds in report.ts), each cut from the bench's part of the split:
//   random      every letter replaced by a uniformly random one (the passage's case and layout kept);
//   shuffled    the passage's own letters in a random order (a transposition: the language's letter frequencies);
//   key         the passage under a Vigenère key longer than the solver can return: 21–40 letters for analyze
//               (max_key_length 20), 2–3 letters for Caesar solve (whose key is one letter; a longer key on a
//               text of 4–10 letters would only be random letters again);
//   cryptogram  (not fitted on) the passage under a random cipher alphabet: no shift nor key reads it;
//   foreign     (not fitted on) another language's passage, its letters shuffled: a transposition whose letter
//               frequencies are not the solver's language's.
// Substitution solve (kinds in substitution-report.ts), each then under a random cipher alphabet of A–Z:
//   random, shuffled as above;
//   vigenere    (not fitted on) the passage under a Vigenère key of 5–12 letters: no cipher alphabet reads it;
//   foreign     (not fitted on) another language's passage: a cryptogram, but not of the solver's language.
// The foreign kinds take the other four languages in turn (the i-th input of a cell the (i mod 4)-th), so each
// language's cells see all four, whatever --langs says.
import { LANGUAGES, type Language } from '../../src/analysis/index.js';
import { namedAlphabet, substitutionEncrypt, vigenereEncrypt } from '../../src/core/index.js';
import type { NullKind, Solver } from './report.js';
import { cipherAlphabet, type Sampler } from './samples.js';
import type { NullKind as SubstitutionNullKind } from './substitution-report.js';
import { MAX_KEY_LENGTH } from './vigenere.js';

/** A language's sampler in the presentation being measured. */
export type Samplers = (language: Language) => Sampler;

/** The key lengths of the `key` kind, [shortest, longest], per solver. */
const NULL_KEY_LENGTHS: Record<Solver, [number, number]> = {
  caesar: [2, 3],
  vigenere: [MAX_KEY_LENGTH + 1, 2 * MAX_KEY_LENGTH],
};

/** The key lengths of the substitution section's `vigenere` kind: keys that analyze would return, on A–Z. */
const SUBSTITUTION_VIGENERE_KEYS: [number, number] = [5, 12];

const basic = namedAlphabet('basic');

const between = ([shortest, longest]: [number, number], rng: () => number): number =>
  shortest + Math.floor(rng() * (longest - shortest + 1));

/** The language the i-th input of a foreign cell is cut from: the other languages in turn. */
export function foreignLanguage(language: Language, i: number): Language {
  const others = LANGUAGES.filter((l) => l !== language);
  return others[i % others.length] as Language;
}

/**
 * The i-th null input of `kind` for `solver` asked for `language`, `letters` letters long, as the presentation
 * prints it. The fitted kinds draw their random numbers in the order they always did (their texts are unchanged).
 */
export function nullInput(
  samplers: Samplers,
  language: Language,
  solver: Solver,
  kind: NullKind,
  letters: number,
  i: number,
  rng: () => number,
): string {
  const sampler = samplers(language);
  if (kind === 'foreign') {
    const plain = sampler.adopt(samplers(foreignLanguage(language, i)).plaintext(letters, rng));
    return sampler.show(sampler.shuffledLetters(plain, rng));
  }
  const plain = sampler.plaintext(letters, rng);
  const a = sampler.alphabet;
  switch (kind) {
    case 'random':
      return sampler.show(sampler.randomLetters(plain, rng));
    case 'shuffled':
      return sampler.show(sampler.shuffledLetters(plain, rng));
    case 'cryptogram':
      return sampler.show(substitutionEncrypt(plain, cipherAlphabet(a, rng), a));
    case 'key':
      return sampler.show(vigenereEncrypt(plain, sampler.key(between(NULL_KEY_LENGTHS[solver], rng), rng), a));
  }
}

/**
 * The i-th substitution null text of `kind` for a solve in `language`, under a random cipher alphabet of A–Z.
 * `cut` draws a passage of a language in the presentation, folded to A–Z; `sampler` is an A–Z sampler of the
 * solver's language (it rewrites letters, layout kept, and draws keys).
 */
export function substitutionNullInput(
  kind: SubstitutionNullKind,
  language: Language,
  i: number,
  cut: (language: Language) => string,
  sampler: Sampler,
  rng: () => number,
): string {
  const plain = cut(kind === 'foreign' ? foreignLanguage(language, i) : language);
  const text =
    kind === 'random'
      ? sampler.randomLetters(plain, rng)
      : kind === 'shuffled'
        ? sampler.shuffledLetters(plain, rng)
        : kind === 'vigenere'
          ? vigenereEncrypt(plain, sampler.key(between(SUBSTITUTION_VIGENERE_KEYS, rng), rng), basic)
          : plain;
  return substitutionEncrypt(text, cipherAlphabet(basic, rng), basic);
}
