// Completion by words: the rare letters of a spaced cryptogram read as the listed words that fit, frequent and
// pinned letters never moved, a reading kept only when the full score rises.
import { describe, expect, it } from 'vitest';
import { completeByWords, type WordsView } from '../../../src/analysis/substitution/complete.js';
import { ABC, viewOf } from '../../support/words-view.js';

/** The identity key with the plain letters of each pair of cipher letters swapped. */
function keyWith(...swaps: [string, string][]): Int32Array {
  const key = Int32Array.from(ABC.keys());
  for (const [x, y] of swaps) {
    const [i, j] = [ABC.indexOf(x), ABC.indexOf(y)];
    [key[i], key[j]] = [key[j] as number, key[i] as number];
  }
  return key;
}

/** A full score that counts the letters of listed words (and nothing else), as the word bonus does. */
function scoreOf(v: WordsView, listed: Set<string>) {
  return (key: Int32Array) =>
    v.spans.reduce((sum, [from, to]) => {
      const w = Array.from(v.codes.subarray(from, to), (x) => v.charOf[key[x] as number]).join('');
      return sum + (listed.has(w) ? w.length : 0);
    }, 0);
}

const TEXT = 'the quick brown fox jumps over the lazy dog';
const WORDS = ['the', 'quick', 'brown', 'fox', 'jumps', 'over', 'lazy', 'dog', 'quack'];

describe('completeByWords', () => {
  it('reads two rare letters swapped with each other as the listed words they spell', () => {
    const v = viewOf(TEXT, WORDS);
    const full = scoreOf(v, new Set(WORDS));
    const wrong = keyWith(['q', 'z']); // "the zuick brown fox jumps over the laqy dog"
    const got = completeByWords(v, { plainOf: wrong, score: full(wrong) }, full);
    expect(Array.from(got.plainOf)).toEqual(Array.from(keyWith()));
    expect(got.score).toBe(full(keyWith()));
  });

  it('gives a rare letter a plain letter the text does not use', () => {
    // "lazy" read as "laxy": z (seen once) takes back its cell from x, which the text never shows.
    const text = 'the lazy dog';
    const v = viewOf(text, ['the', 'lazy', 'dog']);
    const full = scoreOf(v, new Set(['the', 'lazy', 'dog']));
    const wrong = keyWith(['z', 'x']);
    const got = completeByWords(v, { plainOf: wrong, score: full(wrong) }, full);
    expect(got.plainOf[ABC.indexOf('z')]).toBe(ABC.indexOf('z'));
  });

  it('never moves a frequent letter, nor a pinned one, whatever the words say', () => {
    // o is seen four times: "brown" read as "brawn" would need o's cell; q is pinned to z.
    const v = viewOf(TEXT, [...WORDS, 'brawn'], { q: 'z' });
    const full = scoreOf(v, new Set([...WORDS, 'brawn']));
    const start = keyWith(['q', 'z']);
    const got = completeByWords(v, { plainOf: start, score: full(start) }, full);
    expect(got.plainOf[ABC.indexOf('o')]).toBe(ABC.indexOf('o'));
    expect(got.plainOf[ABC.indexOf('q')]).toBe(ABC.indexOf('z'));
  });

  it('keeps the key it was given when no reading scores higher', () => {
    const v = viewOf(TEXT, WORDS);
    const full = scoreOf(v, new Set(WORDS));
    const right = { plainOf: keyWith(), score: full(keyWith()) };
    expect(completeByWords(v, right, full)).toBe(right);
  });
});
