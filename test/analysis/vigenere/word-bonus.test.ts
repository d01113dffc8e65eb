// The word bonus of the Vigenère analyser's short texts: real words against letter salad, words after the words before.
import { describe, expect, it } from 'vitest';
import { getModel, type LANGUAGES } from '../../../src/analysis/index.js';
import { WordBonus } from '../../../src/analysis/vigenere/word-bonus.js';

/** The model symbols of a lower-case word. */
function symbols(word: string, language: (typeof LANGUAGES)[number]): Int32Array {
  const model = getModel(language);
  return Int32Array.from([...word], (ch) => model.symbolOf(ch.codePointAt(0) as number));
}

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

  it('with pairs, scores a word as the follower of the word before it', () => {
    const paired = new WordBonus(model, model.spaced, 0.5, true);
    const follower = (prev: string, word: string): number => {
      const s = symbols(`${prev}${word}`, 'en');
      const cut = [...prev].length;
      return paired.score(s, cut, s.length, false, 0, cut);
    };
    expect(follower('the', 'ground')).toBeGreaterThan(follower('are', 'ground'));
    expect(follower('no', 'difference')).toBeGreaterThan(score('difference'));
    // Letter salad before a word, or no word at all, leaves its score alone.
    expect(follower('qxzv', 'ground')).toBeCloseTo(score('ground'), 12);
    const s = symbols('ground', 'en');
    expect(paired.score(s, 0, s.length, false)).toBeCloseTo(score('ground'), 12);
    // A word the list lacks stays at ln(1 − λ) after any word.
    expect(follower('the', 'chainter')).toBeCloseTo(Math.log(0.5), 10);
  });
});
