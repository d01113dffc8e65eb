// The word lists the Vigenère analyser reads on short texts: word counts, word pairs, the most frequent words.
import { describe, expect, it } from 'vitest';
import { getModel, LANGUAGES } from '../../../src/analysis/index.js';
import { symbolChars } from '../../../src/analysis/language-model/index.js';
import {
  followerProbability,
  frequentWords,
  getWordCounts,
  getWordPairs,
  prefixCount,
} from '../../../src/analysis/words/word-lists.js';

describe('word counts', () => {
  it('loads a sorted list for every language', () => {
    for (const language of LANGUAGES) {
      const w = getWordCounts(language);
      expect(w.tokens).toBeGreaterThan(100_000);
      expect(w.words.length).toBeGreaterThan(5_000);
      for (let i = 1; i < w.words.length; i++) expect((w.words[i - 1] as string) < (w.words[i] as string)).toBe(true);
      expect(w.cum.at(-1)).toBeLessThanOrEqual(w.tokens);
    }
  });

  it('counts every word a prefix begins', () => {
    const w = getWordCounts('en');
    const the = w.index.get('the') as number;
    const count = (w.cum[the + 1] as number) - (w.cum[the] as number);
    expect(count).toBeGreaterThan(1_000);
    expect(prefixCount(w, 'the')).toBeGreaterThan(count);
    expect(prefixCount(w, 'th')).toBeGreaterThan(prefixCount(w, 'the'));
    expect(prefixCount(w, 'qxz')).toBe(0);
  });
});

describe('word pairs', () => {
  it('loads followers in ascending order, each seen at least twice, for every listed word of every language', () => {
    for (const language of LANGUAGES) {
      const w = getWordCounts(language);
      const p = getWordPairs(language);
      expect(p.starts.length).toBe(w.words.length + 1);
      expect(p.starts.at(-1)).toBe(p.ids.length);
      expect(p.ids.length).toBeGreaterThan(10_000);
      // Counted in plain loops: an expect per pair would take seconds.
      const bad = { order: 0, rare: 0, total: 0 };
      for (let i = 0; i < w.words.length; i++) {
        const from = p.starts[i] as number;
        const to = p.starts[i + 1] as number;
        for (let x = from; x < to; x++) {
          if (x > from && (p.ids[x] as number) <= (p.ids[x - 1] as number)) bad.order++;
          // The discounted count of a pair seen twice or more: at least 2 − D2, D2 below 1.5.
          if ((p.cum[x + 1] as number) - (p.cum[x] as number) < 0.5) bad.rare++;
        }
        // The followers kept are some of all the words that followed.
        if ((p.cum[to] as number) - (p.cum[from] as number) > (p.total[i] as number)) bad.total++;
      }
      expect(bad).toEqual({ order: 0, rare: 0, total: 0 });
    }
  });

  const w = getWordCounts('en');
  const p = getWordPairs('en');
  const id = (word: string): number => w.index.get(word) as number;
  const one = (prev: string, word: string): number => followerProbability(w, p, id(prev), id(word), id(word) + 1);

  it('makes a word likelier after the words it follows in the corpus', () => {
    const uni = (word: string): number => ((w.cum[id(word) + 1] as number) - (w.cum[id(word)] as number)) / w.tokens;
    expect(one('of', 'the')).toBeGreaterThan(3 * uni('the'));
    expect(one('the', 'ground')).toBeGreaterThan(one('are', 'ground'));
    expect(one('no', 'difference')).toBeGreaterThan(one('to', 'difference'));
  });

  it('gives a range of words the sum of their probabilities, and all listed words at most 1', () => {
    const lo = w.words.findIndex((x) => x.startsWith('th'));
    const hi = lo + w.words.slice(lo).findIndex((x) => !x.startsWith('th'));
    let sum = 0;
    for (let j = lo; j < hi; j++) sum += followerProbability(w, p, id('of'), j, j + 1);
    expect(followerProbability(w, p, id('of'), lo, hi)).toBeCloseTo(sum, 12);
    for (const prev of ['the', 'of', 'and', 'zebra'].filter((x) => w.index.has(x)))
      expect(followerProbability(w, p, id(prev), 0, w.words.length)).toBeLessThanOrEqual(1);
  });
});

describe('frequentWords', () => {
  it('lists each length most frequent first, m model symbols per word', () => {
    const model = getModel('en');
    const w = getWordCounts('en');
    const lists = frequentWords(model, 50).lists;
    const countOf = (word: string): number => {
      const i = w.index.get(word) as number;
      return (w.cum[i + 1] as number) - (w.cum[i] as number);
    };
    const chars = symbolChars(model.alphabet);
    const spell = (list: Int32Array, m: number, k: number): string =>
      Array.from(list.subarray(k * m, (k + 1) * m), (s) => chars[s]).join('');
    const three = lists[3] as Int32Array;
    expect(three.length).toBe(3 * 50);
    expect(spell(three, 3, 0)).toBe('the');
    for (let m = 1; m <= 24; m++) {
      const list = lists[m];
      if (!list) continue;
      expect(list.length % m).toBe(0);
      const words = Array.from({ length: list.length / m }, (_, k) => spell(list, m, k));
      for (const word of words) expect([...word].length).toBe(m);
      for (let k = 1; k < words.length; k++)
        expect(countOf(words[k - 1] as string)).toBeGreaterThanOrEqual(countOf(words[k] as string));
    }
  });

  it('spells Polish words in the Polish alphabet, letters outside it as "other letter"', () => {
    const model = getModel('pl');
    const chars = symbolChars(model.alphabet);
    const all = frequentWords(model, 2000).lists.flatMap((list) => (list ? Array.from(list) : []));
    expect(all.every((s) => s >= 0 && s < model.symbolCount && s !== model.boundary)).toBe(true);
    expect(all.some((s) => chars[s] === 'ą')).toBe(true);
    // Words such as "müller" hold a ü, which Polish text keeps unenciphered.
    expect(all.some((s) => s === model.other)).toBe(true);
  });
});
