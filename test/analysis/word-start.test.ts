// Word-start tables: the committed files match their generator, and texts may begin inside a passage.
import { describe, expect, it } from 'vitest';
import { corpusLines, isHeldOutLine, mixFilter } from '../../scripts/corpus.js';
import { getModel, LANGUAGES } from '../../src/analysis/index.js';
import { wordStartCorrection } from '../../src/analysis/score.js';
import { candidateSymbols, decodeSymbols, tokenize } from '../../src/analysis/tokens.js';
import {
  buildWordStartTable,
  getWordStartTable,
  PASSAGE_START,
  readWordStartTable,
} from '../../src/analysis/word-start.js';
import { namedAlphabet } from '../../src/core/index.js';

/** The lines scripts/build-start-tables.ts counts: every line of each source's share but the held-out ones. */
const trainingLines = (): string[] => {
  const inMix = mixFilter('en');
  return corpusLines('en').filter((l, i) => !isHeldOutLine(i) && inMix(i) && l.trim() !== '');
};

describe('word-start tables', () => {
  it('src/analysis/start/en.bin is what scripts/build-start-tables.ts computes from the shipped model', () => {
    const model = getModel('en');
    const built = buildWordStartTable(model, trainingLines());
    const file = getWordStartTable('en', model);
    const logs = file.first[2];
    expect(logs.length).toBe(built.length);
    for (let i = 0; i < built.length; i++) {
      // float32 on disk: relative error below 1e-7.
      expect(Math.abs(Math.exp(logs[i] as number) - (built[i] as number))).toBeLessThanOrEqual(
        1e-7 * (built[i] as number) + 1e-30,
      );
    }
  }, 30_000);

  it.each(LANGUAGES)(
    '%s: first symbols are a distribution, its shorter prefixes the sums of the longer',
    (language) => {
      const model = getModel(language);
      const { first, symbolCount: S } = getWordStartTable(language, model);
      expect(S).toBe(model.symbolCount);
      const mass = (logs: Float64Array): number => logs.reduce((sum, v) => sum + Math.exp(v), 0);
      // Letters outside the model's alphabet are spread over many characters, so the mass is at most 1.
      expect(mass(first[0])).toBeLessThanOrEqual(1 + 1e-9);
      expect(mass(first[0])).toBeGreaterThan(0.95);
      expect(mass(first[1])).toBeCloseTo(mass(first[0]), 6);
      expect(mass(first[2])).toBeCloseTo(mass(first[0]), 6);
      // The most likely word starts are ordinary words, not the capital-heavy starts of passages.
      let best = 0;
      first[2].forEach((v, i) => {
        if (v > (first[2][best] as number)) best = i;
      });
      expect(Math.floor(best / S ** 2)).toBeLessThan(model.letterCount);
    },
  );

  it('rejects a file of the wrong size', () => {
    expect(() => readWordStartTable(new Uint8Array(12), 28)).toThrow(/bytes/);
  });

  it('mixes the passage start with a word inside one, and changes nothing past the third symbol', () => {
    const model = getModel('en');
    const a = namedAlphabet('basic');
    const start = getWordStartTable('en', model);
    const symbols = (text: string): Int32Array =>
      decodeSymbols(tokenize(text, a, model, 'spaced'), [0], candidateSymbols(a, model));
    // "of the" mid-sentence is far likelier than a passage opening with it; "The" opens passages.
    const inside = wordStartCorrection(symbols('of the'), model, model.spaced, start);
    expect(inside).toBeGreaterThan(0);
    for (const text of ['The cat', 'of the', 'xq', 'a']) {
      const c = wordStartCorrection(symbols(text), model, model.spaced, start);
      // log(π·P + (1−π)·Q) − log P ≥ log π.
      expect(c).toBeGreaterThanOrEqual(Math.log(PASSAGE_START) - 1e-12);
      expect(Number.isFinite(c)).toBe(true);
    }
    expect(wordStartCorrection(new Int32Array(0), model, model.spaced, start)).toBe(0);
    const long = symbols('of the people');
    expect(wordStartCorrection(long, model, model.spaced, start)).toBe(
      wordStartCorrection(long.subarray(0, 3), model, model.spaced, start),
    );
  });
});
