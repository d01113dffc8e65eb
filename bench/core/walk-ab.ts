// Side by side: how often one restart of the key search reaches the key, annealing with the exact dense table or
// with the coarse one (a byte a cell) the search uses, on development lines run together (never on what is reported).
//
//   CIPHER_MODEL_DIR=.dev-models npx tsx bench/core/walk-ab.ts
//
// WALK_LETTERS letters (default 100) of WALK_N dev lines (20) a language, each under a random cipher alphabet, WALK_R
// restarts (8) each with either table: a restart "reaches the key" when its optimum scores at least the key's own
// score (a key the model likes better is the model's failure, not the search's). Both climb with the exact table.
import { corpusLines, corpusPart } from '../../scripts/corpus.js';
import { getFoldedModel, getModel, LANGUAGES, type Language } from '../../src/analysis/language-model/index.js';
import { candidateSymbols, tokenize } from '../../src/analysis/readings/index.js';
import { anneal, type Progress, scorerOf } from '../../src/analysis/substitution/anneal.js';
import { gramsOf } from '../../src/analysis/substitution/grams.js';
import { foldAccents, letterIndices, namedAlphabet, substitutionEncrypt } from '../../src/core/index.js';
import { mulberry32 } from '../accuracy/internals.js';

const basic = namedAlphabet('basic');
const env = process.env;
const L = Number(env.WALK_LETTERS ?? 100);
const N = Number(env.WALK_N ?? 20);
const R = Number(env.WALK_R ?? 8);
const KINDS = ['exact', 'coarse'] as const;

/** A random permutation of 0…n−1. */
function permutation(n: number, rng: () => number): number[] {
  const out = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j] as number, out[i] as number];
  }
  return out;
}

/** How many of R restarts reach the key of one text, annealing with each table. */
function hits(
  language: Language,
  letters: string,
  rng: () => number,
  seed: number,
): Record<(typeof KINDS)[number], number> {
  const model = language === 'en' ? getModel(language) : getFoldedModel(language);
  const perm = permutation(basic.size, rng);
  const cipher = substitutionEncrypt(letters, perm.map((i) => basic.letters[i]).join(''), basic);
  const grams = gramsOf(tokenize(cipher, basic, model, 'joined'), basic.size, model, model.joined);
  const cand = candidateSymbols(basic, model);
  const truth = new Int32Array(basic.size);
  perm.forEach((c, p) => {
    truth[c] = p;
  });
  const s = scorerOf(grams, model.joined, cand, model.symbolCount);
  s.set(truth);
  const keyScore = s.total;
  const byFrequency = Int32Array.from(cand.keys()).sort(
    (x, y) => (model.frequencies[cand[y] as number] ?? 0) - (model.frequencies[cand[x] as number] ?? 0),
  );
  const out = { exact: 0, coarse: 0 };
  for (const kind of KINDS) {
    const walk = kind === 'exact' ? s : scorerOf(grams, model.joined, cand, model.symbolCount, undefined, 'coarse');
    let progress: Progress | undefined;
    for (let r = 1; r <= R; r++) {
      const o = {
        ...{
          restarts: r,
          steps: 400 * grams.present.length,
          t0: 6,
          t1: 2,
          seed,
          settleAfter: Number.POSITIVE_INFINITY,
        },
        ...{ pinned: new Int32Array(basic.size).fill(-1), byFrequency, keep: 1 },
      };
      progress = anneal(s, grams, o, progress, walk).progress;
      // `s` holds the optimum of the restart just made.
      if (s.total >= keyScore - 1e-6) out[kind]++;
    }
  }
  return out;
}

for (const language of LANGUAGES) {
  const part = corpusPart(language);
  const dev = corpusLines(language)
    .filter((_, i) => part(i) === 'dev')
    .map((l) => foldAccents(l))
    .filter((l) => letterIndices(l, basic).length >= L);
  const rng = mulberry32(42);
  const total = { exact: 0, coarse: 0 };
  for (let k = 0; k < N; k++) {
    const line = dev[Math.floor(rng() * dev.length)] as string;
    const letters = Array.from(letterIndices(line, basic).slice(0, L), (x) => basic.letters[x]).join('');
    const h = hits(language, letters, rng, 0x5eed + k);
    total.exact += h.exact;
    total.coarse += h.coarse;
  }
  const rate = (x: number) => (x / (N * R)).toFixed(3);
  console.log(
    `${language}, ${L} letters: a restart reaches the key, exact ${rate(total.exact)}, coarse ${rate(total.coarse)}`,
  );
}
