// How a pasted ciphertext is laid out (as the cipher left it, letters only, in groups, letter-spaced), and the
// text the identifier scores: letter-spaced and grouped texts read as letters run together.
import type { Alphabet } from '../../core/index.js';
import { LETTERS_PER_WORD_BREAK } from '../readings/index.js';

export type Presentation = 'spaced' | 'letters' | 'groups' | 'letterspaced';

/** At least this many letters in runs before a layout counts as groups or as letter-spaced. */
const MIN_RUNS = 4;

interface Run {
  /** Letters of the alphabet in the run. */
  letters: number;
  /** Whether only whitespace follows the run up to the next one (or the end). */
  whiteAfter: boolean;
  /** Whitespace characters after the run. */
  gap: number;
}

/** The text's runs of letters and what separates them. */
function runsOf(text: string, a: Alphabet): Run[] {
  const runs: Run[] = [];
  let current: Run | undefined;
  for (const ch of text) {
    if (a.lookup(ch.codePointAt(0) as number) >= 0) {
      if (!current || current.gap > 0 || !current.whiteAfter) {
        current = { letters: 0, whiteAfter: true, gap: 0 };
        runs.push(current);
      }
      current.letters++;
    } else if (current) {
      if (/\s/u.test(ch)) current.gap++;
      else current.whiteAfter = false;
    }
  }
  return runs;
}

/** The layout a text is printed in, read from its runs of letters. */
export function presentationOf(text: string, a: Alphabet): Presentation {
  const runs = runsOf(text, a);
  const inner = runs.slice(0, -1);
  if (runs.length >= MIN_RUNS && inner.every((r) => r.whiteAfter)) {
    const singles = runs.filter((r) => r.letters === 1).length;
    // "K H O O R  Z R U O G": single letters, words (if any) marked by wider gaps.
    if (singles === runs.length) return 'letterspaced';
    const first = runs[0] as Run;
    const last = runs[runs.length - 1] as Run;
    // "KHOOR ZRUOG": equal groups of three or more, the last possibly shorter.
    if (first.letters >= 3 && inner.every((r) => r.letters === first.letters) && last.letters <= first.letters)
      return 'groups';
  }
  const letters = runs.reduce((s, r) => s + r.letters, 0);
  return runs.length * LETTERS_PER_WORD_BREAK <= letters ? 'letters' : 'spaced';
}

/**
 * The text as the identifier scores it. Letter-spaced text keeps its word breaks where the gaps are wider than
 * the gaps between letters, and loses the rest; grouped text loses its spaces. A cipher keeps every character
 * that is not a letter where it was, so decrypting the original text gives the same letters in the user's layout.
 */
export function normalise(text: string, a: Alphabet, presentation = presentationOf(text, a)): string {
  if (presentation === 'groups') return text.replace(/\s+/gu, '');
  if (presentation !== 'letterspaced') return text;
  const gaps = [...text.matchAll(/\s+/gu)].map((m) => m[0].length);
  const narrow = Math.min(...gaps);
  // Wider gaps than the narrowest mark words ("K H O O R   Z R U O G"); without any, the letters run together.
  return text.replace(/\s+/gu, (gap) => (gap.length > narrow ? ' ' : ''));
}
