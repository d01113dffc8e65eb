// Builds src/analysis/models/<lang>.json and <lang>.bin from the training corpus: letter frequencies and
// n-gram counts (the .json readable, the .bin the count tables; encodeModelFile in src/analysis/language-model/format.ts).
//
// Usage: npm run build:models   (reads the folder npm run build:corpus wrote, .corpus or CORPUS_DIR; see
// scripts/corpus.ts and docs/corpus.md, and of each source the share scripts/corpus/mix.ts gives)
//
// Lines of the validation and final-test parts (scripts/corpus/split.ts) are never counted. The development part
// first serves as a development set: a model built without it fits the posterior temperature; the shipped model
// counts it too. Smoothing is
// modified Kneser–Ney, whose discounts follow from the counts themselves (src/analysis/language-model/kneser-ney.ts).
//
// Every language whose alphabet is not A–Z also gets a folded model, <lang>-folded.json/.bin, over A–Z: the same
// lines with their accents folded (src/core/fold.ts: ł → l, ß → ss, é → e; German lines alternately ä → a
// and ä → ae, as puzzles write both), for ciphertexts whose plaintext was folded before it was enciphered.
//
// With MODELS_EXCLUDE_DEV=1 the development lines are not counted either, and the files go under
// CIPHER_MODEL_DIR (npm run build:dev-models): models for tuning on that split without having seen it.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  assetDir,
  LANGUAGE_INFO,
  LANGUAGES,
  type Language,
  logSumExp,
  shiftLogLikelihoods,
  symbolsLogLikelihood,
} from '../src/analysis/index.js';
import { ngramTables } from '../src/analysis/language-model/build/index.js';
import {
  compileModel,
  encodeModelFile,
  getFoldedModel,
  getModel,
  type LanguageModel,
  type ModelFile,
  type NgramFile,
  passageSymbols,
  symbolChars,
} from '../src/analysis/language-model/index.js';
import { tokenize } from '../src/analysis/readings/index.js';
import { type Alphabet, caesarEncrypt, type NamedAlphabetName, namedAlphabet } from '../src/core/index.js';
import { counted } from './corpus/split.js';
import { corpusDir, corpusLines, corpusPart, foldLines, mixFilter } from './corpus.js';
import { mulberry32 } from './lib/random.js';

const EXCLUDE_DEV = process.env.MODELS_EXCLUDE_DEV === '1';
const OUT_DIR = assetDir('models');
/** Longest n-gram counted, per kind of text: five symbols span a short word with both its boundaries. */
const ORDERS = { spaced: 5, joined: 4 } as const;
const CALIBRATION_LETTERS = [2, 3, 4, 5, 6, 7, 8, 10, 12, 15, 20, 25, 30, 40];
const CALIBRATION_PROBLEMS = 3000;

interface Counts {
  ngrams: Map<number, number>;
  letters: number[];
}

function count(passages: string[], a: Alphabet, joined: boolean): Counts {
  const S = a.size + 2;
  const B = a.size;
  const N = joined ? ORDERS.joined : ORDERS.spaced;
  const size = S ** N;
  const counts: Counts = { ngrams: new Map(), letters: new Array(a.size).fill(0) };
  for (const passage of passages) {
    let key = 0;
    for (let i = 0; i < N - 1; i++) key = key * S + B;
    for (const z of passageSymbols(passage, a, joined)) {
      if (z < B) counts.letters[z]!++;
      key = (key * S + z) % size;
      counts.ngrams.set(key, (counts.ngrams.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

function ngramFile(a: Alphabet, counts: Counts, order: number, temperature: number): NgramFile {
  const keys = Int32Array.from(counts.ngrams.keys()).sort();
  return {
    order,
    temperature: Math.round(temperature * 1000) / 1000,
    ...ngramTables(
      keys,
      Array.from(keys, (k) => counts.ngrams.get(k) as number),
      a.size + 2,
      order,
    ),
  };
}

function toFile(
  language: Language,
  name: NamedAlphabetName,
  spaced: NgramFile,
  joined: NgramFile,
  letters: number[],
  source: Record<string, unknown>,
): ModelFile {
  const a = namedAlphabet(name);
  const letterTotal = letters.reduce((p, q) => p + q, 0);
  return {
    format: 3,
    language,
    alphabet: name,
    letters: a.letters.join(''),
    symbols: symbolChars(a).join(''),
    source: { ...source, letters: letterTotal },
    frequencies: letters.map((c) => Math.round((c / letterTotal) * 1e6) / 1e6),
    spaced,
    joined,
  };
}

/** Nats per symbol of held-aside passages under a model. */
function crossEntropy(model: LanguageModel, passages: string[], joined: boolean): number {
  let sum = 0;
  let symbols = 0;
  for (const p of passages) {
    const s = passageSymbols(p, model.alphabet, joined);
    sum -= symbolsLogLikelihood(s, model, joined ? model.joined : model.spaced);
    symbols += s.length;
  }
  return sum / symbols;
}

/** A piece of passage starting at a word and holding `letters` letters of a, or null if too short. */
function snippet(passage: string, a: Alphabet, letters: number, rng: () => number): string | null {
  const cps = [...passage];
  const starts = cps.flatMap((_, i) => (i === 0 || /\s/u.test(cps[i - 1] as string) ? [i] : []));
  const start = starts[Math.floor(rng() * starts.length)] ?? 0;
  let seen = 0;
  for (let i = start; i < cps.length; i++) {
    if (a.lookup(cps[i]?.codePointAt(0) as number) >= 0 && ++seen === letters) return cps.slice(start, i + 1).join('');
  }
  return null;
}

interface Problem {
  logs: Float64Array;
  truth: number;
}

/**
 * Short Caesar ciphertexts from development passages, each scored as the model kind it calibrates:
 * spaced texts as they are, joined ones with everything but letters dropped.
 */
function caesarProblems(model: LanguageModel, passages: string[], joined: boolean, seed: number): Problem[] {
  const rng = mulberry32(seed);
  const a = model.alphabet;
  const out: Problem[] = [];
  for (let tries = 0; out.length < CALIBRATION_PROBLEMS && tries < CALIBRATION_PROBLEMS * 20; tries++) {
    const letters = CALIBRATION_LETTERS[Math.floor(rng() * CALIBRATION_LETTERS.length)] as number;
    const text = snippet(passages[Math.floor(rng() * passages.length)] as string, a, letters, rng);
    if (!text) continue;
    const truth = Math.floor(rng() * a.size);
    const cipher = caesarEncrypt(text, truth, a, { preserveNonAlpha: !joined });
    const tokens = tokenize(cipher, a, model, joined ? 'joined' : 'spaced');
    out.push({ logs: shiftLogLikelihoods(tokens, a, model), truth });
  }
  return out;
}

/** Mean negative log posterior of the true shift at temperature T. */
function nll(problems: Problem[], T: number): number {
  let sum = 0;
  for (const p of problems) {
    const scaled = Array.from(p.logs, (v) => v / T);
    sum += logSumExp(scaled) - (scaled[p.truth] as number);
  }
  return sum / problems.length;
}

function fitTemperature(problems: Problem[]): number {
  // Golden-section search on ln T; the NLL is smooth and unimodal in T.
  let lo = Math.log(0.25);
  let hi = Math.log(20);
  const g = (Math.sqrt(5) - 1) / 2;
  for (let i = 0; i < 60; i++) {
    const m1 = hi - g * (hi - lo);
    const m2 = lo + g * (hi - lo);
    if (nll(problems, Math.exp(m1)) < nll(problems, Math.exp(m2))) hi = m2;
    else lo = m1;
  }
  return Math.exp((lo + hi) / 2);
}

/** Accuracy against mean confidence of the top shift, in confidence bins: how honest the posterior is. */
function calibrationReport(problems: Problem[], T: number): string {
  const bins = [0.5, 0.8, 0.95, 0.99, 1.01];
  const rows = bins.map(() => ({ n: 0, right: 0, conf: 0 }));
  let ece = 0;
  for (const p of problems) {
    const scaled = Array.from(p.logs, (v) => v / T);
    const z = logSumExp(scaled);
    let best = 0;
    for (let s = 1; s < scaled.length; s++) if ((scaled[s] as number) > (scaled[best] as number)) best = s;
    const conf = Math.exp((scaled[best] as number) - z);
    const row = rows[bins.findIndex((b) => conf < b)] as (typeof rows)[number];
    row.n++;
    row.conf += conf;
    if (best === p.truth) row.right++;
  }
  for (const r of rows) ece += Math.abs(r.right - r.conf) / problems.length;
  const cells = rows.map((r, i) =>
    r.n ? `<${bins[i]}: n=${r.n} acc=${(r.right / r.n).toFixed(3)} conf=${(r.conf / r.n).toFixed(3)}` : '',
  );
  return `ECE ${ece.toFixed(4)} | ${cells.filter(Boolean).join(' | ')}`;
}

/** Builds, calibrates and writes one model file, `<file>.json` and `<file>.bin`, over the named alphabet. */
function buildModel(language: Language, file: string, name: NamedAlphabetName, fold: boolean): void {
  const started = performance.now();
  const a = namedAlphabet(name);
  const read = corpusLines(language);
  const lines = fold ? foldLines(language, read) : read;
  const inMix = mixFilter(language);
  const used = (l: string, i: number): boolean => l.trim() !== '' && inMix(i);
  const part = corpusPart(language);
  const training = lines.filter((l, i) => counted(part(i), EXCLUDE_DEV) && used(l, i));
  const devTraining = lines.filter((l, i) => counted(part(i), true) && used(l, i));
  const dev = lines.filter((l, i) => part(i) === 'dev' && used(l, i));

  // Development model: the temperatures are fitted on passages it has not counted.
  const devCounts = { spaced: count(devTraining, a, false), joined: count(devTraining, a, true) };
  const devModel = compileModel(
    toFile(
      language,
      name,
      ngramFile(a, devCounts.spaced, ORDERS.spaced, 1),
      ngramFile(a, devCounts.joined, ORDERS.joined, 1),
      devCounts.spaced.letters,
      {},
    ),
  );
  const entropies = { spaced: crossEntropy(devModel, dev, false), joined: crossEntropy(devModel, dev, true) };
  const seed = 0x5eed + LANGUAGES.indexOf(language) + (fold ? 0x100 : 0);
  const spacedProblems = caesarProblems(devModel, dev, false, seed);
  const joinedProblems = caesarProblems(devModel, dev, true, seed + 1);
  const temperatures = { spaced: fitTemperature(spacedProblems), joined: fitTemperature(joinedProblems) };

  const spaced = count(training, a, false);
  const out = toFile(
    language,
    name,
    ngramFile(a, spaced, ORDERS.spaced, temperatures.spaced),
    ngramFile(a, count(training, a, true), ORDERS.joined, temperatures.joined),
    spaced.letters,
    {
      file: `${language}.txt`,
      ...(fold && { folded: 'accents folded to A–Z (src/core/fold.ts); German lines alternately ä → a, ä → ae' }),
      lines: lines.length,
      training_lines: training.length,
      held_out: EXCLUDE_DEV
        ? 'the training part alone is counted (scripts/corpus/split.ts)'
        : 'the validation and final-test parts are never counted (scripts/corpus/split.ts)',
      dev_cross_entropy_nats: {
        spaced: Math.round(entropies.spaced * 1e4) / 1e4,
        joined: Math.round(entropies.joined * 1e4) / 1e4,
      },
    },
  );
  const { header, tables } = encodeModelFile(out);
  const paths = [join(OUT_DIR, `${file}.json`), join(OUT_DIR, `${file}.bin`)];
  writeFileSync(paths[0] as string, header);
  writeFileSync(paths[1] as string, tables);
  console.log(
    `${file}: ${training.length} passages, ${out.source.letters} letters, ` +
      `dev ${entropies.spaced.toFixed(3)}/${entropies.joined.toFixed(3)} nats/symbol, ` +
      `T=${out.spaced.temperature}/${out.joined.temperature}, ` +
      `${out.spaced.levels.at(-1)?.symbols.length}/${out.joined.levels.at(-1)?.symbols.length} n-grams, ` +
      `${(paths.reduce((sum, p) => sum + statSync(p).size, 0) / 1024).toFixed(0)} KiB, ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  for (const [kind, set, T] of [
    ['spaced', spacedProblems, temperatures.spaced],
    ['joined', joinedProblems, temperatures.joined],
  ] as const) {
    console.log(`  ${kind} T=1: ${calibrationReport(set, 1)}`);
    console.log(`  ${kind} T=${T.toFixed(3)}: ${calibrationReport(set, T)}`);
  }
}

function main(): void {
  console.log(`corpus: ${corpusDir()}, out: ${OUT_DIR}${EXCLUDE_DEV ? ', development lines not counted' : ''}`);
  mkdirSync(OUT_DIR, { recursive: true });
  for (const language of LANGUAGES) {
    const { alphabet } = LANGUAGE_INFO[language];
    buildModel(language, language, alphabet, false);
    if (alphabet !== 'basic') buildModel(language, `${language}-folded`, 'basic', true);
  }
  // The loader must read what was just written.
  for (const language of LANGUAGES) {
    getModel(language);
    if (LANGUAGE_INFO[language].alphabet !== 'basic') getFoldedModel(language);
  }
}

main();
