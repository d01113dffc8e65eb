// Builds the training corpus folder the model build reads: the base corpus (../shared/corpus) and the Debian
// sources of scripts/corpus/sources.ts, extracted, filtered, de-duplicated, one passage a line per language.
//
// Usage: npm run build:corpus   (on Debian, with apt-get update run once; see docs/corpus.md)
//   BASE_CORPUS_DIR  the base corpus (default ../shared/corpus beside the repository): copied first, line for line
//   CORPUS_DIR       where to write (default .corpus in the repository, git-ignored)
//   CORPUS_CACHE     downloaded packages and what was unpacked from them (default .corpus-cache, git-ignored)
//
// Output: <lang>.txt, the base corpus's lines first and unchanged (so every one keeps its split), then each
// source's passages as one block that starts at a line number divisible by 10 (blank lines pad), so that a
// source's own line j is held out when j % 10 === 0 and development when j % 10 === 5, as in the base corpus
// (scripts/corpus.ts). Bible translations of one language are laid out chapter by chapter in one order, so a
// chapter is held out in all of them or in none. manifest.json names every source (package, version,
// licence, genre), where its block starts and what the filters removed.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, type Language } from '../../src/analysis/index.js';
import {
  BASE_CORPUS_DIR,
  CORPUS_DIR,
  type CorpusManifest,
  isDevLine,
  isHeldOutLine,
  REPO,
  type SourceEntry,
} from '../corpus.js';
import { assertNotReserved, filesUnder, type Unpacked, unpack } from './debian.js';
import { blankContainers, Deduplicator, LanguageFilter, normalise, notProse } from './filters.js';
import { fortunePassages, htmlPassages, manPassages, moPassages, type Passage, swordPassages } from './formats.js';
import { SOURCES, type Source } from './sources.js';

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
  const removed: SourceEntry['removed'] = { prose: {}, language: {}, duplicate: 0, containsHeldOut: 0 };
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

function main(): void {
  for (const s of SOURCES) assertNotReserved(s.package);
  const wanted = (process.env.CORPUS_LANGS?.split(',') ?? [...LANGUAGES]) as Language[];
  console.log(`base corpus: ${BASE_CORPUS_DIR}\ncorpus: ${CORPUS_DIR}\ncache: ${CACHE}`);
  const base = Object.fromEntries(LANGUAGES.map((l) => [l, readBase(l)])) as Record<Language, string[]>;
  const languages = new LanguageFilter(
    Object.fromEntries(
      LANGUAGES.map((l) => [l, base[l].filter((line, i) => !isHeldOutLine(i) && !isDevLine(i) && line.trim() !== '')]),
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

  mkdirSync(CORPUS_DIR, { recursive: true });
  const manifest: CorpusManifest = {
    format: 1,
    base: { dir: 'BASE_CORPUS_DIR (../shared/corpus)', files: {} },
    tools: { groff },
    rules: {
      heldOut: "a source's line j (0-based, within its block) with j % 10 === 0",
      development: 'j % 10 === 5',
      blocks: 'each block starts at a line number divisible by 10; blank lines pad and are never counted',
    },
    languages: {},
  };
  for (const language of wanted) {
    console.log(`\n${language}:`);
    const lines = [...base[language]];
    const baseLetters = letterCount(lines.join(''));
    manifest.base.files[language] = {
      lines: lines.length,
      letters: baseLetters,
      sha256: createHash('sha256')
        .update(readFileSync(join(BASE_CORPUS_DIR, `${language}.txt`)))
        .digest('hex'),
      foreign: lines.filter((l) => l.trim() && languages.classify(normalise(l)) !== language).length,
    };
    const dedup = new Deduplicator();
    for (const line of lines) dedup.add(line);
    const entries: SourceEntry[] = [
      {
        id: 'base',
        package: null,
        version: null,
        licence: 'as ../shared/corpus/README.md states (fortunes GPL-2+ or as stated, man pages GPL-3+)',
        genre: 'base',
        first: 0,
        lines: lines.length,
        passages: lines.filter((l) => l.trim()).length,
        letters: baseLetters,
        heldOutLetters: letterCount(lines.filter((_, i) => isHeldOutLine(i)).join('')),
        devLetters: letterCount(lines.filter((_, i) => isDevLine(i)).join('')),
        removed: { prose: {}, language: {}, duplicate: 0, containsHeldOut: 0 },
      },
    ];
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
    }
    // Bible chapters in one order for all translations of the language: first appearance, sources in order.
    const chapterOrder: string[] = [];
    for (const [, f] of filtered) for (const s of f.slots ?? []) if (!chapterOrder.includes(s)) chapterOrder.push(s);
    const blocks = filtered.map(([source, f]) => {
      while (lines.length % 10 !== 0) lines.push('');
      const first = lines.length;
      if (f.slots) {
        const bySlot = new Map(f.slots.map((s, i) => [s, f.kept[i] ?? '']));
        lines.push(...chapterOrder.map((s) => bySlot.get(s) ?? ''));
      } else lines.push(...f.kept.filter((t): t is string => t !== null));
      return { source, f, first, end: lines.length };
    });
    const blanked = blankContainers(
      lines,
      base[language].length,
      (i) => isHeldOutLine(i) || isDevLine(i),
      (i) => blocks.find((b) => i < b.end)?.first ?? -1,
    );
    for (const { source, f, first, end } of blocks) {
      const block = lines.slice(first, end);
      const pkg = packages.get(source.package) as Unpacked;
      const plain = (l: string): string => l.toLowerCase().replace(/[^a-z0-9+.]+/g, ' ');
      if (pkg.copyrightLicence && !plain(source.licence).includes(plain(pkg.copyrightLicence.split(' ')[0] as string)))
        console.log(`  note: ${source.package}'s copyright file says Files: * is ${pkg.copyrightLicence}`);
      entries.push({
        id: source.id,
        package: source.package,
        version: pkg.version,
        licence: source.licence,
        genre: source.genre,
        first,
        lines: block.length,
        passages: block.filter((l) => l !== '').length,
        letters: letterCount(block.join('')),
        heldOutLetters: letterCount(block.filter((_, j) => isHeldOutLine(j)).join('')),
        devLetters: letterCount(block.filter((_, j) => isDevLine(j)).join('')),
        removed: { ...f.removed, containsHeldOut: blanked.get(first) ?? 0 },
      });
    }
    writeFileSync(join(CORPUS_DIR, `${language}.txt`), `${lines.join('\n')}\n`);
    manifest.languages[language] = entries;
    for (const e of entries)
      console.log(
        `  ${e.id.padEnd(24)} lines ${String(e.first).padStart(7)}+${String(e.lines).padEnd(7)} ` +
          `${(e.letters / 1e6).toFixed(2)} M letters (held out ${(e.heldOutLetters / 1e3).toFixed(0)} k)`,
      );
  }
  const path = join(CORPUS_DIR, 'manifest.json');
  // A build of some languages keeps the others' entries.
  if (wanted.length < LANGUAGES.length && existsSync(path)) {
    const old = JSON.parse(readFileSync(path, 'utf8')) as CorpusManifest;
    for (const l of LANGUAGES) {
      if (wanted.includes(l)) continue;
      if (old.languages[l]) manifest.languages[l] = old.languages[l];
      if (old.base.files[l]) manifest.base.files[l] = old.base.files[l];
    }
  }
  writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`\nwrote ${CORPUS_DIR}`);
}

main();
