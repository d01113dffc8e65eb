// Core bench: the shift kernels on 1 MB of text against V8's native toUpperCase, and solver latency by size.
// Usage: npm run bench:core   (env: BENCH_RUNS=15; run under Bun with `bun bench/core/run.ts`)
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusDir } from '../../scripts/corpus.js';
import { analyzeVigenere, solveCaesar } from '../../src/analysis/index.js';
import { caesarEncrypt, namedAlphabet, rot13, vigenereEncrypt } from '../../src/core/index.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const MB = 1 << 20;

/**
 * The first 1 MB (in UTF-16 units) of a corpus file, from the folder scripts/corpus.ts names. Without the corpus the
 * bench stops and says so: a pangram repeated to 1 MB is not the language's text (its letters, its share of
 * non-ASCII, its line lengths), and its figures would be labelled as if it were.
 */
function megabyte(language: string): string {
  const file = join(corpusDir(), `${language}.txt`);
  if (!existsSync(file)) {
    console.error(
      `bench:core measures the corpus's ${language} text, and ${file} is missing: build it (npm run build:corpus, ` +
        'docs/corpus.md) or point CORPUS_DIR at one.',
    );
    process.exit(1);
  }
  let s = readFileSync(file, 'utf8');
  while (s.length < MB) s += `\n${s}`;
  s = s.slice(0, MB);
  // Never cut a surrogate pair in half: the bench would measure the lone-surrogate path by accident.
  return /[\ud800-\udbff]$/.test(s) ? s.slice(0, -1) : s;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1] as number;
}

let sink = 0;
/**
 * The process's CPU time in ms. Every measured call is single-threaded, so on an idle host this equals the
 * wall time; on a shared, busy host it leaves out the time other processes held the CPU.
 */
const clock = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Median CPU time in ms of fn over RUNS runs, after a warm-up of a third as many. */
function time(fn: () => string | object, runs = RUNS): number {
  for (let i = 0; i < Math.max(3, runs / 3); i++) sink += JSON.stringify(fn()).length & 1;
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = clock();
    const r = fn();
    ms.push(clock() - t);
    sink += typeof r === 'string' ? r.length & 1 : 0;
  }
  return median(ms);
}

const runtime = (process.versions as { bun?: string }).bun ? `bun ${process.versions.bun}` : `node ${process.version}`;
const basic = namedAlphabet('basic');
const german = namedAlphabet('german');
const en = megabyte('en');
const de = megabyte('de');
// Pure ASCII is V8's one-byte string fast path for toUpperCase: the hardest yardstick.
const ascii = en.replace(/[^\t\n -~]/g, ' ');

console.log(`\nkernels on 1 MB (${runtime}, median CPU time of ${RUNS} runs)`);
console.log(`${'kernel'.padEnd(34)}${'ms'.padStart(8)}${'MB/s'.padStart(8)}${'× toUpperCase'.padStart(15)}`);
for (const [label, text, kernels] of [
  [
    'en (basic)',
    en,
    [
      ['Caesar +3', () => caesarEncrypt(en, 3, basic)],
      ['Vigenère LEMON', () => vigenereEncrypt(en, 'LEMON', basic)],
      ['ROT13', () => rot13(en)],
    ],
  ],
  [
    'ascii (basic)',
    ascii,
    [
      ['Caesar +3', () => caesarEncrypt(ascii, 3, basic)],
      ['Vigenère LEMON', () => vigenereEncrypt(ascii, 'LEMON', basic)],
      ['ROT13', () => rot13(ascii)],
    ],
  ],
  [
    'de (german)',
    de,
    [
      ['Caesar +3', () => caesarEncrypt(de, 3, german)],
      ['Vigenère SCHLÜSSEL', () => vigenereEncrypt(de, 'SCHLÜSSEL', german)],
    ],
  ],
] as const) {
  const upper = time(() => text.toUpperCase());
  const row = (name: string, ms: number) =>
    console.log(
      `${name.padEnd(34)}${ms.toFixed(2).padStart(8)}${(text.length / MB / (ms / 1000)).toFixed(0).padStart(8)}${(ms / upper).toFixed(2).padStart(15)}`,
    );
  row(`toUpperCase, ${label}`, upper);
  for (const [name, fn] of kernels) row(`${name}, ${label}`, time(fn));
}

/** The first n letters' worth of English text, Caesar-shifted so the solver has something to break. */
function letters(n: number): string {
  let count = 0;
  let i = 0;
  while (count < n && i < en.length) if (/[a-z]/i.test(en[i++] as string)) count++;
  return en.slice(0, i);
}

console.log(`\nsolvers (${runtime}, median CPU ms)`);
console.log(
  `${'letters'.padEnd(10)}${'caesar en'.padStart(12)}${'caesar auto'.padStart(13)}${'vigenère en'.padStart(13)}`,
);
for (const n of [1_000, 10_000, 100_000]) {
  const plain = letters(n);
  const caesar = caesarEncrypt(plain, 7, basic);
  const vig = vigenereEncrypt(plain, 'LEMON', basic);
  const runs = n >= 100_000 ? 5 : RUNS;
  const cols = [
    time(() => solveCaesar(caesar, basic, 'en'), runs),
    time(() => solveCaesar(caesar, basic, 'auto'), runs),
    time(() => analyzeVigenere(vig, basic, 'en', 10), runs),
  ];
  console.log(`${String(n).padEnd(10)}${cols.map((c, i) => c.toFixed(2).padStart(i === 0 ? 12 : 13)).join('')}`);
}
if (sink < 0) console.log(sink);
