// A ciphertext as the substitution search reads it: its distinct n-grams of cipher letters and fixed symbols, each
// counted once, and for every cipher letter the n-grams it appears in, so that a move rescores only those.
import type { LanguageModel, NgramModel } from '../language-model/index.js';
import type { Tokens } from '../readings/index.js';

export interface Grams {
  /** The model's order: each n-gram is N codes. */
  readonly N: number;
  /** The alphabet's size: codes 0…n−1 are cipher letters, n + s the fixed model symbol s. */
  readonly n: number;
  /** The distinct n-grams, N codes each, oldest first. */
  readonly codes: Int32Array;
  /** How often each distinct n-gram occurs. */
  readonly counts: Float64Array;
  readonly size: number;
  /** The n-grams holding cipher letter x are list[starts[x]] … list[starts[x + 1] − 1], each once. */
  readonly starts: Int32Array;
  readonly list: Int32Array;
  /** The cipher letters the text holds, most frequent first, and how often each occurs. */
  readonly present: Int32Array;
  readonly letterCounts: Float64Array;
}

/** The distinct n-grams of a text's tokens under a model of order ngrams.order, the context padded with boundaries. */
export function gramsOf(tokens: Tokens, n: number, model: LanguageModel, ngrams: NgramModel): Grams {
  const N = ngrams.order;
  const W = n + model.symbolCount;
  const window = new Int32Array(N).fill(n + model.boundary);
  const slots = new Map<number, number>();
  const codes: number[] = [];
  const counts: number[] = [];
  const letterCounts = new Float64Array(n);
  for (const raw of tokens.codes) {
    for (let r = 0; r + 1 < N; r++) window[r] = window[r + 1] as number;
    window[N - 1] = raw >= 0 ? raw : n - 1 - raw;
    if (raw >= 0) letterCounts[raw]!++;
    let key = 0;
    for (let r = 0; r < N; r++) key = key * W + (window[r] as number);
    const slot = slots.get(key);
    if (slot === undefined) {
      slots.set(key, counts.length);
      codes.push(...window);
      counts.push(1);
    } else counts[slot]!++;
  }
  const size = counts.length;
  const codeArray = Int32Array.from(codes);
  const { starts, list } = lettersIndex(codeArray, size, N, n);
  const present = Int32Array.from(
    Array.from(letterCounts.keys())
      .filter((x) => (letterCounts[x] as number) > 0)
      .sort((x, y) => (letterCounts[y] as number) - (letterCounts[x] as number) || x - y),
  );
  return { N, n, codes: codeArray, counts: Float64Array.from(counts), size, starts, list, present, letterCounts };
}

/** For every cipher letter, the n-grams it appears in (each once however often it appears there). */
function lettersIndex(codes: Int32Array, size: number, N: number, n: number): { starts: Int32Array; list: Int32Array } {
  const per: number[][] = Array.from({ length: n }, () => []);
  for (let g = 0; g < size; g++) {
    for (let r = 0; r < N; r++) {
      const c = codes[g * N + r] as number;
      if (c >= n) continue;
      const own = per[c] as number[];
      if (own[own.length - 1] !== g) own.push(g);
    }
  }
  const starts = new Int32Array(n + 1);
  for (let x = 0; x < n; x++) starts[x + 1] = (starts[x] as number) + (per[x] as number[]).length;
  return { starts, list: Int32Array.from(per.flat()) };
}

/** What tells two keys apart on a text: the plain letters of the letters it holds (`present`), as one string. */
export function keySignature(present: Int32Array, plainOf: ArrayLike<number>): string {
  return Array.from(present, (x) => plainOf[x]).join(',');
}
