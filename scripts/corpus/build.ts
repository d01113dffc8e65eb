// Builds the training corpus folder the model build reads: the base corpus (../shared/corpus) and the Debian
// sources of scripts/corpus/sources.ts, extracted, filtered, de-duplicated, one passage a line per language.
//
// Usage: npm run build:corpus   (on Debian, with apt-get update run once; see docs/corpus.md)
//   BASE_CORPUS_DIR  the base corpus (default ../shared/corpus beside the repository): copied first, line for line
//   CORPUS_DIR       where to write (default .corpus in the repository, git-ignored)
//   CORPUS_CACHE     downloaded packages and what was unpacked from them (default .corpus-cache, git-ignored)
//
// Output: <lang>.txt, the base corpus's lines first and in order, then each source's passages as one block; each
// source is split on its own (scripts/corpus/split.ts). Then the whole file, base corpus included, is
// de-duplicated across the split (blankOverlaps in filters.ts): a copy or overlap is blanked, not removed, so no
// line moves to another part. Bible translations of one language are laid out chapter by chapter in one order, so
// a chapter is in the same part in all of them. manifest.json names every source (package, version, licence,
// genre), where its block starts, its letters in each part and what the filters removed.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, type Language } from '../../src/analysis/index.js';
import { BASE_CORPUS_DIR, type CorpusManifest, corpusDir, MANIFEST_FORMAT, REPO, type SourceEntry } from '../corpus.js';
import { HELD_OUT } from '../lib/held-out.js';
import { assertNotReserved, filesUnder, type Unpacked, unpack } from './debian.js';
import {
  type Blanked,
  blankOverlaps,
  DEDUPLICATION_RULE,
  Deduplicator,
  LanguageFilter,
  normalise,
  notProse,
} from './filters.js';
import { fortunePassages, htmlPassages, manPassages, moPassages, type Passage, swordPassages } from './formats.js';
import { SOURCES, type Source } from './sources.js';
import { PART_RANK, PARTS, type Part, partWithin, type SourceSpan, SPLIT_RULE, splitOf } from './split.js';

const CACHE = process.env.CORPUS_CACHE ?? join(REPO, '.corpus-cache');
const letterCount = (s: string): number => s.match(/\p{L}/gu)?.length ?? 0;

function readBase(language: Language): string[] {
  const file = join(BASE_CORPUS_DIR, `${language}.txt`);
  if (!existsSync(file))
    throw new Error(
      `the base corpus is missing (${file}): it is one of the corpus build's inputs. Set BASE_CORPUS_DIR to a ` +
        "folder with en.txt, pl.txt, de.txt, es.txt and fr.txt (the project's ../shared/corpus; see docs/corpus.md)",
    );
  const lines = readFileSync(file, 'utf8').split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

function passagesOf(source: Source, pkg: Unpacked): Passage[] {
  const files = filesUnder(pkg.root).filter(source.select);
  if (files.length === 0)
    throw new Error(`${source.package} ${pkg.version}: no files for ${source.id} (${source.language})`);
  const read = (f: string): Passage[] => {
    const path = join(pkg.root, f);
    switch (source.format) {
      case 'fortune':
        return fortunePassages(path);
      case 'man':
        return manPassages(path);
      case 'html':
        return htmlPassages(path);
      case 'mo':
        return moPassages(path, source.side ?? 'msgstr');
      case 'sword':
        return swordPassages(join(path, '..'));
    }
  };
  // A SWORD module is one passage list however many index files it has.
  return source.format === 'sword' ? read(files[0] as string) : files.flatMap(read);
}

interface Filtered {
  kept: (string | null)[];
  slots: string[] | null;
  removed: SourceEntry['removed'];
}

function filter(source: Source, passages: Passage[], languages: LanguageFilter, dedup: Deduplicator): Filtered {
  const removed: SourceEntry['removed'] = { prose: {}, language: {}, duplicate: 0, copies: 0, overlaps: 0, quoted: 0 };
  const examples: string[] = [];
  const kept = passages.map((p): string | null => {
    const text = normalise(p.text);
    const why = notProse(text);
    if (why) {
      removed.prose[why] = (removed.prose[why] ?? 0) + 1;
      return null;
    }
    const language = languages.classify(text);
    if (language !== source.language) {
      const name = language ?? 'unsure';
      removed.language[name] = (removed.language[name] ?? 0) + 1;
      if (examples.length < 3) examples.push(`${name}: ${text.slice(0, 100)}`);
      return null;
    }
    if (!dedup.admit(text)) {
      removed.duplicate++;
      return null;
    }
    return text;
  });
  for (const e of examples) console.log(`    language filter dropped (${e})`);
  const slots = source.format === 'sword' ? passages.map((p) => p.slot ?? '') : null;
  return { kept, slots, removed };
}

interface Block extends SourceSpan {
  /** The base corpus has no source, filter record or package version. */
  source: Source | null;
  f: Filtered | null;
  version: string | null;
}

/** The manifest entry of one block of the finished file: its letters, in all and per part, and what was removed. */
function entryOf(block: Block, lines: string[], part: (i: number) => Part, blanked: Map<number, Blanked>): SourceEntry {
  const { source, f, first } = block;
  const own = lines.slice(first, first + block.lines);
  const partLetters = Object.fromEntries(
    PARTS.map((p) => [p, letterCount(own.filter((_, j) => part(first + j) === p).join(''))]),
  ) as Record<Part, number>;
  const removed = { ...(f?.removed ?? { prose: {}, language: {}, duplicate: 0 }), copies: 0, overlaps: 0, quoted: 0 };
  for (const [i, { why, by }] of blanked) {
    if (i < first || i >= first + block.lines) continue;
    // A line blanked for a passage the tests quote (appended after the file's lines) counts as such.
    if (by >= lines.length) removed.quoted++;
    else removed[why === 'copy' ? 'copies' : 'overlaps']++;
  }
  return {
    id: source?.id ?? 'base',
    package: source?.package ?? null,
    version: block.version,
    licence: source?.licence ?? 'as ../shared/corpus/README.md states (fortunes GPL-2+ or as stated, man pages GPL-3+)',
    genre: source?.genre ?? 'base',
    first,
    lines: block.lines,
    passages: own.filter((l) => l.trim() !== '').length,
    letters: letterCount(own.join('')),
    partLetters,
    removed,
  };
}

/** One language's file: the base corpus, then every source's filtered passages, de-duplicated across the split. */
function buildLanguage(
  language: Language,
  baseLines: string[],
  languages: LanguageFilter,
  packages: Map<string, Unpacked>,
): { lines: string[]; entries: SourceEntry[] } {
  const lines = [...baseLines];
  const dedup = new Deduplicator();
  for (const line of lines) dedup.add(line);
  const filtered: [Source, Filtered][] = [];
  for (const source of SOURCES.filter((s) => s.language === language)) {
    const started = performance.now();
    const pkg = packages.get(source.package) as Unpacked;
    const passages = passagesOf(source, pkg);
    const f = filter(source, passages, languages, dedup);
    filtered.push([source, f]);
    console.log(
      `  ${source.id} (${source.package} ${pkg.version}): ${passages.length} passages, ` +
        `${f.kept.filter(Boolean).length} kept; removed ${JSON.stringify(f.removed)} ` +
        `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    const plain = (l: string): string => l.toLowerCase().replace(/[^a-z0-9+.]+/g, ' ');
    if (pkg.copyrightLicence && !plain(source.licence).includes(plain(pkg.copyrightLicence.split(' ')[0] as string)))
      console.log(`  note: ${source.package}'s copyright file says Files: * is ${pkg.copyrightLicence}`);
  }
  // Bible chapters in one order for all translations of the language: first appearance, sources in order.
  const chapterOrder: string[] = [];
  for (const [, f] of filtered) for (const s of f.slots ?? []) if (!chapterOrder.includes(s)) chapterOrder.push(s);
  const blocks: Block[] = [{ source: null, f: null, version: null, first: 0, lines: lines.length }];
  for (const [source, f] of filtered) {
    const first = lines.length;
    if (f.slots) {
      const bySlot = new Map(f.slots.map((s, i) => [s, f.kept[i] ?? '']));
      lines.push(...chapterOrder.map((s) => bySlot.get(s) ?? ''));
    } else lines.push(...f.kept.filter((t): t is string => t !== null));
    const version = (packages.get(source.package) as Unpacked).version;
    blocks.push({ source, f, version, first, lines: lines.length - first });
  }
  const part = splitOf(blocks);
  // The passages the tests quote as text no model counted (scripts/lib/held-out.ts) go after the file's lines,
  // ranked above every part: wherever their own lines fell in the split, they and every line that copies or
  // overlaps them are blanked, out of training and, as text the solvers were tuned on, out of validation and final.
  const quoted = HELD_OUT[language].map((p) => p.text);
  const all = [...lines, ...quoted];
  const blanked = blankOverlaps(all, (i) => (i < lines.length ? PART_RANK[part(i)] : PART_RANK.final + 1));
  lines.splice(0, lines.length, ...all.slice(0, lines.length));
  return { lines, entries: blocks.map((b) => entryOf(b, lines, part, blanked)) };
}

function main(): void {
  for (const s of SOURCES) assertNotReserved(s.package);
  const wanted = (process.env.CORPUS_LANGS?.split(',') ?? [...LANGUAGES]) as Language[];
  console.log(`base corpus: ${BASE_CORPUS_DIR}\ncorpus: ${corpusDir()}\ncache: ${CACHE}`);
  const base = Object.fromEntries(LANGUAGES.map((l) => [l, readBase(l)])) as Record<Language, string[]>;
  const languages = new LanguageFilter(
    Object.fromEntries(
      LANGUAGES.map((l) => [
        l,
        base[l].filter((line, i) => partWithin(i, base[l].length) === 'train' && line.trim() !== ''),
      ]),
    ) as Record<Language, string[]>,
  );
  // Every package once, with every path any of its sources needs.
  const paths = new Map<string, Set<string>>();
  for (const s of SOURCES) {
    if (!wanted.includes(s.language)) continue;
    const set = paths.get(s.package) ?? new Set<string>();
    for (const p of s.paths) set.add(p);
    paths.set(s.package, set);
  }
  const packages = new Map<string, Unpacked>();
  for (const [pkg, set] of paths) packages.set(pkg, unpack(pkg, [...set].sort(), CACHE));
  const groff = execFileSync('groff', ['--version'], { encoding: 'utf8' }).split('\n')[0] as string;

  mkdirSync(corpusDir(), { recursive: true });
  const manifest: CorpusManifest = {
    format: MANIFEST_FORMAT,
    base: { dir: 'BASE_CORPUS_DIR (../shared/corpus)', files: {} },
    tools: { groff },
    rules: {
      split: SPLIT_RULE,
      deduplication: DEDUPLICATION_RULE,
    },
    languages: {},
  };
  for (const language of wanted) {
    console.log(`\n${language}:`);
    const built = buildLanguage(language, base[language], languages, packages);
    writeFileSync(join(corpusDir(), `${language}.txt`), `${built.lines.join('\n')}\n`);
    manifest.base.files[language] = {
      lines: base[language].length,
      letters: letterCount(base[language].join('')),
      sha256: createHash('sha256')
        .update(readFileSync(join(BASE_CORPUS_DIR, `${language}.txt`)))
        .digest('hex'),
      foreign: base[language].filter((l) => l.trim() && languages.classify(normalise(l)) !== language).length,
    };
    manifest.languages[language] = built.entries;
    for (const e of built.entries)
      console.log(
        `  ${e.id.padEnd(24)} lines ${String(e.first).padStart(7)}+${String(e.lines).padEnd(7)} ` +
          `${(e.letters / 1e6).toFixed(2)} M letters (validation ${(e.partLetters.validation / 1e3).toFixed(0)} k, ` +
          `final ${(e.partLetters.final / 1e3).toFixed(0)} k); blanked ${e.removed.copies} copies, ${e.removed.overlaps} overlaps, ` +
          `${e.removed.quoted} for quoted passages`,
      );
  }
  const path = join(corpusDir(), 'manifest.json');
  // A build of some languages keeps the others' entries.
  if (wanted.length < LANGUAGES.length && existsSync(path)) {
    const old = JSON.parse(readFileSync(path, 'utf8')) as CorpusManifest;
    if (old.format !== MANIFEST_FORMAT)
      throw new Error(`${path} is of format ${old.format}: build every language (unset CORPUS_LANGS) to replace it`);
    for (const l of LANGUAGES) {
      if (wanted.includes(l)) continue;
      if (old.languages[l]) manifest.languages[l] = old.languages[l];
      if (old.base.files[l]) manifest.base.files[l] = old.base.files[l];
    }
  }
  writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`\nwrote ${corpusDir()}`);
}

main();
