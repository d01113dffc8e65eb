// Folding a text's Latin letters to A–Z, as puzzles print plaintext: the CLDR Latin-ASCII transform, kept to Latin.
//
// Follows the Unicode CLDR transform Latin-ASCII (unicode-org/cldr, common/transforms/Latin-ASCII.xml):
//   1. canonical decomposition (NFD), and every nonspacing mark (Mn) after a Latin letter or digit removed,
//      then recomposition (NFC): é → e, ą → a, ñ → n, ç → c, ő → o, ÿ → y, and a decomposed "a\u0328" → a;
//   2. CLDR's rules for the Latin letters that have no decomposition, taken for the Latin-1 Supplement and
//      Latin Extended-A blocks and ẞ (FOLDED below): Æ → AE, Ð → D, Ø → O, Þ → TH, ß → ss, Đ → D, Ħ → H, ı → i,
//      Ĳ → IJ, ĸ → q, Ŀ → L, Ł → L, ŉ → 'n, Ŋ → N, Œ → OE, Ŧ → T, ſ → s, ẞ → SS (and their small forms).
// Anything else is kept by foldAccents and dropped by lettersOnly: digits, punctuation, other scripts, and the
// rarer Latin letters of the later blocks (ƒ, ǝ, ligatures such as ﬁ).
// German puzzles also write ä, ö, ü as AE, OE, UE (the spelling Duden gives where umlauts are unavailable);
// `umlauts: 'e'` folds that way instead of dropping the two dots.
// The folded language models are built from text folded here (scripts/build-models.ts), the cryptogram solver
// folds its word lists here (src/analysis/substitution/words.ts), and the accuracy bench folds its plaintexts here
// (bench/accuracy/presentations.ts), so all three fold the same way.

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
