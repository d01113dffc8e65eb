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
 * corpus (../shared/corpus, its training part only: scripts/corpus/split.ts), lower case, each run of non-letters
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

/** A passage's words for comparing texts: runs of letters and digits, lower case, in order (no punctuation or spacing). */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** 32-bit FNV-1a of a string. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * Repeats, exact or near: a passage whose letters and digits (lower case, nothing else) equal an earlier one's, or half
 * of whose runs of SHINGLE words occur in earlier passages (a fortune already in the base corpus with its
 * attribution, a man-page paragraph split differently, the same boilerplate in every page). The base
 * corpus is added first, all of it, so that no new line repeats one of its lines; blankOverlaps below then
 * settles repeats across the split over the whole file.
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
 * The share of the shorter line's shingles two lines may have in common before the lower-ranked one goes: a
 * third, so a line holding 4 of a validation line's 10 shingles (a shared sentence of eight words) is dropped.
 */
export const OVERLAP = 1 / 3;

/** blankOverlaps and the build's use of it in words, for the corpus manifest. */
export const DEDUPLICATION_RULE =
  'over the whole file, base corpus included, and the passages the tests quote (scripts/lib/held-out.ts) ranked ' +
  'above every part: of exact copies (letters and digits, lower case) the one of the highest part stays; a line ' +
  `sharing at least ${OVERLAP.toFixed(3)} of the shorter line's ${Deduplicator.SHINGLE}-word shingles with a kept ` +
  'line of a higher part is blanked';

/** A passage's runs of SHINGLE consecutive words, as text. */
function shingleTexts(w: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + Deduplicator.SHINGLE <= w.length; i++) out.push(w.slice(i, i + Deduplicator.SHINGLE).join(' '));
  return out;
}

/** Why a line was blanked (an exact copy of another line, or an overlap with a line ranked higher) and by which line. */
export interface Blanked {
  why: 'copy' | 'overlap';
  by: number;
}

/**
 * De-duplicates a whole corpus file, base corpus included, across the split, blanking lines in place (a blank
 * line keeps every other line's number, so no line changes its part). `rank` says how far each line's part is kept
 * from training (PART_RANK in split.ts; the build ranks the tests' quoted passages above them all):
 * - copies: lines whose words (letters and digits, lower case: case, spacing and punctuation ignored) are the
 *   same are one passage; the copy of the highest rank (the first of those) stays.
 * - overlaps: a line is blanked when it and a kept line of a higher rank share at least OVERLAP of the
 *   shorter one's five-word shingles: it holds that line (a fortune with its attribution, a paragraph of which
 *   the other kept a sentence), sits inside it, or shares most of it. Ranks are settled from the top down
 *   (validation against final, then development, then training), so a line blanked no longer protects its text.
 * Lines of under five words have no shingle and are compared as copies only: too short to tell a copy from a
 * common phrase. Returns the blanked lines' numbers and why.
 */
export function blankOverlaps(lines: string[], rank: (i: number) => number): Map<number, Blanked> {
  const blanked = new Map<number, Blanked>();
  const keep = new Map<string, number>();
  lines.forEach((line, i) => {
    const key = words(line).join(' ');
    if (!key) return;
    const kept = keep.get(key);
    if (kept === undefined) keep.set(key, i);
    else if (rank(i) > rank(kept)) {
      blanked.set(kept, { why: 'copy', by: i });
      keep.set(key, i);
    } else blanked.set(i, { why: 'copy', by: kept });
  });
  // Every copy names the line that stayed (a copy blanked early may name one blanked later).
  for (const [i, b] of blanked)
    blanked.set(i, { why: 'copy', by: keep.get(words(lines[b.by] as string).join(' ')) as number });
  for (const i of blanked.keys()) lines[i] = '';
  const shingles = lines.map((line) => new Set(shingleTexts(words(line))));
  // The kept lines' shingles, of the parts above the one being settled.
  const index = new Map<string, number[]>();
  const ranks = [...new Set(lines.map((_, i) => rank(i)))].sort((x, y) => y - x);
  for (const r of ranks) {
    const settled: number[] = [];
    lines.forEach((line, i) => {
      if (!line || rank(i) !== r) return;
      settled.push(i);
      const own = shingles[i] as Set<string>;
      if (own.size === 0) return;
      const hits = new Map<number, number>();
      for (const h of own) for (const j of index.get(h) ?? []) hits.set(j, (hits.get(j) ?? 0) + 1);
      for (const [j, n] of hits)
        if (n >= OVERLAP * Math.min(own.size, (shingles[j] as Set<string>).size)) {
          blanked.set(i, { why: 'overlap', by: j });
          lines[i] = '';
          settled.pop();
          return;
        }
    });
    for (const i of settled)
      for (const h of shingles[i] as Set<string>) {
        const list = index.get(h) ?? [];
        list.push(i);
        index.set(h, list);
      }
  }
  return blanked;
}
