// The pieces the stages of a language's key search share: unigram keys, crib moves, and what a length's search found.
import type { FrequentWords } from '../words/index.js';
import type { Budget, KeySearch } from './key-search.js';
import type { Reading } from './reading.js';
import { UNIGRAM_COST } from './tuning.js';

export interface Evaluation {
  length: number;
  key: Int32Array;
  /** Log-likelihood of the searched decryption. */
  ll: number;
  /** Tempered log posterior of the length, up to a constant shared by all lengths of one language. */
  score: number;
  /** Σ ln Σ exp over the key letters (see KeySearch.spread). */
  spread: number;
}

/**
 * Best shift of each column on its own, by the letters' unigram log-likelihood: every shift of every distinct
 * letter of each column, charged as UNIGRAM_COST look-ups each.
 */
export function unigramKey(reading: Reading, letters: Uint16Array, k: number, budget: Budget): Int32Array {
  const { n, cand, ngrams } = reading;
  const counts = new Int32Array(k * n);
  let col = 0;
  for (let i = 0; i < letters.length; i++) {
    counts[col * n + (letters[i] as number)]!++;
    col = col + 1 === k ? 0 : col + 1;
  }
  const logp = Float64Array.from(cand, (s) => ngrams.uni[s] as number);
  const key = new Int32Array(k);
  const ll = new Float64Array(n);
  let work = letters.length;
  for (let j = 0; j < k; j++) {
    ll.fill(0);
    for (let c = 0; c < n; c++) {
      const f = counts[j * n + c] as number;
      if (!f) continue;
      // Under shift s the letter c reads as plaintext letter c − s.
      for (let s = 0; s <= c; s++) ll[s]! += f * (logp[c - s] as number);
      for (let s = c + 1; s < n; s++) ll[s]! += f * (logp[c - s + n] as number);
      work += n;
    }
    let best = 0;
    for (let s = 1; s < n; s++) if ((ll[s] as number) > (ll[best] as number)) best = s;
    key[j] = best;
  }
  budget.spent += UNIGRAM_COST * work;
  return key;
}

/** Whether two keys are the same, letter for letter. */
export function sameKey(x: Int32Array, y: Int32Array): boolean {
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

/** The shortest key that repeats to this one. */
export function period(key: Int32Array): Int32Array {
  const k = key.length;
  for (let p = 1; p < k; p++) {
    if (k % p !== 0) continue;
    let repeats = true;
    for (let i = p; i < k && repeats; i++) repeats = key[i] === key[i - p];
    if (repeats) return key.slice(0, p);
  }
  return key;
}

/** A length's key from the first, cheaper search, and its tempered log-likelihood less the key's cost. */
export interface Rough {
  k: number;
  key: Int32Array;
  /** Log-likelihood of its decryption, and that tempered less the key's cost. */
  ll: number;
  score: number;
}

/**
 * Tries the best crib moves from a key: each is applied, the key climbed again from there, and kept if
 * the decryption got likelier. Returns the best key found and its log-likelihood.
 */
export function improveByCribs(
  s: KeySearch,
  key: Int32Array,
  ll: number,
  words: FrequentWords,
  tries: number,
): { key: Int32Array; ll: number } {
  s.setKey(key);
  for (const move of s.wordMoves(words, tries)) {
    s.setKey(key);
    const dirty = new Uint8Array(s.k);
    move.columns.forEach((c, i) => {
      s.setColumn(c, move.shifts[i] as number);
      s.markNeighbours(dirty, c);
    });
    s.climb(dirty);
    const v = s.total();
    if (v > ll + 1e-9) {
      ll = v;
      key = Int32Array.from(s.key);
    }
  }
  return { key, ll };
}
