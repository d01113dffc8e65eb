// Cost bench: the CPU time of the costliest requests a client can send, Vigenère analyses of up to 1,000 letters with
// max_key_length 100 (issue 14 item 7: no request of ≤ 1,000 letters above 1 s of solver CPU; issue 15: median
// under 150 ms), and of Caesar solves up to 100,000 letters.
//
// Usage: npm run bench:cost [-- --lengths=20,119,1000 --langs=pl,auto --kinds=gibberish --samples=1 --split=dev]   (--split: validation, the default, or dev)
// Inputs, each at every length (letters of the alphabet) and language, `auto` reading the basic alphabet:
//   gibberish  uniformly random letters of the language's alphabet in words of 1–9 letters (the "random words")
//   words      words of the language's word list drawn by frequency, in random order, under a random 7-letter key
//   letters    uniformly random letters, no spaces
//   prose      a passage of the split (spaced) under a random key of 3–12 letters
//   joined     the same passage, letters only (folded to A–Z, basic alphabet), under a random key of 3–12 letters
//   custom     uniformly random letters in words of 1–9 letters over a custom alphabet of 256 letters (the largest
//              the service takes: a beam's look-ups grow with the alphabet)
// Every figure is the CPU time of one call in this process (single-threaded, so another busy process does not
// inflate it much; a loaded machine still slows caches and turbo, so say how loaded it was).
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { candidateBudget } from '../../routers/answer-size.js';
import { OPEN_PARTS } from '../../scripts/corpus/split.js';
import { mulberry32 } from '../../scripts/lib/random.js';
import { analyzeVigenere, LANGUAGE_INFO, LANGUAGES, type Language, solveCaesar } from '../../src/analysis/index.js';
import { getWordCounts } from '../../src/analysis/words/index.js';
import { type Alphabet, caesarEncrypt, customAlphabet, namedAlphabet, vigenereEncrypt } from '../../src/core/index.js';
import { lettersOnly } from '../accuracy/presentations.js';
import { Sampler } from '../accuracy/samples.js';

const KINDS = ['gibberish', 'words', 'letters', 'prose', 'joined', 'custom'] as const;
type Kind = (typeof KINDS)[number];
type Lang = Language | 'auto';

const { values } = parseArgs({
  options: {
    lengths: { type: 'string', default: '20,40,60,80,119,160,240,400,700,1000' },
    langs: { type: 'string', default: [...LANGUAGES, 'auto'].join(',') },
    kinds: { type: 'string', default: KINDS.join(',') },
    samples: { type: 'string', default: '1' },
    max: { type: 'string', default: '100' },
    split: { type: 'string', default: 'validation' },
    verbose: { type: 'boolean', default: false },
  },
});
const lengths = (values.lengths as string).split(',').map(Number);
const langs = (values.langs as string).split(',') as Lang[];
// `--kinds=` (none) times the Caesar solves alone.
const kinds = (values.kinds as string).split(',').filter(Boolean) as Kind[];
const samples = Number(values.samples);
const maxKeyLength = Number(values.max);
const split =
  OPEN_PARTS.find((p) => p === values.split) ??
  (() => {
    throw new Error(`--split is one of ${OPEN_PARTS.join(', ')}, not "${values.split}"`);
  })();

const cpu = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** `letters` letters of a, drawn uniformly, in words of 1–9 letters (spaces) or run together. */
function randomLetters(a: Alphabet, letters: number, rng: () => number, spaced: boolean): string {
  let out = '';
  let word = 1 + Math.floor(rng() * 9);
  for (let i = 0; i < letters; i++) {
    out += a.letters[Math.floor(rng() * a.size)];
    if (spaced && --word === 0 && i + 1 < letters) {
      out += ' ';
      word = 1 + Math.floor(rng() * 9);
    }
  }
  return out;
}

/** Listed words of the language drawn by their counts until the text holds `letters` letters of a. */
function randomWords(language: Language, a: Alphabet, letters: number, rng: () => number): string {
  const w = getWordCounts(language);
  const total = w.cum[w.words.length] as number;
  const out: string[] = [];
  let seen = 0;
  while (seen < letters) {
    const x = rng() * total;
    let lo = 0;
    let hi = w.words.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((w.cum[mid + 1] as number) <= x) lo = mid + 1;
      else hi = mid;
    }
    let word = '';
    for (const c of w.words[lo] as string) {
      if (seen === letters) break;
      if (a.lookup(c.codePointAt(0) as number) >= 0) seen++;
      word += c;
    }
    out.push(word);
  }
  return out.join(' ');
}

/** A custom alphabet of 256 letters: a–z, then the caseless letters from U+0100 on. */
const custom256 = ((): Alphabet => {
  let letters = 'abcdefghijklmnopqrstuvwxyz';
  for (let cp = 0x100; [...letters].length < 256; cp++) {
    const c = String.fromCodePoint(cp);
    if (/\p{L}/u.test(c) && c.toLowerCase() === c && c.toUpperCase() === c) letters += c;
  }
  return customAlphabet(letters);
})();

function randomKey(a: Alphabet, length: number, rng: () => number): string {
  return Array.from({ length }, () => a.letters[Math.floor(rng() * a.size)]).join('');
}

const samplers = new Map<string, Sampler>();
function sampler(language: Language, format: 'spaced' | 'letters'): Sampler {
  const key = `${language}:${format}`;
  const s = samplers.get(key) ?? new Sampler(format, language, split, {});
  samplers.set(key, s);
  return s;
}

/** The input of one kind: its text and alphabet. */
function input(kind: Kind, lang: Lang, letters: number, rng: () => number): { text: string; a: Alphabet } {
  const language: Language = lang === 'auto' ? (LANGUAGES[Math.floor(rng() * LANGUAGES.length)] as Language) : lang;
  const own = namedAlphabet(lang === 'auto' ? 'basic' : LANGUAGE_INFO[language].alphabet);
  switch (kind) {
    case 'gibberish':
      return { text: randomLetters(own, letters, rng, true), a: own };
    case 'letters':
      return { text: randomLetters(own, letters, rng, false), a: own };
    case 'custom':
      return { text: randomLetters(custom256, letters, rng, true), a: custom256 };
    case 'words': {
      const text = randomWords(language, own, letters, rng);
      return {
        text: vigenereEncrypt(lang === 'auto' ? lettersOnly(text).toLowerCase() : text, randomKey(own, 7, rng), own),
        a: own,
      };
    }
    case 'prose': {
      const s = sampler(language, lang === 'auto' ? 'letters' : 'spaced');
      const plain = s.plaintext(letters, rng);
      return {
        text: vigenereEncrypt(plain, randomKey(s.alphabet, 3 + Math.floor(rng() * 10), rng), s.alphabet),
        a: s.alphabet,
      };
    }
    case 'joined': {
      const s = sampler(language, 'letters');
      const plain = s.plaintext(letters, rng);
      return {
        text: vigenereEncrypt(plain, randomKey(s.alphabet, 3 + Math.floor(rng() * 10), rng), s.alphabet),
        a: s.alphabet,
      };
    }
  }
}

interface Run {
  kind: Kind;
  lang: Lang;
  letters: number;
  ms: number;
  /** Model look-ups the analysis counted (key-search.ts): what its budgets bound, the same on any machine. */
  work: number;
}

const runs: Run[] = [];
// One warm-up per kind and language, on a short input of that kind: every model and every alphabet measured (its
// own, A–Z, the 256-letter custom one) is loaded and its tables built before any input is timed, so none of that is
// charged to the first input that meets it. (A warm-up of A–Z alone charged the others to their first input.)
for (const kind of kinds)
  for (const lang of langs) {
    const { text, a } = input(kind, lang, 40, mulberry32(1));
    analyzeVigenere(text, a, lang, 5);
  }
const started = performance.now();
for (const kind of kinds)
  for (const lang of langs)
    for (const letters of lengths) {
      const rng = mulberry32(0xc057 + 7919 * KINDS.indexOf(kind) + 131 * langs.indexOf(lang) + letters);
      for (let i = 0; i < samples; i++) {
        const { text, a } = input(kind, lang, letters, rng);
        const work = { spent: 0 };
        const t = cpu();
        analyzeVigenere(text, a, lang, maxKeyLength, { work });
        const ms = cpu() - t;
        runs.push({ kind, lang, letters, ms, work: work.spent });
        if (values.verbose)
          console.log(`${kind} ${lang} ${letters}: ${ms.toFixed(0)} ms, ${(work.spent / 1e6).toFixed(2)} M look-ups`);
      }
    }
const wall = (performance.now() - started) / 1000;
const load = (): string =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

const median = (xs: number[]): number => xs.slice().sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
const worst = (rs: Run[]): Run => rs.reduce((x, y) => (y.ms > x.ms ? y : x));
const fmt = (ms: number): string => ms.toFixed(0).padStart(6);

if (runs.length > 0) {
  console.log(
    `\nVigenère analyze, max_key_length ${maxKeyLength}: CPU ms per analysis, ${samples} input(s) per cell, ` +
      `lengths ${lengths.join('/')} (${split} split; load average ${load()} on ${availableParallelism()} cores)\n`,
  );
  console.log(`| input | ${langs.join(' | ')} |`);
  console.log(`|---|${langs.map(() => '---').join('|')}|`);
  for (const kind of kinds) {
    const cells = langs.map((lang) => {
      const rs = runs.filter((r) => r.kind === kind && r.lang === lang);
      const w = worst(rs);
      return `${fmt(median(rs.map((r) => r.ms))).trim()} / ${fmt(w.ms).trim()} @${w.letters}`;
    });
    console.log(`| ${kind} (median / worst @letters) | ${cells.join(' | ')} |`);
  }
  console.log('\nBy length (every input kind and language): median / worst');
  for (const letters of lengths) {
    const rs = runs.filter((r) => r.letters === letters);
    console.log(`  ${String(letters).padStart(5)} letters: ${fmt(median(rs.map((r) => r.ms)))} / ${fmt(worst(rs).ms)}`);
  }
  const all = runs.map((r) => r.ms);
  const w = worst(runs);
  console.log(
    `\nAll ${runs.length} analyses: median ${median(all).toFixed(0)} ms, worst ${w.ms.toFixed(0)} ms ` +
      `(${w.kind}, ${w.lang}, ${w.letters} letters), over 1 s: ${all.filter((x) => x > 1000).length}; ${wall.toFixed(0)} s wall`,
  );
  const most = runs.reduce((x, y) => (y.work > x.work ? y : x));
  const perLookUp = runs.reduce((s, r) => s + r.ms, 0) / runs.reduce((s, r) => s + r.work, 0);
  console.log(
    `Work: median ${(median(runs.map((r) => r.work)) / 1e6).toFixed(2)} M look-ups, most ${(most.work / 1e6).toFixed(2)} M ` +
      `(${most.kind}, ${most.lang}, ${most.letters} letters); ${(perLookUp * 1e6).toFixed(0)} ns of CPU per look-up overall`,
  );
}

// Caesar: the largest input the service takes, in one language and with auto, both as the service calls the solver
// (candidates past the best cut to the answer-size budget, routers/answer-size.ts) and with every candidate whole.
// Three rounds first, unmeasured: a running service has its code compiled, and a cold first call is not what it
// pays. The four are timed in turn, round by round, so that a collection or a busy neighbour falls on all alike.
const basic = namedAlphabet('basic');
const long = caesarEncrypt(sampler('en', 'spaced').plaintext(100_000, mulberry32(5)), 11, basic);
const budget = candidateBudget(long, basic);
const solves = (['en', 'auto'] as const).flatMap((lang) =>
  (
    [
      ['as served', { candidateChars: budget }],
      ['every candidate whole', {}],
    ] as const
  ).map(([how, options]) => ({ lang, how, options, ms: [] as number[] })),
);
for (let round = 0; round < 3 + 15; round++)
  for (const solve of solves) {
    const t = cpu();
    solveCaesar(long, basic, solve.lang, solve.options);
    if (round >= 3) solve.ms.push(cpu() - t);
  }
for (const { lang, how, ms } of solves)
  console.log(`Caesar solve, 100,000 letters, ${lang}, ${how}: median ${median(ms).toFixed(1)} ms CPU of ${ms.length}`);
console.log(`(load average ${load()})`);
