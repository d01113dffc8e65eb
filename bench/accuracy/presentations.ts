// How people print a ciphertext: as the cipher leaves it, letters only (accents folded), in groups, letter-spaced.
//
// The accuracy bench and the solver tests share these functions, so each presentation is defined once, here.
// Folding follows the Unicode CLDR transform Latin-ASCII (unicode-org/cldr, common/transforms/Latin-ASCII.xml):
//   1. canonical decomposition (NFD), and every nonspacing mark (Mn) after a Latin letter or digit removed,
//      then recomposition (NFC): é → e, ą → a, ñ → n, ç → c, ő → o, ÿ → y, and a decomposed "a\u0328" → a;
//   2. CLDR's rules for the Latin letters that have no decomposition, taken for the Latin-1 Supplement and
//      Latin Extended-A blocks and ẞ (FOLDED below): Æ → AE, Ð → D, Ø → O, Þ → TH, ß → ss, Đ → D, Ħ → H, ı → i,
//      Ĳ → IJ, ĸ → q, Ŀ → L, Ł → L, ŉ → 'n, Ŋ → N, Œ → OE, Ŧ → T, ſ → s, ẞ → SS (and their small forms).
// Anything else is kept by foldAccents and dropped by lettersOnly: digits, punctuation, other scripts, and the
// rarer Latin letters of the later blocks (ƒ, ǝ, ligatures such as ﬁ).
// German puzzles also write ä, ö, ü as AE, OE, UE (the spelling Duden gives where umlauts are unavailable);
// `umlauts: 'e'` folds that way instead of dropping the two dots.

export const FORMATS = ['spaced', 'letters', 'groups5', 'letterspaced'] as const;
/** A presentation of a ciphertext. */
export type Format = (typeof FORMATS)[number];

/** What each presentation is, for help texts and reports. */
export const FORMAT_INFO: Record<Format, string> = {
  spaced: 'as the cipher leaves it: case, spaces, punctuation and accented letters kept',
  letters: 'letters only, upper case, accents folded to A–Z ("KHOORZRUOG")',
  groups5: 'letters only, folded, in groups of five ("KHOOR ZRUOG")',
  letterspaced: 'letters only, folded, a space after every letter ("K H O O R")',
};

/** Whether a presentation folds its plaintext to A–Z (and so enciphers with the basic alphabet). */
export const isFolded = (format: Format): boolean => format !== 'spaced';

export interface FoldOptions {
  /** 'strip' (default): ä → a, as Unicode decomposition gives; 'e': ä → ae, ö → oe, ü → ue. */
  umlauts?: 'strip' | 'e';
}

/** CLDR Latin-ASCII's rules for the letters of U+00C0–U+017F (and ẞ) that do not decompose to A–Z. */
export const FOLDED: Readonly<Record<string, string>> = {
  Æ: 'AE',
  æ: 'ae',
  Ð: 'D',
  ð: 'd',
  Ø: 'O',
  ø: 'o',
  Þ: 'TH',
  þ: 'th',
  ß: 'ss',
  ẞ: 'SS',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ĳ: 'IJ',
  ĳ: 'ij',
  ĸ: 'q',
  Ŀ: 'L',
  ŀ: 'l',
  Ł: 'L',
  ł: 'l',
  ŉ: "'n",
  Ŋ: 'N',
  ŋ: 'n',
  Œ: 'OE',
  œ: 'oe',
  Ŧ: 'T',
  ŧ: 't',
  ſ: 's',
};

const UMLAUTS_E: Readonly<Record<string, string>> = { Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ä: 'ae', ö: 'oe', ü: 'ue' };
const MARKS_AFTER_LATIN = /([\p{Script=Latin}0-9])\p{Mn}+/gu;
const FOLDED_CHARS = new RegExp(`[${Object.keys(FOLDED).join('')}]`, 'gu');

/** The text with its Latin letters folded to A–Z (case kept); every other character stays as it is. */
export function foldAccents(text: string, options: FoldOptions = {}): string {
  let t = text.normalize('NFC');
  if (options.umlauts === 'e') t = t.replace(/[ÄÖÜäöü]/gu, (c) => UMLAUTS_E[c] as string);
  t = t.normalize('NFD').replace(MARKS_AFTER_LATIN, '$1').normalize('NFC');
  return t.replace(FOLDED_CHARS, (c) => FOLDED[c] as string);
}

/** Letters only, upper case, accents folded: "Zażółć gęślą!" → "ZAZOLCGESLA". */
export function lettersOnly(text: string, options: FoldOptions = {}): string {
  return foldAccents(text, options)
    .replace(/[^A-Za-z]+/g, '')
    .toUpperCase();
}

/**
 * Letters in groups of `size` separated by spaces, the last group possibly shorter; with `perLine`, a line
 * break after every `perLine` groups instead of a space. Non-letters of `letters` are not expected (pass the
 * lettersOnly form) and would be grouped like letters.
 */
export function groupLetters(letters: string, size = 5, perLine = 0): string {
  if (!(size >= 1)) throw new RangeError(`group size must be at least 1, not ${size}`);
  const groups: string[] = [];
  const chars = [...letters];
  for (let i = 0; i < chars.length; i += size) groups.push(chars.slice(i, i + size).join(''));
  if (perLine < 1) return groups.join(' ');
  const lines: string[] = [];
  for (let i = 0; i < groups.length; i += perLine) lines.push(groups.slice(i, i + perLine).join(' '));
  return lines.join('\n');
}

/** A separator between every two letters: "KHOOR" → "K H O O R" (none before the first or after the last). */
export function spaceLetters(letters: string, separator = ' '): string {
  return [...letters].join(separator);
}

export interface PresentOptions extends FoldOptions {
  /** groups5: groups per line (0: one line). */
  perLine?: number;
  /** letterspaced: what follows every letter but the last. */
  separator?: string;
}

/**
 * A text in a presentation. A puzzle folds its plaintext, not its ciphertext: encipher lettersOnly(plain) with
 * the basic alphabet, then present the ciphertext (on A–Z text the folding is the identity, and grouping and
 * spacing only add non-letters, so they commute with the cipher).
 */
export function present(text: string, format: Format, options: PresentOptions = {}): string {
  switch (format) {
    case 'spaced':
      return text;
    case 'letters':
      return lettersOnly(text, options);
    case 'groups5':
      return groupLetters(lettersOnly(text, options), 5, options.perLine ?? 0);
    case 'letterspaced':
      return spaceLetters(lettersOnly(text, options), options.separator ?? ' ');
  }
}
