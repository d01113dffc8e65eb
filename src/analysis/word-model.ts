// Word frequencies of a language, for telling real words from fluent letter salad in short decryptions.
import { readFileSync } from 'node:fs';
import { assetUrl } from './assets.js';
import type { Language } from './languages.js';
import type { LanguageModel, NgramModel } from './model.js';
import { symbolChars } from './model.js';

/**
 * Word counts of the training lines (src/analysis/words/<lang>.txt, written by scripts/build-words.ts):
 * the words seen at least twice, sorted, so that the words with a given prefix are one range.
 */
export interface WordCounts {
  readonly words: readonly string[];
  /** cum[i]: the summed counts of words[0…i−1]. */
  readonly cum: Float64Array;
  readonly index: ReadonlyMap<string, number>;
  /** Word tokens counted, rare words included. */
  readonly tokens: number;
}

const cache = new Map<Language, WordCounts>();

export function getWordCounts(language: Language): WordCounts {
  let w = cache.get(language);
  if (!w) {
    const text = readFileSync(assetUrl('words', `${language}.txt`), 'utf8');
    const lines = text.split('\n');
    const tokens = Number((lines[0] as string).split('\t')[1]);
    const words: string[] = [];
    const counts: number[] = [];
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i] as string;
      const tab = line.indexOf('\t');
      if (tab <= 0) continue;
      words.push(line.slice(0, tab));
      counts.push(Number(line.slice(tab + 1)));
    }
    const cum = new Float64Array(words.length + 1);
    for (let i = 0; i < words.length; i++) cum[i + 1] = (cum[i] as number) + (counts[i] as number);
    w = { words, cum, index: new Map(words.map((x, i) => [x, i])), tokens };
    cache.set(language, w);
  }
  return w;
}

/** The first index whose word is not below s (code-unit order). */
function lowerBound(words: readonly string[], s: string): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((words[mid] as string) < s) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** How often words starting with p were seen (p itself included). */
export function prefixCount(w: WordCounts, p: string): number {
  const from = lowerBound(w.words, p);
  const to = lowerBound(w.words, `${p}\uffff`);
  return (w.cum[to] as number) - (w.cum[from] as number);
}

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

/**
 * Scores whole words of a candidate plaintext against the word list: a word the character model
 * finds likely anyway gains little, a rare real word much, letter salad loses ln(1 − λ). The bonus
 * of a word w is ln(1 − λ + λ·P_word(w) / P_char(w)), P_char read in a fresh context: the
 * log-likelihood of a mixture of the two models, up to the context the character model sees.
 * A word cut by the end of the text is scored as a prefix: P_word is the mass of the words it begins.
 */
export class WordBonus {
  private readonly counts: WordCounts;
  private readonly chars: string[];
  private readonly ngrams: NgramModel;
  private readonly S: number;
  private readonly boundary: number;
  private readonly lambda: number;
  private readonly whole = new Map<string, number>();
  private readonly open = new Map<string, number>();
  private readonly byNumber = new NumberMemo();
  /** Longest word whose symbols, read in base S + 1 after a marker, stay below 2^53. */
  private readonly exact: number;
  private readonly unknown: number;

  constructor(model: LanguageModel, ngrams: NgramModel, lambda: number) {
    this.counts = getWordCounts(model.language);
    this.chars = symbolChars(model.alphabet);
    this.ngrams = ngrams;
    this.S = model.symbolCount;
    this.boundary = model.boundary;
    this.lambda = lambda;
    this.unknown = Math.log(1 - lambda);
    this.exact = Math.floor(52 / Math.log2(this.S + 1)) - 1;
  }

  /** The bonus of the word made of syms[from…to), cut by the text's end when `cut`. */
  score(syms: Int32Array, from: number, to: number, cut: boolean): number {
    if (to - from <= this.exact) {
      // Short words are memoised by their symbols read as one number (exact below 2^53).
      let h = cut ? 2 : 1;
      for (let i = from; i < to; i++) h = h * (this.S + 1) + (syms[i] as number) + 1;
      let v = this.byNumber.get(h);
      if (Number.isNaN(v)) {
        v = this.compute(syms, from, to, this.spell(syms, from, to), cut);
        this.byNumber.set(h, v);
      }
      return v;
    }
    const word = this.spell(syms, from, to);
    const memo = cut ? this.open : this.whole;
    let v = memo.get(word);
    if (v === undefined) {
      v = this.compute(syms, from, to, word, cut);
      memo.set(word, v);
    }
    return v;
  }

  private spell(syms: Int32Array, from: number, to: number): string {
    let word = '';
    for (let i = from; i < to; i++) word += this.chars[syms[i] as number];
    return word;
  }

  private compute(syms: Int32Array, from: number, to: number, word: string, cut: boolean): number {
    const w = this.counts;
    const at = w.index.get(word);
    const count = cut ? prefixCount(w, word) : at === undefined ? 0 : (w.cum[at + 1] as number) - (w.cum[at] as number);
    // An unknown word keeps the character model's share alone.
    if (count === 0) return this.unknown;
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
    return Math.log(1 - this.lambda + this.lambda * Math.exp(Math.log(count / w.tokens) - lp));
  }
}

/** The most frequent words of each length, as model symbols: lists[m] holds m symbols per word, likeliest first. */
export interface FrequentWords {
  readonly lists: readonly (Int32Array | undefined)[];
}

const frequent = new Map<string, FrequentWords>();

/** Up to `perLength` of the most frequent listed words of every length up to maxLength. */
export function frequentWords(model: LanguageModel, perLength: number, maxLength = 24): FrequentWords {
  const id = `${model.language}:${perLength}:${maxLength}`;
  let f = frequent.get(id);
  if (!f) {
    const w = getWordCounts(model.language);
    // The lists spell words in the model's symbol characters, a letter outside the alphabet as OTHER_CHAR.
    const symbolOf = new Map(symbolChars(model.alphabet).map((c, s) => [c, s]));
    const byLength: { count: number; word: string }[][] = Array.from({ length: maxLength + 1 }, () => []);
    w.words.forEach((word, i) => {
      const m = [...word].length;
      if (m <= maxLength)
        (byLength[m] as { count: number; word: string }[]).push({
          count: (w.cum[i + 1] as number) - (w.cum[i] as number),
          word,
        });
    });
    const lists = byLength.map((entries) => {
      if (entries.length === 0) return undefined;
      entries.sort((x, y) => y.count - x.count || (x.word < y.word ? -1 : 1));
      const kept = entries.slice(0, perLength);
      const m = [...(kept[0] as { word: string }).word].length;
      const out = new Int32Array(kept.length * m);
      kept.forEach(({ word }, k) => {
        [...word].forEach((ch, i) => {
          out[k * m + i] = symbolOf.get(ch) ?? -1;
        });
      });
      return out;
    });
    f = { lists };
    frequent.set(id, f);
  }
  return f;
}
