// Alphabets: the named ones from the contract with explicit case partners, and caller-supplied custom ones.

/** Names a caller may pass as `alphabet`. */
export const ALPHABET_NAMES = ['basic', 'polish', 'german', 'spanish', 'french', 'custom'] as const;
export type AlphabetName = (typeof ALPHABET_NAMES)[number];
export type NamedAlphabetName = Exclude<AlphabetName, 'custom'>;
export const NAMED_ALPHABETS: readonly NamedAlphabetName[] = ['basic', 'polish', 'german', 'spanish', 'french'];
/** The alphabet of everything that takes one and is not told (the API's `alphabet` field, the ciphers' kernels). */
export const DEFAULT_ALPHABET: NamedAlphabetName = 'basic';

const AZ = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const az = 'abcdefghijklmnopqrstuvwxyz';

// Lower-case partners are spelled out because toUpperCase('ß') is "SS", not "ẞ".
const NAMED: Record<NamedAlphabetName, readonly [upper: string, lower: string]> = {
  basic: [AZ, az],
  polish: ['AĄBCĆDEĘFGHIJKLŁMNŃOÓPQRSŚTUVWXYZŹŻ', 'aąbcćdeęfghijklłmnńoópqrsśtuvwxyzźż'],
  german: [`${AZ}ÄÖÜẞ`, `${az}äöüß`],
  spanish: ['ABCDEFGHIJKLMNÑOPQRSTUVWXYZ', 'abcdefghijklmnñopqrstuvwxyz'],
  french: [`${AZ}ÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ`, `${az}àâæçéèêëîïôœùûüÿ`],
};

export const CUSTOM_ALPHABET_MIN = 2;
export const CUSTOM_ALPHABET_MAX = 256;

/** Bit set in a lookup result when the character is the partner form, not the alphabet's own form. */
export const PARTNER_FLAG = 1 << 16;
const NOT_A_LETTER = -1;

/**
 * Dense tables for an alphabet whose letters and partners are all in the BMP (every named alphabet): the shift
 * kernel's fast path reads one table per code unit instead of calling lookup() per code point.
 */
export interface BmpTables {
  /** For each code unit below its length: the letter's slot in `cased`/`uncased`, or -1 when not a letter. */
  readonly slot: Int32Array;
  /**
   * Own forms twice, then partner forms twice, so slot + shift (shift < size) needs no wrap-around. The partner
   * half moves partner forms along the whole alphabet: the kernel uses it only when that is their cycle
   * (Alphabet.partnerCycle is every letter or none) or case is not kept.
   */
  readonly cased: Uint16Array;
  /** The same layout with own forms throughout: what preserve_case false writes. */
  readonly uncased: Uint16Array;
  /** Every form is below U+0100, so a Latin-1 text stays Latin-1 (basic and spanish). */
  readonly latin1: boolean;
}

export interface Alphabet {
  readonly name: AlphabetName;
  readonly size: number;
  /** Own forms in order (upper case for named alphabets). */
  readonly letters: readonly string[];
  /** Code point of each own form. */
  readonly ownCodes: Int32Array;
  /** Code point of each letter's case partner, or the own form's code point when it has none. */
  readonly partnerCodes: Int32Array;
  /**
   * The letters whose partner form is a letter of this alphabet, in alphabet order: the cycle a partner form that
   * keeps its case moves along. It is every letter of the named alphabets and of most custom ones; in a custom
   * alphabet that mixes letters with case and symbols without (A–Z0–9), a lower-case letter moves among the
   * letters that have a lower case, so that it never lands on a symbol that cannot keep its case and every round
   * trip is exact. Without case (preserve_case false) every letter moves along the whole alphabet.
   */
  readonly partnerCycle: Int32Array;
  /** Each letter's place in partnerCycle, or -1 when its partner form is not a letter. */
  readonly partnerRank: Int32Array;
  /** Index of the letter (ORed with PARTNER_FLAG for partner forms), or -1 when not a letter. */
  lookup(codePoint: number): number;
  /** The kernel's dense tables, or null when a letter or partner lies outside the BMP. */
  readonly bmp: BmpTables | null;
}

/** A custom letter's partner is its single-code-point other case, if it has one. */
function customPartner(c: string): string | null {
  const lo = c.toLowerCase();
  const up = c.toUpperCase();
  if (lo !== c && [...lo].length === 1) return lo;
  if (up !== c && [...up].length === 1) return up;
  return null;
}

function build(name: AlphabetName, letters: string[], partners: (string | null)[]): Alphabet {
  const n = letters.length;
  const ownCodes = new Int32Array(n);
  const partnerCodes = new Int32Array(n);
  const map = new Map<number, number>();
  letters.forEach((c, i) => {
    const cp = c.codePointAt(0) as number;
    ownCodes[i] = cp;
    map.set(cp, i);
  });
  const cycle: number[] = [];
  const partnerRank = new Int32Array(n).fill(-1);
  partners.forEach((p, i) => {
    const own = ownCodes[i] as number;
    const cp = p === null ? own : (p.codePointAt(0) as number);
    // A custom alphabet holding both cases treats them as two symbols: the own form wins.
    if (p !== null && !map.has(cp)) {
      map.set(cp, i | PARTNER_FLAG);
      partnerCodes[i] = cp;
      partnerRank[i] = cycle.length;
      cycle.push(i);
    } else {
      partnerCodes[i] = own;
    }
  });
  const base = { name, size: n, letters, ownCodes, partnerCodes, partnerCycle: Int32Array.from(cycle), partnerRank };
  let max = 0;
  for (const cp of map.keys()) max = Math.max(max, cp);
  // A dense table for the usual case (every letter below U+10000) keeps the hot loop free of hashing.
  if (max < 0x10000) {
    const table = new Int32Array(max + 1).fill(NOT_A_LETTER);
    for (const [cp, v] of map) table[cp] = v;
    const lookup = (cp: number): number => (cp <= max ? (table[cp] as number) : NOT_A_LETTER);
    return { ...base, lookup, bmp: bmpTables(table, ownCodes, partnerCodes) };
  }
  const lookup = (cp: number): number => map.get(cp) ?? NOT_A_LETTER;
  return { ...base, lookup, bmp: null };
}

function bmpTables(table: Int32Array, ownCodes: Int32Array, partnerCodes: Int32Array): BmpTables {
  const n = ownCodes.length;
  const slot = new Int32Array(table.length);
  for (let c = 0; c < table.length; c++) {
    const v = table[c] as number;
    slot[c] = v < 0 ? NOT_A_LETTER : (v & PARTNER_FLAG ? 2 * n : 0) + (v & (PARTNER_FLAG - 1));
  }
  const cased = new Uint16Array(4 * n);
  const uncased = new Uint16Array(4 * n);
  for (let i = 0; i < n; i++) {
    for (const at of [i, n + i]) {
      cased[at] = ownCodes[i] as number;
      cased[2 * n + at] = partnerCodes[i] as number;
      uncased[at] = ownCodes[i] as number;
      uncased[2 * n + at] = ownCodes[i] as number;
    }
  }
  return { slot, cased, uncased, latin1: cased.every((c) => c < 0x100) };
}

const named = new Map<NamedAlphabetName, Alphabet>();

export function namedAlphabet(name: NamedAlphabetName): Alphabet {
  let a = named.get(name);
  if (!a) {
    const [upper, lower] = NAMED[name];
    a = build(name, [...upper], [...lower]);
    named.set(name, a);
  }
  return a;
}

/** Why a custom alphabet is unusable, or null when it is fine. */
export function customAlphabetProblem(letters: string): string | null {
  const cps = [...letters];
  if (cps.length < CUSTOM_ALPHABET_MIN || cps.length > CUSTOM_ALPHABET_MAX) {
    return `The custom alphabet must have between ${CUSTOM_ALPHABET_MIN} and ${CUSTOM_ALPHABET_MAX} characters.`;
  }
  if (
    cps.some((c) => {
      const cp = c.codePointAt(0) as number;
      return cp >= 0xd800 && cp <= 0xdfff;
    })
  ) {
    return 'The custom alphabet must not contain lone surrogates.';
  }
  if (new Set(cps).size !== cps.length) return 'The custom alphabet must not contain duplicate characters.';
  return null;
}

/** Recently used custom alphabets: a client sending the same one again reuses its tables. */
const customCache = new Map<string, Alphabet>();
const CUSTOM_CACHE_SIZE = 64;

/** Builds a custom alphabet; the caller has checked it with customAlphabetProblem. */
export function customAlphabet(letters: string): Alphabet {
  const cached = customCache.get(letters);
  if (cached) {
    // Map order is insertion order: re-inserting marks the entry as the most recently used.
    customCache.delete(letters);
    customCache.set(letters, cached);
    return cached;
  }
  const problem = customAlphabetProblem(letters);
  if (problem) throw new RangeError(problem);
  const cps = [...letters];
  const a = build('custom', cps, cps.map(customPartner));
  if (customCache.size >= CUSTOM_CACHE_SIZE) customCache.delete(customCache.keys().next().value as string);
  customCache.set(letters, a);
  return a;
}

export function resolveAlphabet(name: AlphabetName = DEFAULT_ALPHABET, custom?: string): Alphabet {
  return name === 'custom' ? customAlphabet(custom ?? '') : namedAlphabet(name);
}

/** An alphabet as plain data, as requests and worker tasks carry it. */
export interface AlphabetSpec {
  alphabet?: AlphabetName;
  custom_alphabet?: string;
}

/** The alphabet a spec names (resolveAlphabet supplies the default). */
export const alphabetOf = (spec: AlphabetSpec): Alphabet => resolveAlphabet(spec.alphabet, spec.custom_alphabet);

/** Upper-case own forms of a named alphabet as one string. */
export function alphabetLetters(a: Alphabet): string {
  return a.letters.join('');
}
