// Shared fast-check arbitraries and case helpers for the core property tests.
import fc from 'fast-check';
import type { AlphabetSpec, NamedAlphabetName } from '../../src/core/index.js';

/** The contract's named alphabets, spelled out independently of src/core: [upper own forms, lower partners]. */
export const CONTRACT_ALPHABETS: Record<NamedAlphabetName, readonly [upper: string, lower: string]> = {
  basic: ['ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'],
  polish: ['AĄBCĆDEĘFGHIJKLŁMNŃOÓPQRSŚTUVWXYZŹŻ', 'aąbcćdeęfghijklłmnńoópqrsśtuvwxyzźż'],
  german: ['ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜẞ', 'abcdefghijklmnopqrstuvwxyzäöüß'],
  spanish: ['ABCDEFGHIJKLMNÑOPQRSTUVWXYZ', 'abcdefghijklmnñopqrstuvwxyz'],
  french: ['ABCDEFGHIJKLMNOPQRSTUVWXYZÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ', 'abcdefghijklmnopqrstuvwxyzàâæçéèêëîïôœùûüÿ'],
};

/** Non-letters to sprinkle between letters: ASCII and typographic punctuation, digits, accents outside most alphabets, emoji. */
export const NON_LETTERS = [...' ,.;:!?-\'"()0123456789\n\tá¿¡«»–…ÁíÍ😀🔐👍🏽€'];

/** One UTF-16 code unit, so lone surrogates (and occasionally valid pairs) appear in the text. */
const utf16Unit = fc.integer({ min: 0, max: 0xffff }).map((u) => String.fromCharCode(u));

/** Any text: grapheme clusters, any code point, raw UTF-16 units (lone surrogates). */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: utf16Unit, maxLength: 40 }),
);

/** Text made mostly of the given letters (both forms) mixed with punctuation and other characters. */
function textOver(letters: readonly string[]): fc.Arbitrary<string> {
  return fc.string({
    unit: fc.oneof(
      { arbitrary: fc.constantFrom(...letters), weight: 6 },
      { arbitrary: fc.constantFrom(...NON_LETTERS), weight: 2 },
      { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 1 },
      { arbitrary: utf16Unit, weight: 1 },
    ),
    maxLength: 80,
  });
}

/** Either kind of text. */
export function textFor(letters: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof({ arbitrary: textOver(letters), weight: 3 }, { arbitrary: anyText, weight: 1 });
}

/** Shifts inside the API's range, around it, and any 32-bit or safe integer (the kernel normalises mod n). */
export const anyShift: fc.Arbitrary<number> = fc.oneof(
  { arbitrary: fc.integer({ min: -25, max: 25 }), weight: 4 },
  { arbitrary: fc.integer({ min: -1000, max: 1000 }), weight: 2 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.maxSafeInteger(), weight: 1 },
);

/** Shifts small enough for the reference, which adds them to the letter index before reducing. */
export const refShift: fc.Arbitrary<number> = fc.oneof(fc.integer({ min: -25, max: 25 }), fc.integer());

export interface Options {
  preserveCase?: boolean;
  preserveNonAlpha?: boolean;
}

/** Every combination of the two options, including leaving them out. */
export const anyOptions: fc.Arbitrary<Options> = fc.record(
  { preserveCase: fc.boolean(), preserveNonAlpha: fc.boolean() },
  { requiredKeys: [] },
);

/** A key of 1–12 letters drawn from the given letters. */
export function keyOver(letters: readonly string[]): fc.Arbitrary<string> {
  return fc.array(fc.constantFrom(...letters), { minLength: 1, maxLength: 12 }).map((k) => k.join(''));
}

/** The contract's partner rule for a custom letter: its other case, when that is a single code point. */
function customPartner(c: string): string | null {
  const lo = c.toLowerCase();
  const up = c.toUpperCase();
  if (lo !== c && [...lo].length === 1) return lo;
  if (up !== c && [...up].length === 1) return up;
  return null;
}

/**
 * How a custom alphabet's case partners work out. A partner is registered (read as a letter) unless it is
 * another letter of the alphabet or an earlier letter's partner; `unregistered` counts letters whose partner
 * exists but is claimed elsewhere.
 */
export function caseProfile(letters: readonly string[]): { registered: number; unregistered: number } {
  const taken = new Set(letters);
  let registered = 0;
  let unregistered = 0;
  for (const c of letters) {
    const p = customPartner(c);
    if (p === null) continue;
    if (taken.has(p)) unregistered++;
    else {
      taken.add(p);
      registered++;
    }
  }
  return { registered, unregistered };
}

/** Letters with case quirks: both cases, shared partners (s/ſ, K/KELVIN SIGN, Å/ANGSTROM SIGN, σ/ς), ß without a 1-code-point upper case. */
const TRICKY = [...'aAbBcCsSſkKÅåßẞσςΣǄǅǆıiIİ0123456789😀😁😂𐐀𐐨𐐁𐐩ąĄżŻñÑ', '\u212a', '\u212b'];

/** One code point, any plane, never a surrogate. */
const anyCodePoint = fc
  .integer({ min: 0, max: 0x10ffff })
  .filter((cp) => cp < 0xd800 || cp > 0xdfff)
  .map((cp) => String.fromCodePoint(cp));

const customUnit = fc.oneof(
  { arbitrary: fc.constantFrom(...TRICKY), weight: 2 },
  { arbitrary: anyCodePoint, weight: 1 },
);

/** A valid custom alphabet (2–256 distinct code points, usually short) as an array of its letters. */
const customLetters: fc.Arbitrary<string[]> = fc.oneof(
  { arbitrary: fc.uniqueArray(customUnit, { minLength: 2, maxLength: 256 }), weight: 4 },
  { arbitrary: fc.uniqueArray(customUnit, { minLength: 2, maxLength: 256, size: 'large' }), weight: 1 },
);

/** Letters whose other case is one code point that maps back to them (Latin, Greek, Cyrillic, …, Deseret). */
const CASED: string[] = [];
for (const [from, to] of [
  [0x41, 0x24f],
  [0x370, 0x52f],
  [0x10400, 0x1044f],
]) {
  for (let cp = from as number; cp <= (to as number); cp++) {
    const c = String.fromCodePoint(cp);
    const p = customPartner(c);
    if (p !== null && customPartner(p) === c) CASED.push(c);
  }
}

/** A custom alphabet in which every letter has a case partner of its own, in either case form. */
const casedLetters: fc.Arbitrary<string[]> = fc
  .uniqueArray(fc.constantFrom(...CASED), {
    minLength: 2,
    maxLength: 60,
    selector: (c) => (c === c.toUpperCase() ? c : (customPartner(c) ?? c)),
  })
  .filter((letters) => caseProfile(letters).registered === letters.length);

/** A custom alphabet together with its letters and their case partners (the forms a text may use). */
export const customCase: fc.Arbitrary<{ alphabet: string; forms: string[] }> = customLetters.map((letters) => ({
  alphabet: letters.join(''),
  forms: [...letters, ...letters.flatMap((c) => customPartner(c) ?? [])],
}));

/** Same, for alphabets where every letter has its own case partner. */
export const casedCase: fc.Arbitrary<{ alphabet: string; forms: string[] }> = casedLetters.map((letters) => ({
  alphabet: letters.join(''),
  forms: [...letters, ...letters.flatMap((c) => customPartner(c) ?? [])],
}));

/** An alphabet as a request names it (a named one or a custom one), with its own letters and every form a text may use. */
export const alphabetCase: fc.Arbitrary<{ spec: AlphabetSpec; letters: string[]; forms: string[] }> = fc.oneof(
  fc.constantFrom(...(Object.keys(CONTRACT_ALPHABETS) as NamedAlphabetName[])).map((name) => {
    const [upper, lower] = CONTRACT_ALPHABETS[name];
    return { spec: { alphabet: name }, letters: [...upper], forms: [...upper, ...lower] };
  }),
  customCase.map(({ alphabet, forms }) => ({
    spec: { alphabet: 'custom' as const, custom_alphabet: alphabet },
    letters: [...alphabet],
    forms,
  })),
);
