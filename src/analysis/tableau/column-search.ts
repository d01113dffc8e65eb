// A Porta or autokey key of one length searched under the joined model's trigrams: each column set to its best option
// with the others held, over and again, then from keys with a few columns thrown elsewhere; a trial rescores only the
// trigrams that hold one of its column's letters.
import type { NgramModel } from '../language-model/index.js';
import { mulberry32 } from '../scoring/index.js';
import type { ColumnCipher } from './columns.js';

/** The text's letters and how the search reads them. */
export interface ColumnText {
  /** Cipher letters (alphabet indices), the first the analysis reads. */
  c: Uint16Array;
  cipher: ColumnCipher;
  /** Alphabet index → the joined model's symbol. */
  sym: Int32Array;
  ngrams: NgramModel;
}

/** A key found: an option per column, and its trigram log-likelihood (nats). */
export interface ColumnKey {
  key: number[];
  ll: number;
}

/** Passes of single-column moves at most, from one key (each tries every option of every column). */
const MAX_PASSES = 8;

/** The trigram log-likelihood of a plain symbol sequence, and of the terms ending at given places, kept as it moves. */
class Trigrams {
  readonly plain: Int32Array;
  private readonly S: number;
  private readonly uni: Float64Array;
  private readonly bi: Float64Array;
  private readonly tri: Float64Array;

  constructor(length: number, ngrams: NgramModel) {
    this.plain = new Int32Array(length);
    this.S = ngrams.symbolCount;
    this.uni = ngrams.short[1] as Float64Array;
    this.bi = ngrams.short[2] as Float64Array;
    this.tri = ngrams.fast;
  }

  /** ln P of the letter at e given the two before it (fewer at the start). */
  term(e: number): number {
    const p = this.plain;
    const S = this.S;
    if (e >= 2) return this.tri[((p[e - 2] as number) * S + (p[e - 1] as number)) * S + (p[e] as number)] as number;
    if (e === 1) return this.bi[(p[0] as number) * S + (p[1] as number)] as number;
    return this.uni[p[0] as number] as number;
  }

  /** Terms read so far: the search's work. */
  reads = 0;

  sum(ends: Int32Array): number {
    let s = 0;
    for (const e of ends) s += this.term(e);
    this.reads += ends.length;
    return s;
  }
}

/** The search of one length's key: every column's decodings, the places each decides and the trigrams it touches. */
export class ColumnSearch {
  private readonly L: number;
  private readonly options: number;
  /** decoded[j][o]: column j's plain symbols under option o. */
  private readonly decoded: Int32Array[][];
  private readonly places: Int32Array[];
  /** Per column, the places of the trigrams (by their last letter) holding one of its letters. */
  private readonly ends: Int32Array[];
  private readonly grams: Trigrams;

  constructor(t: ColumnText, L: number) {
    const m = t.c.length;
    this.L = L;
    this.options = t.cipher.options;
    this.decoded = Array.from({ length: L }, (_, j) =>
      Array.from({ length: this.options }, (_, o) =>
        Int32Array.from(t.cipher.decode(t.c, L, j, o), (p) => t.sym[p] as number),
      ),
    );
    this.places = Array.from({ length: L }, (_, j) =>
      Int32Array.from({ length: Math.ceil((m - j) / L) }, (_, i) => j + i * L),
    );
    this.ends = this.places.map((ps) => {
      const touched = new Set<number>();
      for (const q of ps) for (let d = 0; d < 3 && q + d < m; d++) touched.add(q + d);
      return Int32Array.from([...touched].sort((x, y) => x - y));
    });
    this.grams = new Trigrams(m, t.ngrams);
  }

  private put(j: number, o: number): void {
    const d = this.decoded[j]?.[o] as Int32Array;
    const ps = this.places[j] as Int32Array;
    for (let i = 0; i < ps.length; i++) this.grams.plain[ps[i] as number] = d[i] as number;
  }

  private total(): number {
    let s = 0;
    for (let e = 0; e < this.grams.plain.length; e++) s += this.grams.term(e);
    this.grams.reads += this.grams.plain.length;
    return s;
  }

  /** The trigram log-likelihood of the text under `key`, read whole. */
  score(key: number[]): number {
    for (let j = 0; j < this.L; j++) this.put(j, key[j] as number);
    return this.total();
  }

  /** Sets every column to its best option with the others held, until a pass moves none; the key's likelihood. */
  private ascend(key: number[]): number {
    for (let j = 0; j < this.L; j++) this.put(j, key[j] as number);
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      let moved = false;
      for (let j = 0; j < this.L; j++) {
        const ends = this.ends[j] as Int32Array;
        let best = key[j] as number;
        let bestScore = this.grams.sum(ends);
        for (let o = 0; o < this.options; o++) {
          if (o === key[j]) continue;
          this.put(j, o);
          const s = this.grams.sum(ends);
          if (s > bestScore + 1e-9) [best, bestScore, moved] = [o, s, true];
        }
        key[j] = best;
        this.put(j, best);
      }
      if (!moved) break;
    }
    return this.total();
  }

  /**
   * The best key reached from `start` and from up to `restarts` keys, each the best so far with a few columns (a
   * quarter, at least one) set at random: a column's best option depends on its neighbours', so a key can be stuck
   * where two or three columns are wrong together. No restart starts once `reads` trigrams have been read.
   */
  search(start: number[], restarts: number, seed: number, reads = Number.POSITIVE_INFINITY): ColumnKey {
    const random = mulberry32(seed);
    const best = { key: start.slice(), ll: 0 };
    best.ll = this.ascend(best.key);
    const thrown = Math.max(1, Math.round(this.L / 4));
    for (let r = 0; r < restarts && this.grams.reads < reads; r++) {
      const key = best.key.slice();
      for (let k = 0; k < thrown; k++) key[Math.floor(random() * this.L)] = Math.floor(random() * this.options);
      const ll = this.ascend(key);
      if (ll > best.ll + 1e-9) [best.key, best.ll] = [key, ll];
    }
    return best;
  }
}
