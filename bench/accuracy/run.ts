// Accuracy benchmark of the solvers on held-out corpus text, beside a χ² and a quadgram textbook baseline.
//
// Usage: npm run bench:accuracy [-- --calibrate]
//   BENCH_CAESAR   Caesar samples per cell (default 300)
//   BENCH_VIGENERE Vigenère samples per cell (default 8; the short cells cost ~0.5 s an analysis)
//   BENCH_LANGS    comma-separated languages (default all five)
//   BENCH_SPLIT    held-out (default; isHeldOutLine in scripts/corpus.ts) or dev (isDevLine); with dev, set
//                  CIPHER_MODEL_DIR=.dev-models (npm run build:dev-models), models that never counted it
//   BENCH_CELLS    Vigenère cells to run, as L:multiple pairs (e.g. "12:2,20:3"; default all); each cell
//                  draws its snippets from its own seed, so a filtered run sees the same texts
//   BENCH_DUMP     file: append every Vigenère analysis (cell, raw confidence, right) as a JSON line
//   BENCH_DIAG     1: print every Vigenère miss with the score of the true key and of the returned one
//                  (SEARCH when the truth scores higher, MODEL when the returned key does: by likelihood
//                  when both keys have the same length, by the length score otherwise)
// --calibrate reads the development split and fits the Platt scaling of the Vigenère confidence.
import { execFileSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { corpusLines, isDevLine, isHeldOutLine } from '../../scripts/corpus.js';
import {
  analyzeVigenere,
  getModel,
  LANGUAGE_INFO,
  LANGUAGES,
  type Language,
  solveCaesar,
} from '../../src/analysis/index.js';
import { compileModel, readModelFile } from '../../src/analysis/language-model/index.js';
import { mulberry32 } from '../../src/analysis/random.js';
import { calibrateConfidence, keyEvidence, shortCalibrationWeight } from '../../src/analysis/vigenere/index.js';
import {
  type Alphabet,
  caesarEncrypt,
  letterIndices,
  namedAlphabet,
  vigenereDecrypt,
  vigenereEncrypt,
} from '../../src/core/index.js';

const CALIBRATE = process.argv.includes('--calibrate');
const SPLIT = CALIBRATE ? 'dev' : (process.env.BENCH_SPLIT ?? 'held-out');
const CAESAR_N = Number(process.env.BENCH_CAESAR ?? 300);
const VIGENERE_N = Number(process.env.BENCH_VIGENERE ?? 8);
const LANGS = (process.env.BENCH_LANGS?.split(',') ?? [...LANGUAGES]) as Language[];
const CAESAR_LETTERS = [2, 3, 4, 6, 8];
const KEY_LENGTHS = [3, 5, 8, 12, 20];
const MULTIPLES = [2, 3, 4, 6, 10];
const MAX_KEY_LENGTH = 20;
const LONG_KEYS = [50, 60];
const CELLS = process.env.BENCH_CELLS ? new Set(process.env.BENCH_CELLS.split(',').map((c) => c.trim())) : undefined;
const DIAG = !!process.env.BENCH_DIAG;
/** BENCH_DUMP=file: append every Vigenère analysis (cell, raw confidence, right) to it as a JSON line. */
const DUMP = process.env.BENCH_DUMP;
/** BENCH_BASELINE_IOC=1 makes the baselines pick the key length by IoC instead of being told it. */
const ORACLE_LENGTH = !process.env.BENCH_BASELINE_IOC;

/** The split's passages run together, and the offsets where words start. */
function stream(language: Language): { text: string; starts: number[] } {
  const inSplit = SPLIT === 'dev' ? isDevLine : isHeldOutLine;
  const text = corpusLines(language)
    .filter((l, i) => inSplit(i) && l.trim() !== '')
    .join(' ');
  const starts: number[] = [];
  for (let i = 0; i < text.length; i++)
    if (/\p{L}/u.test(text[i] as string) && (i === 0 || /\s/u.test(text[i - 1] as string))) starts.push(i);
  return { text, starts };
}

/** A piece of the stream from a word start holding exactly `letters` letters of a (cut after the last). */
function snippet(s: { text: string; starts: number[] }, a: Alphabet, letters: number, rng: () => number): string {
  for (;;) {
    const start = s.starts[Math.floor(rng() * s.starts.length)] as number;
    let seen = 0;
    let i = start;
    for (; i < s.text.length; ) {
      const cp = s.text.codePointAt(i) as number;
      i += cp > 0xffff ? 2 : 1;
      if (a.lookup(cp) >= 0 && ++seen === letters) return s.text.slice(start, i);
    }
  }
}

function randomKey(a: Alphabet, length: number, rng: () => number): string {
  for (;;) {
    const key = Array.from({ length }, () => Math.floor(rng() * a.size));
    if (reduce(key).length === length) return key.map((s) => a.letters[s]).join('');
  }
}

function reduce<T>(key: T[]): T[] {
  for (let p = 1; p < key.length; p++)
    if (key.length % p === 0 && key.every((c, i) => c === key[i % p])) return key.slice(0, p);
  return key;
}

/** Expected calibration error over 10 equal-width confidence bins. */
function ece(pairs: { conf: number; right: boolean }[]): number {
  const bins = Array.from({ length: 10 }, () => ({ n: 0, conf: 0, right: 0 }));
  for (const p of pairs) {
    const b = bins[Math.min(9, Math.floor(p.conf * 10))] as (typeof bins)[number];
    b.n++;
    b.conf += p.conf;
    b.right += p.right ? 1 : 0;
  }
  return bins.reduce((sum, b) => sum + Math.abs(b.right - b.conf), 0) / Math.max(1, pairs.length);
}

// ---- Textbook baselines, letters only: χ² against letter frequencies, and quadgram fitness. ----

interface Baseline {
  n: number;
  freq: Float64Array;
  quad: Float32Array;
}

/** Quadgram log10 probabilities of the training lines (never the held-out ones), floor log10(0.01/N). */
function baseline(language: Language, a: Alphabet): Baseline {
  const n = a.size;
  const counts = new Float64Array(n ** 4);
  const freq = new Float64Array(n);
  let total = 0;
  corpusLines(language).forEach((line, i) => {
    if (isHeldOutLine(i)) return;
    const l = letterIndices(line, a);
    for (const x of l) freq[x]!++;
    for (let j = 3; j < l.length; j++) {
      counts[((l[j - 3]! * n + l[j - 2]!) * n + l[j - 1]!) * n + l[j]!]!++;
      total++;
    }
  });
  const letters = freq.reduce((x, y) => x + y, 0);
  const floor = Math.log10(0.01 / total);
  const quad = Float32Array.from(counts, (c) => (c > 0 ? Math.log10(c / total) : floor));
  return { n, freq: freq.map((f) => f / letters), quad };
}

function chiShift(column: ArrayLike<number>, b: Baseline): number {
  const { n, freq } = b;
  let best = 0;
  let bestChi = Number.POSITIVE_INFINITY;
  for (let s = 0; s < n; s++) {
    const c = new Float64Array(n);
    for (let i = 0; i < column.length; i++) c[((column[i] as number) - s + n) % n]!++;
    let chi = 0;
    for (let x = 0; x < n; x++) {
      const e = (freq[x] as number) * column.length + 1e-9;
      chi += ((c[x] as number) - e) ** 2 / e;
    }
    if (chi < bestChi) {
      bestChi = chi;
      best = s;
    }
  }
  return best;
}

function quadFitness(l: Uint16Array, key: ArrayLike<number>, b: Baseline): number {
  const { n, quad } = b;
  const k = key.length;
  const p = new Int32Array(l.length);
  for (let i = 0; i < l.length; i++) p[i] = ((l[i] as number) - (key[i % k] as number) + n) % n;
  let sum = 0;
  for (let i = 3; i < p.length; i++) sum += quad[((p[i - 3]! * n + p[i - 2]!) * n + p[i - 1]!) * n + p[i]!] as number;
  return sum;
}

function caesarChi(l: Uint16Array, b: Baseline): number {
  return chiShift(l, b);
}

function caesarQuad(l: Uint16Array, b: Baseline): number {
  if (l.length < 4) return chiShift(l, b);
  let best = 0;
  let bestF = Number.NEGATIVE_INFINITY;
  for (let s = 0; s < b.n; s++) {
    const f = quadFitness(l, [s], b);
    if (f > bestF) {
      bestF = f;
      best = s;
    }
  }
  return best;
}

/** Textbook key length: the best mean IoC, or its smallest divisor that coincides nearly as well. */
function iocLength(l: Uint16Array, n: number, max: number): number {
  const ioc = (k: number): number => {
    let sum = 0;
    for (let j = 0; j < k; j++) {
      const c = new Float64Array(n);
      let m = 0;
      for (let i = j; i < l.length; i += k, m++) c[l[i]!]!++;
      let pairs = 0;
      for (const f of c) pairs += f * (f - 1);
      sum += m > 1 ? pairs / (m * (m - 1)) : 0;
    }
    return sum / k;
  };
  const values = Array.from({ length: max + 1 }, (_, k) => (k === 0 ? 0 : ioc(k)));
  let best = 1;
  for (let k = 2; k <= max; k++) if ((values[k] as number) > (values[best] as number)) best = k;
  for (let d = 1; d < best; d++)
    if (best % d === 0 && (values[d] as number) >= 0.9 * (values[best] as number)) return d;
  return best;
}

/** χ² per column; the key length is the textbook IoC choice, or the true one when given (an oracle). */
function vigenereChi(l: Uint16Array, b: Baseline, max: number, oracle?: number): number[] {
  const k = oracle ?? iocLength(l, b.n, max);
  return Array.from({ length: k }, (_, j) =>
    chiShift(
      l.filter((_, i) => i % k === j),
      b,
    ),
  );
}

function vigenereQuad(l: Uint16Array, b: Baseline, max: number, oracle?: number): number[] {
  const key = vigenereChi(l, b, max, oracle);
  let best = quadFitness(l, key, b);
  for (let improved = true; improved; ) {
    improved = false;
    for (let j = 0; j < key.length; j++) {
      let bestShift = key[j] as number;
      for (let s = 0; s < b.n; s++) {
        key[j] = s;
        const f = quadFitness(l, key, b);
        if (f > best + 1e-9) {
          best = f;
          bestShift = s;
          improved = true;
        }
      }
      key[j] = bestShift;
    }
  }
  return key;
}

// ---- The runs ----

const pct = (x: number, n: number): string => (n ? `${((100 * x) / n).toFixed(n >= 2000 ? 2 : 1)}` : '—');
const median = (xs: number[]): number => xs.slice().sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;

function runCaesar(): void {
  console.log(`\n### Caesar: exact shift, % (${CAESAR_N} ${SPLIT} snippets per cell; ours / χ² / quadgram)\n`);
  console.log(`| lang | ${CAESAR_LETTERS.map((x) => `${x} letters`).join(' | ')} |`);
  console.log(`|---|${CAESAR_LETTERS.map(() => '---').join('|')}|`);
  const pairs: { conf: number; right: boolean }[] = [];
  const times: number[] = [];
  for (const language of LANGS) {
    const a = namedAlphabet(LANGUAGE_INFO[language].alphabet);
    const b = baseline(language, a);
    const s = stream(language);
    const rng = mulberry32(0xcae5a2 + LANGUAGES.indexOf(language));
    const cells = CAESAR_LETTERS.map((letters) => {
      let ours = 0;
      let chi = 0;
      let quad = 0;
      for (let t = 0; t < CAESAR_N; t++) {
        const plain = snippet(s, a, letters, rng);
        const shift = Math.floor(rng() * a.size);
        const cipher = caesarEncrypt(plain, shift, a);
        const started = performance.now();
        const best = solveCaesar(cipher, a, language).solutions[0];
        times.push(performance.now() - started);
        const right = best?.shift === shift;
        ours += right ? 1 : 0;
        pairs.push({ conf: best?.score ?? 0, right });
        const l = letterIndices(cipher, a);
        chi += caesarChi(l, b) === shift ? 1 : 0;
        quad += caesarQuad(l, b) === shift ? 1 : 0;
      }
      return `**${pct(ours, CAESAR_N)}** / ${pct(chi, CAESAR_N)} / ${pct(quad, CAESAR_N)}`;
    });
    console.log(`| ${language} | ${cells.join(' | ')} |`);
  }
  console.log(
    `\nCaesar confidence ECE: ${ece(pairs).toFixed(4)} over ${pairs.length} solves; median ${median(times).toFixed(2)} ms`,
  );
}

interface VigenereCell {
  ours: number;
  chi: number;
  quad: number;
  n: number;
}

interface VigenereOutcome {
  conf: number;
  raw: number;
  right: boolean;
  /** Letters of text per letter of the returned key. */
  perKeyLetter: number;
}

function runVigenere(): VigenereOutcome[] {
  console.log(
    `\n### Vigenère: exact key, % (${VIGENERE_N} ${SPLIT} snippets per cell, max_key_length ${MAX_KEY_LENGTH}; ` +
      `ours / χ² / quadgram${ORACLE_LENGTH ? ', the baselines told the true key length' : ''})\n`,
  );
  const cols = MULTIPLES.map((m) => `${m}·L`);
  console.log(`| lang | L | ${cols.join(' | ')} | ms/analysis |`);
  console.log(`|---|---|${cols.map(() => '---').join('|')}|---|`);
  const pairs: VigenereOutcome[] = [];
  const worst = new Map<string, number>();
  for (const language of LANGS) {
    const a = namedAlphabet(LANGUAGE_INFO[language].alphabet);
    const b = baseline(language, a);
    const s = stream(language);
    for (const L of KEY_LENGTHS) {
      if (CELLS && !MULTIPLES.some((m) => CELLS.has(`${L}:${m}`))) continue;
      const times: number[] = [];
      const cells = MULTIPLES.map((m) => {
        const letters = m * L;
        if (letters < 20 || (CELLS && !CELLS.has(`${L}:${m}`))) return '—';
        const rng = mulberry32(0x71e9e7e + 1000 * LANGUAGES.indexOf(language) + 16 * L + m);
        const c: VigenereCell = { ours: 0, chi: 0, quad: 0, n: VIGENERE_N };
        for (let t = 0; t < VIGENERE_N; t++) {
          const plain = snippet(s, a, letters, rng);
          const key = randomKey(a, L, rng);
          const cipher = vigenereEncrypt(plain, key, a);
          const started = performance.now();
          const r = analyzeVigenere(cipher, a, language, MAX_KEY_LENGTH, { rawConfidence: true });
          times.push(performance.now() - started);
          const right = r.probable_key === key;
          c.ours += right ? 1 : 0;
          if (DIAG && !right) {
            const truth = keyEvidence(cipher, a, language, letterIndices(key, a));
            const got = keyEvidence(cipher, a, language, letterIndices(r.probable_key, a));
            // Same length: the likelihoods decide (the length score marginalises each key letter, so a key
            // one letter off scores the same). Different lengths: the length score does.
            const kind = (key.length === r.probable_key.length ? truth.ll > got.ll : truth.score > got.score)
              ? 'SEARCH'
              : 'MODEL';
            console.log(
              `  miss ${language} L=${L} ${m}·L ${kind} conf ${r.confidence.toFixed(3)} true ${key} (${truth.score.toFixed(2)}, ll ${truth.ll.toFixed(1)}) ` +
                `got ${r.probable_key} (${got.score.toFixed(2)}, ll ${got.ll.toFixed(1)}) | ${vigenereDecrypt(cipher, r.probable_key, a).slice(0, 90)} | ${plain.slice(0, 90)}`,
            );
          }
          const keyLength = [...r.probable_key].length;
          const perKeyLetter = letters / keyLength;
          const conf = CALIBRATE ? r.confidence : calibrateConfidence(r.confidence, perKeyLetter);
          pairs.push({ conf, raw: r.confidence, right, perKeyLetter });
          if (DUMP)
            appendFileSync(
              DUMP,
              `${JSON.stringify({ language, L, m, letters, got: keyLength, raw: r.confidence, right })}\n`,
            );
          const l = letterIndices(cipher, a);
          const max = Math.min(MAX_KEY_LENGTH, Math.floor(l.length / 2));
          const name = (k: number[]): string =>
            reduce(k)
              .map((x) => a.letters[x])
              .join('');
          // The baselines are told the true key length; IoC alone picks it badly on texts this short.
          const oracle = ORACLE_LENGTH ? L : undefined;
          c.chi += name(vigenereChi(l, b, max, oracle)) === key ? 1 : 0;
          c.quad += name(vigenereQuad(l, b, max, oracle)) === key ? 1 : 0;
        }
        const cell = `${m}·L`;
        worst.set(`${L}:${cell}`, Math.min(worst.get(`${L}:${cell}`) ?? 1, c.ours / c.n));
        return `**${pct(c.ours, c.n)}** / ${pct(c.chi, c.n)} / ${pct(c.quad, c.n)}`;
      });
      console.log(`| ${language} | ${L} | ${cells.join(' | ')} | ${median(times).toFixed(1)} |`);
    }
  }
  console.log('\nWorst language per cell (ours, %):');
  console.log(
    KEY_LENGTHS.map(
      (L) =>
        `  L=${L}: ${MULTIPLES.map((m) => `${m}·L ${worst.has(`${L}:${m}·L`) ? pct(worst.get(`${L}:${m}·L`) as number, 1) : '—'}`).join(', ')}`,
    ).join('\n'),
  );
  console.log(`\nVigenère confidence ECE: ${ece(pairs).toFixed(4)} over ${pairs.length} analyses`);
  const raw = pairs.map((p) => ({ conf: p.raw, right: p.right }));
  console.log(`(the raw posterior before the dev-fitted Platt scaling: ECE ${ece(raw).toFixed(4)})`);
  return pairs;
}

function runLongKeys(): void {
  console.log('\n### Long keys from 6·L letters (max_key_length L + 10)\n');
  for (const language of LANGS) {
    const a = namedAlphabet(LANGUAGE_INFO[language].alphabet);
    const s = stream(language);
    const rng = mulberry32(0x10e6 + LANGUAGES.indexOf(language));
    const cells = LONG_KEYS.map((L) => {
      const n = Math.max(2, Math.ceil(VIGENERE_N / 4));
      let right = 0;
      const times: number[] = [];
      for (let t = 0; t < n; t++) {
        const key = randomKey(a, L, rng);
        const cipher = vigenereEncrypt(snippet(s, a, 6 * L, rng), key, a);
        const started = performance.now();
        right += analyzeVigenere(cipher, a, language, L + 10).probable_key === key ? 1 : 0;
        times.push(performance.now() - started);
      }
      return `L=${L}: ${right}/${n} (${median(times).toFixed(0)} ms)`;
    });
    console.log(`  ${language}: ${cells.join(', ')}`);
  }
}

function time(f: () => void, runs: number): { wall: number; cpu: number } {
  f();
  const c = process.cpuUsage();
  const t = performance.now();
  for (let i = 0; i < runs; i++) f();
  const d = process.cpuUsage(c);
  return { wall: (performance.now() - t) / runs, cpu: (d.user + d.system) / 1000 / runs };
}

function runSpeed(): void {
  console.log('\n### Speed (wall / CPU ms; the CPU figure is what another busy process cannot inflate)\n');
  const basic = namedAlphabet('basic');
  const s = stream('en');
  const rng = mulberry32(5);
  const long = snippet(s, basic, 100_000, rng);
  const cold = [0, 1, 2].map(
    () =>
      JSON.parse(
        execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./load.ts', import.meta.url))], {
          encoding: 'utf8',
        }),
      ) as { wall: number; cpu: number },
  );
  const best = cold.reduce((x, y) => (y.cpu < x.cpu ? y : x));
  console.log(
    `- load all five models, cold (fresh process, best of 3): ${best.wall.toFixed(0)} / ${best.cpu.toFixed(0)} ms`,
  );
  const load = time(() => {
    for (const l of LANGUAGES) compileModel(readModelFile(l));
  }, 3);
  console.log(`- load all five models, warm (compiled code): ${load.wall.toFixed(0)} / ${load.cpu.toFixed(0)} ms`);
  for (const l of LANGUAGES) getModel(l);
  const caesar = caesarEncrypt(long, 11, basic);
  const cs = time(() => solveCaesar(caesar, basic, 'en'), 10);
  console.log(`- Caesar solve, 100,000 letters: ${cs.wall.toFixed(1)} / ${cs.cpu.toFixed(1)} ms`);
  const short = vigenereEncrypt(snippet(s, basic, 300, rng), 'ORCHIDS', basic);
  const vs = time(() => analyzeVigenere(short, basic, 'en', 20), 10);
  console.log(`- analyze, 300 letters, max_key_length 20: ${vs.wall.toFixed(1)} / ${vs.cpu.toFixed(1)} ms`);
  const vl = vigenereEncrypt(long, 'ANOTHERLONGERSECRETKEY', basic);
  const vlt = time(() => analyzeVigenere(vl, basic, 'en', 100), 3);
  console.log(`- analyze, 100,000 letters, max_key_length 100: ${vlt.wall.toFixed(0)} / ${vlt.cpu.toFixed(0)} ms`);
}

/**
 * Platt scaling on x = logit(raw), each outcome with a weight w ∈ [0, 1]: logit(conf) = x + w·((a − 1)·x + b),
 * so w = 1 everywhere is plain Platt scaling (a·x + b) and w = 0 leaves an outcome as it is. Fitted by log
 * loss over a grid (a in 0.01 steps up to 2, b in 0.1 steps within ±4): raw confidences of 1 − 10⁻¹² put x
 * near 28, where Newton's method overshoots. The targets are Platt's smoothed ones, (N₊ + 1)/(N₊ + 2) and
 * 1/(N₋ + 2), so that misses the raw confidence separates perfectly cannot drive the slope to an edge.
 */
function fitPlatt(pairs: { raw: number; right: boolean; w: number }[]): { a: number; b: number } {
  const positives = pairs.filter((p) => p.right).length;
  const yRight = (positives + 1) / (positives + 2);
  const yWrong = 1 / (pairs.length - positives + 2);
  const xs = pairs.map((p) => {
    const q = Math.min(1 - 1e-12, Math.max(1e-12, p.raw));
    return Math.log(q / (1 - q));
  });
  const loss = (a: number, b: number): number => {
    let sum = 0;
    pairs.forEach((p, i) => {
      const x = xs[i] as number;
      const z = x + p.w * ((a - 1) * x + b);
      // ln σ(z) and ln(1 − σ(z)), stable for large |z|.
      const logQ = -Math.log1p(Math.exp(-Math.abs(z))) + Math.min(0, z);
      const log1Q = logQ - z;
      const y = p.right ? yRight : yWrong;
      sum -= y * logQ + (1 - y) * log1Q;
    });
    return sum;
  };
  let best = { a: 1, b: 0, loss: loss(1, 0) };
  for (let ia = 1; ia <= 200; ia++)
    for (let ib = -40; ib <= 40; ib++) {
      const l = loss(ia / 100, ib / 10);
      if (l < best.loss) best = { a: ia / 100, b: ib / 10, loss: l };
    }
  return { a: best.a, b: best.b };
}

async function main(): Promise<void> {
  const models = process.env.CIPHER_MODEL_DIR;
  console.log(`split: ${SPLIT}, languages: ${LANGS.join(' ')}, models: ${models ?? 'shipped'}`);
  if (SPLIT === 'dev' && !models)
    console.log(
      'warning: the shipped n-gram models counted the development lines; for figures that mean anything run ' +
        '`npm run build:dev-models` and set CIPHER_MODEL_DIR=.dev-models',
    );
  if (CALIBRATE) {
    const pairs = runVigenere();
    const fit = fitPlatt(pairs.map((p) => ({ ...p, w: 1 })));
    console.log(`\nPlatt fit on dev: a=${fit.a.toFixed(4)} b=${fit.b.toFixed(4)} (raw ECE ${ece(pairs).toFixed(4)})`);
    const short = pairs.map((p) => ({ ...p, w: shortCalibrationWeight(p.perKeyLetter) })).filter((p) => p.w > 0);
    const s = fitPlatt(short);
    console.log(
      `Short-text fit on dev (${short.length} analyses under 3 letters per key letter): a=${s.a.toFixed(4)} ` +
        `b=${s.b.toFixed(4)} (their raw ECE ${ece(short.map((p) => ({ ...p, conf: p.raw }))).toFixed(4)})`,
    );
    return;
  }
  const started = performance.now();
  if (!process.env.BENCH_SKIP_CAESAR) runCaesar();
  if (!process.env.BENCH_SKIP_VIGENERE) runVigenere();
  if (!process.env.BENCH_SKIP_LONG) runLongKeys();
  runSpeed();
  console.log(`\n(bench took ${((performance.now() - started) / 1000).toFixed(0)} s)`);
}

await main();
