// How people print a ciphertext: as the cipher leaves it, letters only (accents folded), in groups, letter-spaced.
//
// The accuracy bench and the solver tests share these functions, so each presentation is defined once, here. The
// folding itself (CLDR Latin-ASCII, and German ä → ae as an option) lives in src/core/fold.ts, which the
// folded language models are built with.
import { type FoldOptions, lettersOnly } from '../../src/core/fold.js';

export { FOLDED, type FoldOptions, foldAccents, lettersOnly } from '../../src/core/fold.js';

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
