// Scoring: every shift scored at once (the distinct n-grams counted once) against each decryption scored alone, the
// word-start correction against its formula, the start context, scoreText, softmax's temperature, logSumExp at −∞,
// and the reason given beside a confidence below one half.
import { describe, expect, it } from 'vitest';
import { DOUBTS, doubtOf } from '../../../src/analysis/confidence/index.js';
import { getModel, type Language } from '../../../src/analysis/index.js';
import {
  candidateSymbols,
  decodeSymbols,
  END_AT_WORD,
  ngramsFor,
  tokenize,
} from '../../../src/analysis/readings/index.js';
import {
  logSumExp,
  scoreText,
  shiftLogLikelihoods,
  softmax,
  symbolsLogLikelihood,
  wordStartCorrection,
} from '../../../src/analysis/scoring/score.js';
import { getWordStartTable } from '../../../src/analysis/words/index.js';
import { caesarEncrypt, namedAlphabet } from '../../../src/core/index.js';

const basic = namedAlphabet('basic');

/**
 * One decryption scored alone, by another route than shiftLogLikelihoods': decodeSymbols, then the n-grams from the
 * padded start, then "the text may end inside a word" as the boundary's probability read off one symbol more, then
 * the word-start correction of its first three symbols.
 */
function scoredAlone(text: string, language: Language, shift: number, withStart: boolean): number {
  const model = getModel(language);
  const tokens = tokenize(text, basic, model);
  const ngrams = ngramsFor(model, tokens);
  const symbols = decodeSymbols(tokens, [shift], candidateSymbols(basic, model));
  let sum = symbolsLogLikelihood(symbols, model, ngrams);
  if (tokens.open) {
    const boundary = symbolsLogLikelihood([...symbols, model.boundary], model, ngrams) - sum;
    sum += Math.log(END_AT_WORD * Math.exp(boundary) + (1 - END_AT_WORD));
  }
  if (withStart && !tokens.joined)
    sum += wordStartCorrection(symbols.subarray(0, 3), model, ngrams, getWordStartTable(language, model));
  return sum;
}

describe('shiftLogLikelihoods', () => {
  it.each([
    // Spaced, ending inside a word (open); spaced and closed by a full stop; digits and punctuation, fixed symbols;
    // letters run together; two letters; Polish and German, whose models read more symbols than A–Z.
    ['en', 'meet me at the old mill at dawn', 3, true],
    ['en', 'The quick brown fox jumps over the lazy dog.', 11, true],
    ['en', 'Call 555-0199 before 9, then ask for Room 12!', 20, true],
    ['en', 'THEQUICKBROWNFOXJUMPSOVERTHELAZYDOG', 7, false],
    ['en', 'ok', 1, true],
    // Its first cipher letter is A, code 0: the first three codes are read as cipher letters, not fixed symbols.
    ['en', 'the hour is late and the road is long', 7, true],
    ['pl', 'zazolc gesla jazn, potem idz dalej', 5, true],
    ['de', 'Falsches Ueben von Xylophonmusik quaelt jeden groesseren Zwerg', 13, false],
  ] as const)('%s %j under shift %i: each shift as scored alone', (language, plain, shift, withStart) => {
    const text = caesarEncrypt(plain, shift, basic);
    const model = getModel(language);
    const tokens = tokenize(text, basic, model);
    const start = withStart ? getWordStartTable(language, model) : undefined;
    const all = shiftLogLikelihoods(tokens, basic, model, start);
    expect(all.length).toBe(26);
    for (let s = 0; s < 26; s++) expect(all[s]).toBeCloseTo(scoredAlone(text, language, s, withStart), 9);
    if (plain.length > 10) expect(all.indexOf(Math.max(...all))).toBe(shift);
  });
});

describe('wordStartCorrection', () => {
  it('weighs the passage start (PASSAGE_START) against any word start inside a passage, on the first three symbols', () => {
    // ln(P·e^passage + (1 − P)·e^inside) − passage: passage the three symbols read from the padded start, inside the
    // table's entry for them (index s0·S² + s1·S + s2), P = 0.5.
    const model = getModel('en');
    const ngrams = model.spaced;
    const start = getWordStartTable('en', model);
    const S = model.symbolCount;
    for (const word of ['the', 'ing', 'qzx']) {
      const symbols = decodeSymbols(tokenize(word, basic, model), [0], candidateSymbols(basic, model));
      const passage = symbolsLogLikelihood(symbols, model, ngrams);
      const index = (symbols[0] as number) * S * S + (symbols[1] as number) * S + (symbols[2] as number);
      const inside = (start.first[2] as Float64Array)[index] as number;
      const want = Math.log(0.5 * Math.exp(passage) + 0.5 * Math.exp(inside)) - passage;
      expect(wordStartCorrection(symbols, model, ngrams, start)).toBeCloseTo(want, 9);
    }
    expect(wordStartCorrection([], model, ngrams, start)).toBe(0);
  });
});

describe('symbolsLogLikelihood', () => {
  it('starts from a context of boundaries alone: a boundary first changes nothing after it', () => {
    // After order − 1 boundaries, one more boundary leaves the context as it was; from any other start it would not.
    const model = getModel('en');
    const ngrams = model.spaced;
    const word = decodeSymbols(tokenize('castle', basic, model), [0], candidateSymbols(basic, model));
    const alone = symbolsLogLikelihood(word, model, ngrams);
    const first = symbolsLogLikelihood([model.boundary], model, ngrams);
    expect(symbolsLogLikelihood([model.boundary, ...word], model, ngrams)).toBeCloseTo(first + alone, 9);
    expect(symbolsLogLikelihood([], model, ngrams)).toBe(0);
  });
});

describe('scoreText', () => {
  it('reads a language by name or by its model alike, and prose above its shifts', () => {
    const plain = 'a plain sentence of english prose';
    const byName = scoreText(plain, basic, 'en');
    expect(scoreText(plain, basic, getModel('en'))).toBe(byName);
    expect(byName).toBeLessThan(0);
    for (const shift of [1, 13, 25])
      expect(scoreText(caesarEncrypt(plain, shift, basic), basic, 'en')).toBeLessThan(byName - 20);
  });
});

describe('softmax and logSumExp', () => {
  it('divides by the temperature', () => {
    // exp(ln 2 / 2) = √2 against exp(0) = 1.
    const [p, q] = softmax([0, Math.log(2)], 2);
    expect(p).toBeCloseTo(1 / (1 + Math.SQRT2), 12);
    expect(q).toBeCloseTo(Math.SQRT2 / (1 + Math.SQRT2), 12);
    expect(Array.from(softmax([1000, 1000, 1000]))).toEqual([1 / 3, 1 / 3, 1 / 3]);
  });

  it('is −∞ when every term is, and stable far from zero', () => {
    expect(logSumExp([Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY])).toBe(Number.NEGATIVE_INFINITY);
    expect(logSumExp([])).toBe(Number.NEGATIVE_INFINITY);
    expect(logSumExp([-1000, -1000])).toBeCloseTo(-1000 + Math.log(2), 9);
  });
});

describe('doubtOf', () => {
  it.each([
    // confidence, no_answer, reason: none at one half or more; "no answer" when it holds at least what every answer
    // but the best holds together (1 − confidence − no_answer), else "ambiguous".
    [0.5, 0.5, undefined],
    [0.9, 0.1, undefined],
    [0.49, 0.3, 'no_answer'],
    [0.2, 0.4, 'no_answer'], // 0.4 against 1 − 0.2 − 0.4 = 0.4: a tie is "no answer"
    [0.3, 0.2, 'ambiguous'], // 0.2 against 0.5
    [0.1, 0, 'ambiguous'],
    [0, 1, 'no_answer'],
  ] as const)('confidence %d, no_answer %d: %s', (confidence, noAnswer, reason) => {
    expect(doubtOf(confidence, noAnswer)).toBe(reason);
  });

  it('gives only the documented reasons', () => {
    expect(DOUBTS).toEqual(['no_answer', 'ambiguous']);
  });
});
