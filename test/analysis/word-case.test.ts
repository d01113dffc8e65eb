// The case of a word inside a sentence: how text is read for it, and what it tells the Vigenère word scoring.
import { describe, expect, it } from 'vitest';
import { getModel, LANGUAGES } from '../../src/analysis/index.js';
import { tokenize } from '../../src/analysis/score.js';
import {
  CASE_CAPITAL,
  CASE_LOWER,
  CASE_NONE,
  CASE_UPPER,
  CaseReader,
  letterCase,
} from '../../src/analysis/word-case.js';
import { getWordCounts, WordBonus } from '../../src/analysis/word-model.js';
import { namedAlphabet } from '../../src/core/index.js';

/** Each word of text and its class, read the way scripts/build-words.ts reads training lines. */
function classes(text: string): [string, number][] {
  const reader = new CaseReader();
  const out: [string, number][] = [];
  let word = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    if (/\p{L}/u.test(ch)) {
      word += ch;
      reader.letter(cp);
      continue;
    }
    const cls = reader.separator(cp);
    if (word) out.push([word, cls]);
    word = '';
  }
  const cls = reader.end();
  if (word) out.push([word, cls]);
  return out;
}

describe('letterCase', () => {
  it.each([
    ['A', 1],
    ['z', 2],
    ['Ż', 1],
    ['ß', 2],
    ['ẞ', 1],
    ['É', 1],
    ['7', 0],
    ['-', 0],
  ])('%s is %i', (ch, expected) => {
    expect(letterCase(ch.codePointAt(0) as number)).toBe(expected);
  });
});

describe('CaseReader', () => {
  it('classes the words inside a sentence, and no word that may start one', () => {
    expect(classes('Hello world, I said DNS is Fine. The end')).toEqual([
      ['Hello', CASE_NONE],
      ['world', CASE_LOWER],
      ['I', CASE_CAPITAL],
      ['said', CASE_LOWER],
      ['DNS', CASE_UPPER],
      ['is', CASE_LOWER],
      ['Fine', CASE_CAPITAL],
      ['The', CASE_NONE],
      ['end', CASE_LOWER],
    ]);
  });

  it('gives no class after other punctuation, to mixed case, or to a lone upper-case letter read as capitals', () => {
    expect(classes('a five-Dollar (Note) "Quote" McDonald iPhone A')).toEqual([
      ['a', CASE_NONE],
      ['five', CASE_LOWER],
      ['Dollar', CASE_NONE],
      ['Note', CASE_NONE],
      ['Quote', CASE_NONE],
      ['McDonald', CASE_NONE],
      ['iPhone', CASE_NONE],
      ['A', CASE_CAPITAL],
    ]);
  });

  it('reads German and Polish letters by their own case', () => {
    expect(classes('und groß Straße ŻÓŁW')).toEqual([
      ['und', CASE_NONE],
      ['groß', CASE_LOWER],
      ['Straße', CASE_CAPITAL],
      ['ŻÓŁW', CASE_UPPER],
    ]);
  });
});

describe('tokenize: case classes', () => {
  const model = getModel('en');
  const a = namedAlphabet('basic');

  it('marks the first code of each word inside a sentence with its class', () => {
    const tokens = tokenize('Qeb nrfzh, I pxfa DNS', a, model, 'spaced');
    const marked = [...(tokens.caseAt as Int8Array)].flatMap((c, i) => (c === CASE_NONE ? [] : [[i, c]]));
    // Words start at codes 0, 4, 10, 12 and 17 (", " is one boundary; "Qeb" starts the text: no class).
    expect(marked).toEqual([
      [4, CASE_LOWER],
      [10, CASE_CAPITAL],
      [12, CASE_LOWER],
      [17, CASE_UPPER],
    ]);
  });

  it('keeps no classes for a text in one case, or one whose spaces are not word breaks', () => {
    expect(tokenize('QEB NRFZH, I PXFA DNS', a, model, 'spaced').caseAt).toBeUndefined();
    expect(tokenize('qeb nrfzh, i pxfa dns', a, model, 'spaced').caseAt).toBeUndefined();
    expect(tokenize('QebnrfzhIpxfaDNS', a, model, 'joined').caseAt).toBeUndefined();
  });
});

describe('WordBonus.caseScore', () => {
  const model = getModel('en');
  const bonus = new WordBonus(model, model.spaced, 0.5, true);
  const id = (word: string): number => {
    const s = Int32Array.from([...word], (ch) => model.symbolOf(ch.codePointAt(0) as number));
    return bonus.wordId(s, 0, s.length, false);
  };

  it('has counts of every class in the committed lists: the listed words and the rest make up all', () => {
    for (const language of LANGUAGES) {
      const w = getWordCounts(language);
      for (let k = 0; k < 3; k++) {
        expect(w.caseAll[k]).toBeGreaterThan(0);
        expect((w.caseCum[k]?.at(-1) as number) + (w.caseRare[k] as number)).toBe(w.caseAll[k]);
      }
    }
  });

  it('makes "I" a capital and common words lower case', () => {
    expect(bonus.caseScore(id('i'), CASE_CAPITAL)).toBeGreaterThan(2);
    expect(bonus.caseScore(id('i'), CASE_LOWER)).toBeLessThan(-2);
    expect(bonus.caseScore(id('the'), CASE_LOWER)).toBeGreaterThan(0);
    expect(bonus.caseScore(id('the'), CASE_CAPITAL)).toBeLessThan(-1);
    expect(bonus.caseScore(id('the'), CASE_NONE)).toBe(0);
  });

  it('lets an unlisted word in capitals beat a common word that is never written so', () => {
    expect(bonus.caseScore(id('dns'), CASE_UPPER)).toBeGreaterThan(2);
    expect(bonus.caseScore(id('cssg'), CASE_UPPER)).toBeGreaterThan(bonus.caseScore(id('mode'), CASE_UPPER));
  });
});
