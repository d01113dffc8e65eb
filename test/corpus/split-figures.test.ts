// The split's figures (scripts/corpus/split-figures.ts) on a hand-made file: passages, letters, out-of-vocabulary rates, copies in training.
import { describe, expect, it } from 'vitest';
import type { Part } from '../../scripts/corpus/split.js';
import { copiesOf, splitFigures } from '../../scripts/corpus/split-figures.js';

const ROWS: [Part, string][] = [
  ['train', 'the cat sat'],
  ['train', 'a dog ran'],
  ['dev', 'the dog sat'],
  ['validation', 'The cat sat!'],
  ['validation', 'a bird flew'],
  ['final', 'the cow sat'],
  ['final', ''],
];
const lines = ROWS.map(([, l]) => l);
const part = (i: number): Part => (ROWS[i] as [Part, string])[0];
const trainOrDev = (i: number): boolean => part(i) === 'train' || part(i) === 'dev';

describe('splitFigures', () => {
  it('measures each part against the training part’s words, and finds evaluation lines copied into training', () => {
    const f = splitFigures(lines, part, trainOrDev, () => true);
    expect(f.train).toEqual({ passages: 2, letters: 16, tokens: 6, oov: 0, copiesInTraining: 0 });
    // "the dog sat": every word was seen in training.
    expect(f.dev).toEqual({ passages: 1, letters: 9, tokens: 3, oov: 0, copiesInTraining: 0 });
    // "The cat sat!" is "the cat sat" again (case and punctuation ignored); "bird" and "flew" are new: 2 of 6.
    expect(f.validation).toEqual({ passages: 2, letters: 18, tokens: 6, oov: 2 / 6, copiesInTraining: 1 });
    // The blank line is no passage; "cow" is new: 1 of 3.
    expect(f.final).toEqual({ passages: 1, letters: 9, tokens: 3, oov: 1 / 3, copiesInTraining: 0 });
  });

  it('reports on the lines in scope only, against the same vocabulary', () => {
    const f = splitFigures(lines, part, trainOrDev, (i) => i !== 3);
    expect(f.validation).toEqual({ passages: 1, letters: 9, tokens: 3, oov: 2 / 3, copiesInTraining: 0 });
  });

  it('takes the vocabulary from counted training lines only', () => {
    const f = splitFigures(
      lines,
      part,
      (i) => i === 1 || i === 2,
      () => true,
    );
    // Only "a dog ran" is counted training: "the", "cat" and "sat" are new in "The cat sat!", as are "bird" and "flew".
    expect(f.validation.oov).toBeCloseTo(5 / 6);
    expect(f.validation.copiesInTraining).toBe(0);
  });
});

describe('copiesOf', () => {
  it('counts the passages with a copy among the lines, case and punctuation ignored, blank lines never', () => {
    expect(copiesOf(['The cat sat.', 'THE COW SAT', ''], lines)).toBe(2);
    expect(copiesOf(['the cat', 'a bird flew away'], lines)).toBe(0);
  });
});
