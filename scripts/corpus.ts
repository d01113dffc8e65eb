// The training corpus as the build scripts, the benchmarks and the tests read it: where it is, its one split of
// lines, which source each line comes from, and how much of each source the models count.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from '../src/analysis/index.js';
import { foldAccents } from '../src/core/fold.js';
import { SOURCE_SHARES } from './corpus/mix.js';
import { counted, type Part, splitOf } from './corpus/split.js';

export const REPO = fileURLToPath(new URL('..', import.meta.url));

/** The base corpus, one input of `npm run build:corpus`: ../shared/corpus beside the repository, or BASE_CORPUS_DIR. */
export const BASE_CORPUS_DIR = resolve(process.env.BASE_CORPUS_DIR ?? join(REPO, '..', 'shared', 'corpus'));

/**
 * The corpus folder `npm run build:corpus` writes and everything else reads: CORPUS_DIR, else .corpus in the
 * repository. Without one the base corpus is read alone (a clear warning says so): the models it gives are
 * not the committed ones. Read at each call, not once at load: Bun runs every test file in one process, where a
 * module loaded by one test's corpus would otherwise keep reading that folder in the next.
 */
export function corpusDir(): string {
  return resolve(process.env.CORPUS_DIR ?? join(REPO, '.corpus'));
}

/** One source's block of a corpus file, as manifest.json records it (scripts/corpus/build.ts). */
export interface SourceEntry {
  id: string;
  package: string | null;
  version: string | null;
  licence: string;
  genre: string;
  /** The block's first line and its length in lines (blank lines included: they keep the split's places). */
  first: number;
  lines: number;
  passages: number;
  letters: number;
  /** Letters in each part of the split (scripts/corpus/split.ts). */
  partLetters: Record<Part, number>;
  /**
   * Passages the filters dropped: not prose (by reason), in another language (by the language read), near repeats
   * of earlier text as the source was read; then, over the whole file (base corpus included), lines blanked as
   * exact copies of another line (letters and digits, lower case) and as overlaps, lines that hold, sit inside or
   * share most five-word shingles with a line of a part kept further from training (scripts/corpus/filters.ts), and
   * lines blanked as copies or overlaps of the passages the tests quote (scripts/lib/held-out.ts), in every part.
   */
  removed: {
    prose: Record<string, number>;
    language: Record<string, number>;
    duplicate: number;
    copies: number;
    overlaps: number;
    quoted: number;
  };
}

/** The manifest's format: 2 since issue 32 (the block split, de-duplication across it, letters per part). */
export const MANIFEST_FORMAT = 2;

export interface CorpusManifest {
  format: typeof MANIFEST_FORMAT;
  base: {
    dir: string;
    files: Partial<Record<Language, { lines: number; letters: number; sha256: string; foreign: number }>>;
  };
  tools: Record<string, string>;
  rules: Record<string, string>;
  languages: Partial<Record<Language, SourceEntry[]>>;
}

let warned = false;
let warnedFormat = false;

/** The folder the corpus files are read from: the built corpus, or the base corpus alone when there is none. */
function readDir(language: Language): string {
  const dir = corpusDir();
  if (existsSync(join(dir, `${language}.txt`))) return dir;
  if (process.env.CORPUS_DIR) throw new Error(`CORPUS_DIR=${dir} has no ${language}.txt`);
  if (!existsSync(join(BASE_CORPUS_DIR, `${language}.txt`)))
    throw new Error(
      `no training corpus: ${dir} has not been built (npm run build:corpus) and the base corpus ` +
        `${BASE_CORPUS_DIR} is not there either (set BASE_CORPUS_DIR; see docs/corpus.md)`,
    );
  if (!warned) {
    warned = true;
    console.warn(
      `warning: no corpus folder at ${dir} (npm run build:corpus writes it); reading the base corpus ` +
        `${BASE_CORPUS_DIR} alone, which is not what the committed models were built from`,
    );
  }
  return BASE_CORPUS_DIR;
}

/** Each corpus file's lines, by its path. */
const lineCache = new Map<string, string[]>();

/** A language's passages, one a line; a line's 0-based number decides which split it is in. */
export function corpusLines(language: Language): string[] {
  const file = join(readDir(language), `${language}.txt`);
  let lines = lineCache.get(file);
  if (!lines) {
    lines = readFileSync(file, 'utf8').split(/\r?\n/);
    if (lines.at(-1) === '') lines.pop();
    lineCache.set(file, lines);
  }
  return lines;
}

/** Which part of the split (scripts/corpus/split.ts) each of a language's lines is in, by its 0-based number. */
export function corpusPart(language: Language): (i: number) => Part {
  return splitOf(corpusSources(language));
}

/** The sources of a language's corpus file in line order (the base corpus alone: one source, "base"). */
export function corpusSources(language: Language): SourceEntry[] {
  const dir = readDir(language);
  const manifest = join(dir, 'manifest.json');
  const read = existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as CorpusManifest) : undefined;
  if (read && read.format !== MANIFEST_FORMAT && !warnedFormat) {
    warnedFormat = true;
    console.warn(
      `warning: ${manifest} is of format ${read.format}, written before the corpus was de-duplicated across the ` +
        `block split (format ${MANIFEST_FORMAT}): its validation and final-test lines may have copies in training. ` +
        'Rebuild it: npm run build:corpus',
    );
  }
  const entries = read?.languages[language];
  if (entries) return entries;
  const lines = corpusLines(language).length;
  return [
    {
      id: 'base',
      package: null,
      version: null,
      licence: 'see the base corpus README',
      genre: 'base',
      first: 0,
      lines,
      passages: lines,
      letters: 0,
      partLetters: { train: 0, dev: 0, validation: 0, final: 0 },
      removed: { prose: {}, language: {}, duplicate: 0, copies: 0, overlaps: 0, quoted: 0 },
    },
  ];
}

/**
 * Lines of the sources named in `spec` (comma-separated source ids or genres: "base", "narrative",
 * "web,kjv"), as a test on line numbers; every line when spec is empty or "all". A name no source of the
 * language has is skipped (not every language has every source); when none is known it is an error.
 */
export function sourceFilter(language: Language, spec: string | undefined): (i: number) => boolean {
  if (!spec || spec === 'all') return () => true;
  const names = spec.split(',').map((s) => s.trim());
  const sources = corpusSources(language);
  const known = new Set(sources.flatMap((s) => [s.id, s.genre]));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length === names.length)
    throw new Error(`${language}: no source or genre ${unknown.join(', ')} (known: ${[...known].join(', ')})`);
  const ranges = sources.filter((s) => names.includes(s.id) || names.includes(s.genre));
  return (i) => ranges.some((s) => i >= s.first && i < s.first + s.lines);
}

/**
 * Which lines the models may count (scripts/corpus/mix.ts): of each source's training lines an even spread of its
 * share, and its development lines when its share is above 0. Validation and final-test lines are never counted
 * whatever this says (counted() in scripts/corpus/split.ts).
 */
export function mixFilter(language: Language): (i: number) => boolean {
  const sources = corpusSources(language);
  const shares = SOURCE_SHARES[language] ?? {};
  const part = splitOf(sources);
  const taken = new Set<number>();
  for (const source of sources) {
    const share = shares[source.id] ?? 1;
    if (share <= 0) continue;
    // The n-th training line of the source is taken when the share's running total passes a whole number.
    let n = 0;
    for (let i = source.first; i < source.first + source.lines; i++) {
      const p = part(i);
      if (p !== 'train') taken.add(i);
      else if (share >= 1 || Math.floor((n + 1) * share) > Math.floor(n * share)) taken.add(i);
      if (p === 'train') n++;
    }
  }
  return (i) => taken.has(i);
}

/** The lines the shipped tables count (with `excludeDev`, those of the development models): in the mix, not blank. */
export function trainingLines(language: Language, excludeDev: boolean): string[] {
  const inMix = mixFilter(language);
  const part = corpusPart(language);
  return corpusLines(language).filter((l, i) => counted(part(i), excludeDev) && inMix(i) && l.trim() !== '');
}

/** The lines a folded model counts: German lines alternate between ä → a and ä → ae, as puzzles write both. */
export function foldLines(language: Language, lines: string[]): string[] {
  return lines.map((l, i) => foldAccents(l, { umlauts: language === 'de' && i % 2 === 1 ? 'e' : 'strip' }));
}
