// What a passage must be to enter the corpus: normalised running prose (not code, lists or tables), in the
// language of its file, and not a repeat of text already there.
import type { Language } from '../../src/analysis/index.js';

/** One passage a line: NFC, one space for any run of white space, no control characters, no soft hyphens. */
export function normalise(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/[\s\u00a0\u2000-\u200a\u202f\u205f\u3000]+/g, ' ')
    .trim();
}

/** A word of running text: letters with inner apostrophes or hyphens, and nothing else. */
const WORD = /^[("'«„“‘¿¡]*\p{L}+(?:['’-]\p{L}+)*[)"'»“”’.,;:!?…]*$/u;

/** Why a passage is not prose, or null when it is. */
export function notProse(text: string): string | null {
  const tokens = text.split(' ');
  if (tokens.length < 4) return 'short';
  let letters = 0;
  let visible = 0;
  for (const ch of text) {
    if (ch === ' ') continue;
    visible++;
    if (/\p{L}/u.test(ch)) letters++;
  }
  if (letters < 20) return 'short';
  // Code, tables, option lists, ASCII art: too few letters, or too few tokens that are plain words.
  if (letters < 0.75 * visible) return 'symbols';
  const words = tokens.filter((t) => WORD.test(t)).length;
  if (words < 0.7 * tokens.length) return 'symbols';
  // Headings and lists of names: prose has lower-case words.
  if (!/\p{Ll}{2}/u.test(text)) return 'capitals';
  return null;
}

/**
 * The language filter: a letter-trigram model per language, counted on the training lines of the base
 * corpus (../shared/corpus, never its held-out or development lines), lower case, each run of non-letters
 * read as one space. A passage is in language X when its trigrams are likelier under X's model than under
 * each other language's, by at least MARGIN nats per trigram (a short or mixed passage that is close to a
 * tie is dropped too). So an English paragraph left untranslated in a Polish man page is read as English.
 */
export class LanguageFilter {
  private readonly logs = new Map<Language, Map<string, number>>();
  private readonly floor = new Map<Language, number>();
  static readonly MARGIN = 0.1;

  constructor(training: Record<Language, readonly string[]>) {
    for (const [language, lines] of Object.entries(training) as [Language, readonly string[]][]) {
      const counts = new Map<string, number>();
      let total = 0;
      for (const line of lines)
        for (const g of trigrams(line)) {
          counts.set(g, (counts.get(g) ?? 0) + 1);
          total++;
        }
      // Add-one smoothing over the trigrams seen plus as many again unseen.
      const denominator = total + 2 * counts.size;
      const logs = new Map<string, number>();
      for (const [g, c] of counts) logs.set(g, Math.log((c + 1) / denominator));
      this.logs.set(language, logs);
      this.floor.set(language, Math.log(1 / denominator));
    }
  }

  /** Mean log-probability per trigram of `text` under each language. */
  scores(text: string): Map<Language, number> {
    const grams = [...trigrams(text)];
    const out = new Map<Language, number>();
    for (const [language, logs] of this.logs) {
      const floor = this.floor.get(language) as number;
      let sum = 0;
      for (const g of grams) sum += logs.get(g) ?? floor;
      out.set(language, grams.length ? sum / grams.length : floor);
    }
    return out;
  }

  /** The language the passage is in, or null when no language wins by MARGIN. */
  classify(text: string): Language | null {
    const ranked = [...this.scores(text)].sort((x, y) => y[1] - x[1]);
    const [first, second] = ranked;
    if (!first || !second || first[1] - second[1] < LanguageFilter.MARGIN) return null;
    return first[0];
  }
}

function* trigrams(text: string): Generator<string> {
  const s = ` ${text
    .toLowerCase()
    .replace(/[^\p{L}]+/gu, ' ')
    .trim()} `;
  const cps = [...s];
  for (let i = 0; i + 3 <= cps.length; i++) yield cps[i]! + cps[i + 1]! + cps[i + 2]!;
}

/** A passage's words for comparing texts: lower-case letters only, in order. */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
}

/** 32-bit FNV-1a of a string. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * Repeats, exact or near: a passage whose letters (lower case, nothing else) equal an earlier one's, or half
 * of whose runs of SHINGLE words occur in earlier passages (a fortune already in the base corpus with its
 * attribution, a man-page paragraph split differently, the same boilerplate in every page). The base
 * corpus is added first, all of it, so that no new line repeats one of its held-out lines.
 */
export class Deduplicator {
  static readonly SHINGLE = 5;
  static readonly NEAR = 0.5;
  private readonly exact = new Set<number>();
  private readonly seen = new Set<number>();

  static shingles(w: string[]): number[] {
    const out: number[] = [];
    for (let i = 0; i + Deduplicator.SHINGLE <= w.length; i++)
      out.push(hash(w.slice(i, i + Deduplicator.SHINGLE).join(' ')));
    return out;
  }

  /** Remembers a passage without testing it. */
  add(text: string): void {
    const w = words(text);
    this.exact.add(hash(w.join('')));
    for (const h of Deduplicator.shingles(w)) this.seen.add(h);
  }

  /** True (and the passage is remembered) when it repeats nothing seen; false when it is a repeat. */
  admit(text: string): boolean {
    const w = words(text);
    const key = hash(w.join(''));
    if (this.exact.has(key)) return false;
    const hashes = Deduplicator.shingles(w);
    if (hashes.length > 0) {
      const seen = hashes.filter((h) => this.seen.has(h)).length;
      if (seen >= Deduplicator.NEAR * hashes.length) return false;
    }
    this.exact.add(key);
    for (const h of hashes) this.seen.add(h);
    return true;
  }
}

/**
 * Blanks the training lines that contain most of a held-out or development line: the near-duplicate test
 * above compares a passage with what came before it, so a long passage that holds a shorter held-out one
 * whole (a fortune with its attribution, a man-page paragraph of which the base corpus kept one sentence)
 * would pass it. (A held-out line of under five words is too short to tell a copy from a common phrase.) A line is replaced by a blank line, so no other line moves and changes its split. Only
 * lines at or after `from` are blanked (the base corpus's own lines are left as they were). Returns how
 * many lines were blanked per block start.
 */
export function blankContainers(
  lines: string[],
  from: number,
  protectedLine: (i: number) => boolean,
  blockOf: (i: number) => number,
): Map<number, number> {
  const index = new Map<number, number[]>();
  const sizes = new Map<number, number>();
  lines.forEach((line, i) => {
    if (!protectedLine(i) || !line) return;
    const w = words(line);
    const hashes = [...new Set(Deduplicator.shingles(w))];
    if (hashes.length === 0) return;
    sizes.set(i, hashes.length);
    for (const h of hashes) {
      const list = index.get(h) ?? [];
      list.push(i);
      index.set(h, list);
    }
  });
  const blanked = new Map<number, number>();
  for (let i = from; i < lines.length; i++) {
    const line = lines[i] as string;
    if (!line || protectedLine(i)) continue;
    const hits = new Map<number, number>();
    for (const h of new Set(Deduplicator.shingles(words(line))))
      for (const j of index.get(h) ?? []) hits.set(j, (hits.get(j) ?? 0) + 1);
    if (![...hits].some(([j, n]) => n >= Deduplicator.NEAR * (sizes.get(j) as number))) continue;
    lines[i] = '';
    blanked.set(blockOf(i), (blanked.get(blockOf(i)) ?? 0) + 1);
  }
  return blanked;
}
