// The word statistics the Vigenère analyser uses on short texts: the committed lists and the bonus.
import { describe, expect, it } from 'vitest';
import { getModel, LANGUAGES } from '../../src/analysis/index.js';
import { getWordCounts, prefixCount, WordBonus } from '../../src/analysis/word-model.js';

/** The model symbols of a lower-case word. */
function symbols(word: string, language: (typeof LANGUAGES)[number]): Int32Array {
  const model = getModel(language);
  return Int32Array.from([...word], (ch) => model.symbolOf(ch.codePointAt(0) as number));
}

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

describe('WordBonus', () => {
  const model = getModel('en');
  const bonus = new WordBonus(model, model.spaced, 0.5);
  const score = (word: string, cut = false): number => {
    const s = symbols(word, 'en');
    return bonus.score(s, 0, s.length, cut);
  };

  it('rewards real words and costs letter salad ln(1 − λ)', () => {
    expect(score('difference')).toBeGreaterThan(0.5);
    expect(score('chainter')).toBeCloseTo(Math.log(0.5), 10);
    expect(score('difference')).toBeGreaterThan(score('diffeqence'));
  });

  it('reads a word cut by the end of the text as a prefix', () => {
    expect(score('differ', true)).toBeGreaterThan(0);
    expect(score('qxzv', true)).toBeCloseTo(Math.log(0.5), 10);
  });
});
