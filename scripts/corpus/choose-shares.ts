// Chooses how much of each corpus source a language's models count (scripts/corpus/mix.ts), on the development
// split only: the 5-gram model is counted without the development lines (as npm run build:dev-models does), and
// a choice is judged by its cross-entropy on development lines of the base corpus, of the narrative sources and
// of the technical ones. Held-out lines are never read.
//
// Usage: npx tsx scripts/corpus/choose-shares.ts <lang>   (prints each step and the shares chosen)
//   SHARES_TOLERANCE  how much worse than the base corpus alone the base lines may get, nats a symbol (0.001)
//
// The search is greedy: from the base corpus alone, it takes the one change of one source's share (0, ¼, ½, ¾,
// 1) that most lowers 4 × base + narrative + technical cross-entropy while the base corpus's lines stay within
// the tolerance, until no change helps. The base weighs four times as much because every figure published so far
// was measured on it and no cell may get worse; narrative is the genre the corpus lacked; technical text is
// what users' help pages and manuals are. A share selects an even spread of a source's training lines
// (mixFilter in scripts/corpus.ts), so the candidates of one source nest (¼ ⊂ ½ ⊂ ¾ ⊂ 1) and the counts of
// each quarter are counted once.

import {
  compileModel,
  type ModelFile,
  ngramTables,
  passageSymbols,
  symbolChars,
} from '../../src/analysis/language-model/index.js';
import { LANGUAGE_INFO, type Language } from '../../src/analysis/languages.js';
import { symbolsLogLikelihood } from '../../src/analysis/score.js';
import { namedAlphabet } from '../../src/core/index.js';
import { corpusLines, corpusSources, isDevLine, isHeldOutLine, sourceFilter } from '../corpus.js';

const language = process.argv[2] as Language;
if (!(language in LANGUAGE_INFO)) throw new Error('usage: npx tsx scripts/corpus/choose-shares.ts <en|pl|de|es|fr>');
const TOLERANCE = Number(process.env.SHARES_TOLERANCE ?? 0.001);
const SHARES = [0, 0.25, 0.5, 0.75, 1] as const;
/** The quarters of a source's training lines (n % 4 of the n-th) a share selects, as mixFilter picks them. */
const QUARTERS: Record<(typeof SHARES)[number], number[]> = {
  0: [],
  0.25: [3],
  0.5: [1, 3],
  0.75: [1, 2, 3],
  1: [0, 1, 2, 3],
};
const GROUPS = ['base', 'narrative', 'technical'];
const WEIGHTS = [4, 1, 1];
const ORDER = 5;

const a = namedAlphabet(LANGUAGE_INFO[language].alphabet);
const S = a.size + 2;
const size = S ** ORDER;
const sources = corpusSources(language);
const lines = corpusLines(language);

// Each 5-gram's count per source and quarter, over training lines (neither held out nor development).
const columns = sources.length * 4;
const table = new Map<number, Int32Array>();
sources.forEach((source, k) => {
  for (let j = 0; j < source.lines; j++) {
    const i = source.first + j;
    const line = lines[i] as string;
    if (isHeldOutLine(i) || isDevLine(i) || line.trim() === '') continue;
    const n = Math.floor(j / 10) * 8 + (j % 10) - (j % 10 > 5 ? 2 : 1);
    const column = 4 * k + (n % 4);
    let key = 0;
    for (let q = 0; q < ORDER - 1; q++) key = key * S + a.size;
    for (const z of passageSymbols(line, a, false)) {
      key = (key * S + z) % size;
      let row = table.get(key);
      if (!row) {
        row = new Int32Array(columns);
        table.set(key, row);
      }
      row[column] = (row[column] as number) + 1;
    }
  }
});
const keys = Int32Array.from(table.keys()).sort();
const rows = Array.from(keys, (k) => table.get(k) as Int32Array);
const devSets = GROUPS.map((g) => {
  const inGroup = sources.some((s) => s.id === g || s.genre === g) ? sourceFilter(language, g) : () => false;
  return lines.filter((l, i) => isDevLine(i) && inGroup(i) && l.trim() !== '').map((l) => passageSymbols(l, a, false));
});

/** Cross-entropy (nats a symbol) of each group's development lines under the model the shares count. */
function evaluate(shares: number[]): number[] {
  const selected = shares.flatMap((s, k) => QUARTERS[s as (typeof SHARES)[number]].map((q) => 4 * k + q));
  const kept: number[] = [];
  const counts: number[] = [];
  rows.forEach((row, r) => {
    let c = 0;
    for (const column of selected) c += row[column] as number;
    if (c > 0) {
      kept.push(keys[r] as number);
      counts.push(c);
    }
  });
  const ngrams = { order: ORDER, temperature: 1, ...ngramTables(Int32Array.from(kept), counts, S, ORDER) };
  const file: ModelFile = {
    format: 3,
    language,
    alphabet: LANGUAGE_INFO[language].alphabet,
    letters: a.letters.join(''),
    symbols: symbolChars(a).join(''),
    source: {},
    frequencies: new Array<number>(a.size).fill(1 / a.size),
    spaced: ngrams,
    // Only the spaced model is scored; the joined one must merely be a valid table.
    joined: ngrams,
  };
  const model = compileModel(file);
  return devSets.map((set) => {
    let sum = 0;
    let n = 0;
    for (const symbols of set) {
      sum -= symbolsLogLikelihood(symbols, model, model.spaced);
      n += symbols.length;
    }
    return n ? sum / n : 0;
  });
}

const objective = (x: number[]): number => x.reduce((sum, v, g) => sum + (WEIGHTS[g] as number) * v, 0);
const show = (x: number[]): string => GROUPS.map((g, k) => `${g} ${(x[k] as number).toFixed(4)}`).join(', ');
let shares: number[] = sources.map((s) => (s.id === 'base' ? 1 : 0));
let x = evaluate(shares);
const limit = (x[0] as number) + TOLERANCE;
console.log(`${language}, base corpus alone: ${show(x)}; the base may reach ${limit.toFixed(4)}`);
for (;;) {
  let best: { shares: number[]; x: number[] } | null = null;
  for (let k = 1; k < sources.length; k++)
    for (const s of SHARES) {
      if (s === shares[k]) continue;
      const trial = shares.slice();
      trial[k] = s;
      const tx = evaluate(trial);
      if ((tx[0] as number) > limit) continue;
      if (objective(tx) < objective(best ? best.x : x) - 1e-4) best = { shares: trial, x: tx };
    }
  if (!best) break;
  ({ shares, x } = best);
  console.log(`  ${sources.map((s, k) => `${s.id} ${shares[k]}`).join(', ')}: ${show(x)}`);
}
const chosen = Object.fromEntries(sources.flatMap((s, k) => (s.id === 'base' ? [] : [[s.id, shares[k]]])));
console.log(`${language}: ${JSON.stringify(chosen)} (${show(x)})`);
