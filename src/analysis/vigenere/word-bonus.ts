// The word bonus: whole words of a candidate plaintext scored against the word lists, real words against letter salad.
import { type LanguageModel, type NgramModel, symbolChars } from '../language-model/index.js';
import {
  CASE_CLASSES,
  followerProbability,
  getWordCounts,
  getWordPairs,
  JOIN_STATES,
  prefixRange,
  WORD_MARKS,
  type WordCounts,
  type WordPairs,
} from '../words/index.js';

/**
 * A hash map from positive integers below 2^53 to numbers, open addressing in typed arrays: the word
 * bonus looks a word up once per n-gram evaluation, and a Map keyed by doubles costs several times more.
 */
class NumberMemo {
  private keys = new Float64Array(1024);
  private values = new Float64Array(1024);
  private size = 0;

  /** The value stored for key (≥ 1), or NaN. */
  get(key: number): number {
    const mask = this.keys.length - 1;
    for (let i = this.slot(key, mask); ; i = (i + 1) & mask) {
      const k = this.keys[i] as number;
      if (k === key) return this.values[i] as number;
      if (k === 0) return Number.NaN;
    }
  }

  set(key: number, value: number): void {
    if (2 * (this.size + 1) > this.keys.length) this.grow();
    const mask = this.keys.length - 1;
    let i = this.slot(key, mask);
    while (this.keys[i] !== 0 && this.keys[i] !== key) i = (i + 1) & mask;
    if (this.keys[i] === 0) this.size++;
    this.keys[i] = key;
    this.values[i] = value;
  }

  private slot(key: number, mask: number): number {
    const lo = key >>> 0;
    const hi = (key / 4294967296) >>> 0;
    // MurmurHash3's finaliser: every bit of the key reaches the low bits the mask keeps.
    let x = lo ^ Math.imul(hi, 0x9e3779b1);
    x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
    x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
    return (x ^ (x >>> 16)) & mask;
  }

  private grow(): void {
    const keys = this.keys;
    const values = this.values;
    this.keys = new Float64Array(2 * keys.length);
    this.values = new Float64Array(2 * keys.length);
    this.size = 0;
    for (let i = 0; i < keys.length; i++)
      if ((keys[i] as number) !== 0) this.set(keys[i] as number, values[i] as number);
  }
}

/** Weight, in word tokens, of all words' marks in the smoothed marks of one word. */
const MARK_SMOOTHING = 2;

/** A word's share `seen / of` of a mark, smoothed toward all words' share p. */
const smoothed = (seen: number, of: number, p: number): number => (seen + MARK_SMOOTHING * p) / (of + MARK_SMOOTHING);

/** A copy of x in an array twice as long. */
function grown<T extends Int32Array | Float64Array | Uint8Array>(x: T): T {
  const y = new (x.constructor as new (n: number) => T)(2 * x.length);
  y.set(x);
  return y;
}
/** Per word id: its case classes' scores, then those of not being and of being joined before, and after. */
const MARK_SLOTS = CASE_CLASSES + 4;

/** Bits of a word's local id in a pair memo key (the ids of one analysis stay far below). */
const LOCAL_BITS = 2 ** 24;

/**
 * Scores whole words of a candidate plaintext against the word list: a word the character model
 * finds likely anyway gains little, a rare real word much, letter salad loses ln(1 − λ). The bonus
 * of a word w is ln(1 − λ + λ·P_word(w) / P_char(w)), P_char read in a fresh context: the
 * log-likelihood of a mixture of the two models, up to the context the character model sees.
 * P_word is the word's unigram probability, or with pairs (and a listed word before it) the probability
 * of following that word. A word cut by the text's end is scored as a prefix: P_word is then the mass of
 * the words it begins.
 */
export class WordBonus {
  private readonly counts: WordCounts;
  private readonly pairTable: WordPairs | undefined;
  /** Whether words are scored as followers of the word before them. */
  readonly pairs: boolean;
  private readonly chars: string[];
  private readonly ngrams: NgramModel;
  private readonly S: number;
  private readonly boundary: number;
  private readonly lambda: number;
  /** Local ids of the words met so far: short words by their symbols read as a number, long ones by spelling. */
  private readonly byNumber = new NumberMemo();
  private readonly byString = new Map<string, number>();
  /** Per local id: its range lo…hi−1 in the word list (empty when unlisted), P_char, the unigram bonus. */
  private lo: Int32Array = new Int32Array(256);
  private hi: Int32Array = new Int32Array(256);
  private charLogProb: Float64Array = new Float64Array(256);
  private unigram: Float64Array = new Float64Array(256);
  /**
   * markLog[id·MARK_SLOTS + …]: ln P(mark | the word) − ln P(mark) for each case class of a word inside a
   * sentence, then for not being and for being tied by an apostrophe to the word before, and to the word after.
   */
  private markLog: Float64Array = new Float64Array(256 * MARK_SLOTS);
  /** Per local id: 1 once markLog holds its scores. */
  private marked: Uint8Array = new Uint8Array(256);
  /** P(mark) over all word tokens: the case classes inside sentences, then the two joins. */
  private readonly markPrior: Float64Array;
  private locals = 0;
  private readonly byPair = new NumberMemo();
  /** Longest word whose symbols, read in base S + 1 after a marker, stay below 2^53. */
  private readonly exact: number;
  private readonly unknown: number;

  constructor(model: LanguageModel, ngrams: NgramModel, lambda: number, pairs = false) {
    this.counts = getWordCounts(model.language);
    this.pairs = pairs;
    this.pairTable = pairs ? getWordPairs(model.language) : undefined;
    this.chars = symbolChars(model.alphabet);
    this.ngrams = ngrams;
    this.S = model.symbolCount;
    this.boundary = model.boundary;
    this.lambda = lambda;
    this.unknown = Math.log(1 - lambda);
    this.exact = Math.floor(52 / Math.log2(this.S + 1)) - 1;
    const all = this.counts.markAll;
    let inside = 0;
    for (let c = 0; c < CASE_CLASSES; c++) inside += all[c] as number;
    this.markPrior = Float64Array.from(all, (c, m) =>
      m < CASE_CLASSES ? (inside > 0 ? c / inside : 0) : c / this.counts.tokens,
    );
  }

  /**
   * What the way word `id` (from wordId) is written adds: inside a sentence in case class cls (CASE_NONE for
   * no evidence), and with joins (joinState in word-marks.ts: whether an apostrophe ties it to the word before
   * and after, or unseen); each ln P(mark | word) − ln P(mark), the word's own counts smoothed toward all words', an
   * unlisted word read as the words the list left out. "I" gains as a capital and loses in lower case, an
   * acronym in capitals stops losing to a common word never written so, "s" gains after "sow'".
   */
  markScore(id: number, cls: number, joins: number): number {
    if (cls < 0 && joins === 0) return 0;
    // Most words never show a mark (a text in one case, no apostrophes): their mark scores are filled on demand.
    if (this.marked[id] === 0) {
      this.fillMarks(id, this.lo[id] as number, this.hi[id] as number);
      this.marked[id] = 1;
    }
    const at = id * MARK_SLOTS;
    let v = cls < 0 ? 0 : (this.markLog[at + cls] as number);
    const before = joins % JOIN_STATES;
    const after = (joins - before) / JOIN_STATES;
    if (before > 0) v += this.markLog[at + CASE_CLASSES + before - 1] as number;
    if (after > 0) v += this.markLog[at + CASE_CLASSES + 1 + after] as number;
    return v;
  }

  /**
   * The bonus of the word made of syms[from…to), cut by the text's end when `cut`; prevFrom…prevTo is the
   * whole word before it (prevFrom < 0 for none).
   */
  score(syms: Int32Array, from: number, to: number, cut: boolean, prevFrom = -1, prevTo = -1): number {
    return this.follower(this.wordId(syms, from, to, cut), syms, prevFrom, prevTo);
  }

  /** The bonus of word `id` (from wordId) read alone. */
  alone(id: number): number {
    return this.unigram[id] as number;
  }

  /** The bonus of word `id` (from wordId) after the whole word syms[prevFrom…prevTo) (prevFrom < 0 for none). */
  follower(id: number, syms: Int32Array, prevFrom: number, prevTo: number): number {
    if (!this.pairTable || prevFrom < 0) return this.unigram[id] as number;
    const lo = this.lo[id] as number;
    const hi = this.hi[id] as number;
    if (lo === hi) return this.unknown;
    const prev = this.wordId(syms, prevFrom, prevTo, false);
    const listed = this.lo[prev] as number;
    if (listed === this.hi[prev]) return this.unigram[id] as number;
    const key = prev * LOCAL_BITS + id + 1;
    let v = this.byPair.get(key);
    if (Number.isNaN(v)) {
      const p = followerProbability(this.counts, this.pairTable, listed, lo, hi);
      v = this.mix(p, this.charLogProb[id] as number);
      this.byPair.set(key, v);
    }
    return v;
  }

  /** How many distinct words this scorer has met (each read from the word lists once). */
  get size(): number {
    return this.locals;
  }

  private mix(pWord: number, charLogProb: number): number {
    return Math.log(1 - this.lambda + this.lambda * Math.exp(Math.log(pWord) - charLogProb));
  }

  /**
   * The id of the word syms[from…to) (cut by the text's end when `cut`) within this scorer, assigned (and its
   * tables filled) the first time it is met, so that scoring it alone and as a follower reads it once.
   */
  wordId(syms: Int32Array, from: number, to: number, cut: boolean): number {
    if (to - from <= this.exact) {
      let h = cut ? 2 : 1;
      for (let i = from; i < to; i++) h = h * (this.S + 1) + (syms[i] as number) + 1;
      let v = this.byNumber.get(h);
      if (Number.isNaN(v)) {
        v = this.add(syms, from, to, this.spell(syms, from, to), cut);
        this.byNumber.set(h, v);
      }
      return v;
    }
    const word = this.spell(syms, from, to);
    const id = `${cut ? '+' : '='}${word}`;
    let v = this.byString.get(id);
    if (v === undefined) {
      v = this.add(syms, from, to, word, cut);
      this.byString.set(id, v);
    }
    return v;
  }

  private fillMarks(id: number, lo: number, hi: number): void {
    const w = this.counts;
    const prior = this.markPrior;
    const listed = lo < hi;
    const m = new Float64Array(WORD_MARKS);
    for (let k = 0; k < WORD_MARKS; k++) {
      const cum = w.markCum[k] as Float64Array;
      m[k] = listed ? (cum[hi] as number) - (cum[lo] as number) : (w.markRare[k] as number);
    }
    let inside = 0;
    for (let c = 0; c < CASE_CLASSES; c++) inside += m[c] as number;
    const tokens = listed ? (w.cum[hi] as number) - (w.cum[lo] as number) : w.tokens - (w.cum.at(-1) as number);
    const at = id * MARK_SLOTS;
    for (let c = 0; c < CASE_CLASSES; c++) {
      const p = prior[c] as number;
      this.markLog[at + c] = p > 0 ? Math.log(smoothed(m[c] as number, inside, p)) - Math.log(p) : 0;
    }
    for (let j = 0; j < 2; j++) {
      const p = prior[CASE_CLASSES + j] as number;
      const q = smoothed(m[CASE_CLASSES + j] as number, tokens, p);
      const ok = p > 0 && p < 1;
      this.markLog[at + CASE_CLASSES + 2 * j] = ok ? Math.log(1 - q) - Math.log(1 - p) : 0;
      this.markLog[at + CASE_CLASSES + 2 * j + 1] = ok ? Math.log(q) - Math.log(p) : 0;
    }
  }

  private spell(syms: Int32Array, from: number, to: number): string {
    let word = '';
    for (let i = from; i < to; i++) word += this.chars[syms[i] as number];
    return word;
  }

  private add(syms: Int32Array, from: number, to: number, word: string, cut: boolean): number {
    const id = this.locals++;
    if (id === this.lo.length) {
      this.lo = grown(this.lo);
      this.hi = grown(this.hi);
      this.charLogProb = grown(this.charLogProb);
      this.unigram = grown(this.unigram);
      this.markLog = grown(this.markLog);
      this.marked = grown(this.marked);
    }
    const w = this.counts;
    let lo: number;
    let hi: number;
    if (cut) [lo, hi] = prefixRange(w, word);
    else {
      const at = w.index.get(word);
      lo = at ?? 0;
      hi = at === undefined ? 0 : at + 1;
    }
    this.lo[id] = lo;
    this.hi[id] = hi;
    const count = (w.cum[hi] as number) - (w.cum[lo] as number);
    // An unknown word keeps the character model's share alone.
    if (count === 0) {
      this.unigram[id] = this.unknown;
      return id;
    }
    const { S, ngrams, boundary } = this;
    const contexts = ngrams.contexts;
    let ctx = 0;
    for (let i = 0; i < ngrams.order - 1; i++) ctx = ctx * S + boundary;
    let lp = 0;
    for (let i = from; i < to; i++) {
      const c = syms[i] as number;
      lp += ngrams.logProb(ctx, c);
      ctx = (ctx * S + c) % contexts;
    }
    if (!cut) lp += ngrams.logProb(ctx, boundary);
    this.charLogProb[id] = lp;
    this.unigram[id] = this.mix(count / w.tokens, lp);
    return id;
  }
}
