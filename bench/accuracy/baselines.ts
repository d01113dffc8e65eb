// Textbook baselines, letters only: χ² against letter frequencies, quadgram hill climbing of shifts, keys, alphabets.

import { counted } from '../../scripts/corpus/split.js';
import { corpusLines, corpusPart, mixFilter } from '../../scripts/corpus.js';
import type { Language } from '../../src/analysis/index.js';
import { type Alphabet, letterIndices } from '../../src/core/index.js';
import { type FoldOptions, lettersOnly } from './presentations.js';

export interface Baseline {
  n: number;
  freq: Float64Array;
  quad: Float32Array;
}

const built = new Map<string, Baseline>();

/**
 * Letter frequencies and quadgram log10 probabilities of the lines the shipped models count (never the validation or final-test ones) of the
 * sources the models count (mixFilter in scripts/corpus.ts), floor log10(0.01/N). With `fold`, the lines are folded to A–Z first, as the folded formats' plaintexts are.
 */
export function baseline(language: Language, a: Alphabet, fold?: FoldOptions): Baseline {
  const key = `${language}:${a.name}:${fold ? (fold.umlauts ?? 'strip') : 'raw'}`;
  const known = built.get(key);
  if (known) return known;
  const n = a.size;
  const counts = new Float64Array(n ** 4);
  const freq = new Float64Array(n);
  let total = 0;
  const inMix = mixFilter(language);
  const part = corpusPart(language);
  corpusLines(language).forEach((line, i) => {
    if (!counted(part(i), false) || !inMix(i)) return;
    const l = letterIndices(fold ? lettersOnly(line, fold) : line, a);
    for (const x of l) freq[x]!++;
    for (let j = 3; j < l.length; j++) {
      counts[((l[j - 3]! * n + l[j - 2]!) * n + l[j - 1]!) * n + l[j]!]!++;
      total++;
    }
  });
  const letters = freq.reduce((x, y) => x + y, 0);
  const floor = Math.log10(0.01 / total);
  const quad = Float32Array.from(counts, (c) => (c > 0 ? Math.log10(c / total) : floor));
  const b = { n, freq: freq.map((f) => f / letters), quad };
  built.set(key, b);
  return b;
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

export function caesarChi(l: Uint16Array, b: Baseline): number {
  return chiShift(l, b);
}

export function caesarQuad(l: Uint16Array, b: Baseline): number {
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
export function vigenereChi(l: Uint16Array, b: Baseline, max: number, oracle?: number): number[] {
  const k = oracle ?? iocLength(l, b.n, max);
  return Array.from({ length: k }, (_, j) =>
    chiShift(
      l.filter((_, i) => i % k === j),
      b,
    ),
  );
}

export function vigenereQuad(l: Uint16Array, b: Baseline, max: number, oracle?: number): number[] {
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

/**
 * The textbook substitution climber's schedule: each restart starts from a uniformly random key, tries swapping two
 * of its letters (any two of the alphabet, so a swap of two letters the text lacks is a wasted try), keeps a swap
 * when the quadgram fitness rises strictly, and stops after `patience` tries in a row without a gain; the best of
 * `restarts` restarts is the answer.
 */
export const SUBSTITUTION_CLIMB = { restarts: 20, patience: 1000 };

/** Σ quadgram log10 probabilities of the text read through `plainOf` (cipher letter → plain letter). */
function substitutionFitness(l: Uint16Array, plainOf: Int32Array, b: Baseline): number {
  const { n, quad } = b;
  let sum = 0;
  let a = plainOf[l[0]!]!;
  let c = plainOf[l[1]!]!;
  let d = plainOf[l[2]!]!;
  for (let i = 3; i < l.length; i++) {
    const e = plainOf[l[i]!]!;
    sum += quad[((a * n + c) * n + d) * n + e]!;
    a = c;
    c = d;
    d = e;
  }
  return sum;
}

/** The plain letter of every cipher letter by the textbook quadgram hill climber (SUBSTITUTION_CLIMB). */
export function substitutionQuad(l: Uint16Array, b: Baseline, rng: () => number): Int32Array {
  const n = b.n;
  const key = new Int32Array(n);
  let best = { score: Number.NEGATIVE_INFINITY, key: Int32Array.from(key) };
  for (let r = 0; r < SUBSTITUTION_CLIMB.restarts; r++) {
    key.forEach((_, i) => {
      key[i] = i;
    });
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [key[i], key[j]] = [key[j]!, key[i]!];
    }
    let score = substitutionFitness(l, key, b);
    for (let stale = 0; stale < SUBSTITUTION_CLIMB.patience; ) {
      const x = Math.floor(rng() * n);
      const y = (x + 1 + Math.floor(rng() * (n - 1))) % n;
      [key[x], key[y]] = [key[y]!, key[x]!];
      const s = substitutionFitness(l, key, b);
      if (s > score) {
        score = s;
        stale = 0;
      } else {
        [key[x], key[y]] = [key[y]!, key[x]!];
        stale++;
      }
    }
    if (score > best.score) best = { score, key: Int32Array.from(key) };
  }
  return best.key;
}
