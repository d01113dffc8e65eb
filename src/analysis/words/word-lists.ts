// The committed word lists of a language: word counts and marks, word pairs, the most frequent words of each length.
import { readFileSync } from 'node:fs';
import { assetUrl, type Language, type LanguageModel, symbolChars } from '../language-model/index.js';
import { WORD_MARKS } from './word-marks.js';

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
  /**
   * markCum[m][i]: how often words[0…i−1] bore mark m, summed like cum: inside a sentence in case class m
   * (m < CASE_CLASSES: CASE_LOWER, CASE_CAPITAL, CASE_UPPER of word-marks.ts), then tied by an apostrophe
   * to the word before (m = CASE_CLASSES) and to the word after (m = CASE_CLASSES + 1).
   */
  readonly markCum: readonly Float64Array[];
  /** The same counts over every word token, and over the tokens of words not listed. */
  readonly markAll: Float64Array;
  readonly markRare: Float64Array;
}

const cache = new Map<Language, WordCounts>();

export function getWordCounts(language: Language): WordCounts {
  let w = cache.get(language);
  if (!w) {
    const text = readFileSync(assetUrl('words', `${language}.txt`), 'utf8');
    const lines = text.split('\n');
    const head = (lines[0] as string).split('\t');
    const tokens = Number(head[1]);
    const classes = (field: string | undefined): Float64Array => {
      const out = new Float64Array(WORD_MARKS);
      field?.split(' ').forEach((v, m) => {
        if (m < WORD_MARKS) out[m] = Number(v);
      });
      return out;
    };
    const words: string[] = [];
    const cum = new Float64Array(lines.length);
    const markCum = Array.from({ length: WORD_MARKS }, () => new Float64Array(lines.length));
    for (let i = 1; i < lines.length; i++) {
      const fields = (lines[i] as string).split('\t');
      if (!fields[0] || fields.length < 2) continue;
      const at = words.length;
      words.push(fields[0]);
      cum[at + 1] = (cum[at] as number) + Number(fields[1]);
      markCum.forEach((c, k) => {
        c[at + 1] = (c[at] as number) + (Number(fields[2 + k]) || 0);
      });
    }
    w = {
      words,
      cum: cum.slice(0, words.length + 1),
      index: new Map(words.map((x, i) => [x, i])),
      tokens,
      markCum: markCum.map((c) => c.slice(0, words.length + 1)),
      markAll: classes(head[2]),
      markRare: classes(head[3]),
    };
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

/** The range lo…hi−1 of the listed words starting with p (p itself included). */
export function prefixRange(w: WordCounts, p: string): [number, number] {
  return [lowerBound(w.words, p), lowerBound(w.words, `${p}\uffff`)];
}

/** How often words starting with p were seen (p itself included). */
export function prefixCount(w: WordCounts, p: string): number {
  const [from, to] = prefixRange(w, p);
  return (w.cum[to] as number) - (w.cum[from] as number);
}

/**
 * Which listed word follows which (src/analysis/words/<lang>.pairs): for listed word i, its followers
 * seen at least twice are ids[starts[i]…starts[i+1]), ascending, with cum holding the running sum of their
 * discounted counts (c − D2 for a pair seen twice, c − D3 above, the file's modified Kneser–Ney
 * discounts; a pair seen once gives all its mass to the unigram), and total[i] how often i was followed
 * by any word.
 */
export interface WordPairs {
  readonly starts: Int32Array;
  readonly ids: Int32Array;
  readonly cum: Float64Array;
  readonly total: Float64Array;
}

const pairCache = new Map<Language, WordPairs>();

export function getWordPairs(language: Language): WordPairs {
  let p = pairCache.get(language);
  if (!p) {
    const V = getWordCounts(language).words.length;
    const lines = readFileSync(assetUrl('words', `${language}.pairs`), 'utf8').split('\n');
    const [, count, d2, d3] = (lines[0] as string).split('\t');
    const P = Number(count);
    const [twice, more] = [Number(d2), Number(d3)];
    const starts = new Int32Array(V + 1);
    const ids = new Int32Array(P);
    const cum = new Float64Array(P + 1);
    const total = new Float64Array(V);
    let at = 0;
    let last = -1;
    for (let l = 1; l < lines.length; l++) {
      const [i, t, list] = (lines[l] as string).split('\t');
      if (list === undefined) continue;
      const prev = Number(i);
      for (let x = last + 1; x <= prev; x++) starts[x] = at;
      last = prev;
      total[prev] = Number(t);
      for (const pair of list.split(' ')) {
        const colon = pair.indexOf(':');
        ids[at] = Number(pair.slice(0, colon));
        const c = Number(pair.slice(colon + 1));
        cum[at + 1] = (cum[at] as number) + c - (c === 2 ? twice : more);
        at++;
      }
    }
    for (let x = last + 1; x <= V; x++) starts[x] = at;
    p = { starts, ids, cum, total };
    pairCache.set(language, p);
  }
  return p;
}

/** The first position in ids[from…to) whose id is not below id. */
function lowerId(ids: Int32Array, from: number, to: number, id: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((ids[mid] as number) < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * P(the next word is one of the listed words lo…hi−1 | the word before is listed word prev): the pairs'
 * discounted counts, plus the mass they leave spread by the unigram counts (interpolated modified
 * Kneser–Ney discounting over the unigram), or the unigram alone when prev was never seen followed.
 */
export function followerProbability(w: WordCounts, p: WordPairs, prev: number, lo: number, hi: number): number {
  const uni = ((w.cum[hi] as number) - (w.cum[lo] as number)) / w.tokens;
  const total = p.total[prev] as number;
  if (total === 0) return uni;
  const from = p.starts[prev] as number;
  const to = p.starts[prev + 1] as number;
  const a = lowerId(p.ids, from, to, lo);
  const b = lowerId(p.ids, a, to, hi);
  const seen = (p.cum[b] as number) - (p.cum[a] as number);
  const left = total - ((p.cum[to] as number) - (p.cum[from] as number));
  return (seen + left * uni) / total;
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
