// Language models and scoring: the committed tables load, are proper distributions, and rank texts sensibly.
import { readdirSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HELD_OUT } from '../../../scripts/lib/held-out.js';
import { getModel, isLanguage, LANGUAGE_INFO, LANGUAGES, scoreText } from '../../../src/analysis/index.js';
import { compileModel, readModelFile } from '../../../src/analysis/language-model/index.js';
import { customAlphabet, namedAlphabet } from '../../../src/core/index.js';

const TABLES_DIR = new URL('../../../src/analysis/', import.meta.url);
const MODELS_DIR = new URL('models/', TABLES_DIR);

describe('languages', () => {
  it('lists the five languages with their names and alphabets', () => {
    expect(LANGUAGES).toEqual(['en', 'pl', 'de', 'es', 'fr']);
    expect(LANGUAGE_INFO).toEqual({
      en: { name: 'English', alphabet: 'basic' },
      pl: { name: 'Polish', alphabet: 'polish' },
      de: { name: 'German', alphabet: 'german' },
      es: { name: 'Spanish', alphabet: 'spanish' },
      fr: { name: 'French', alphabet: 'french' },
    });
    expect(isLanguage('pl')).toBe(true);
    expect(isLanguage('auto')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});

describe('models', () => {
  it('are small on disk and quick to load', () => {
    const files = readdirSync(MODELS_DIR);
    // Each language's model, and a folded one (over A–Z) for every language whose alphabet is not A–Z.
    const folding = LANGUAGES.filter((l) => LANGUAGE_INFO[l].alphabet !== 'basic');
    const names = [...LANGUAGES, ...folding.map((l) => `${l}-folded`)];
    expect(files.sort()).toEqual(names.flatMap((n) => [`${n}.bin`, `${n}.json`]).sort());
    // Issue 15's bound for every table of all five languages together (n-gram models with the folded ones,
    // word-start tables and word lists; see docs/corpus.md); load time is a bench figure
    // (bench/accuracy/load.ts), not a timed test.
    const bytes = ['models', 'start', 'words'].reduce((total, kind) => {
      const dir = new URL(`${kind}/`, TABLES_DIR);
      return total + readdirSync(dir).reduce((sum, f) => sum + statSync(new URL(f, dir)).size, 0);
    }, 0);
    expect(bytes).toBeLessThan(16_000_000);
    for (const language of LANGUAGES) expect(compileModel(readModelFile(language)).language).toBe(language);
    for (const language of folding) {
      const folded = compileModel(readModelFile(language, true));
      expect(folded.language).toBe(language);
      expect(folded.alphabet).toBe(namedAlphabet('basic'));
    }
  });

  it.each(LANGUAGES)('%s: letters, frequencies and probability tables are consistent', (language) => {
    const model = getModel(language);
    const alphabet = namedAlphabet(LANGUAGE_INFO[language].alphabet);
    expect(model.alphabet).toBe(alphabet);
    expect(readModelFile(language).letters).toBe(alphabet.letters.join(''));
    expect(model.symbolCount).toBe(alphabet.size + 2);
    expect(model.frequencies).toHaveLength(alphabet.size);
    expect(model.frequencies.every((f) => f >= 0)).toBe(true);
    expect(model.frequencies.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 4);

    const S = model.symbolCount;
    // The spaced 5-gram read one order lower (what the cryptogram search reads from a dense table) is a 4-gram model
    // of its own; the joined 4-gram and that 4-gram have no stored order to spare.
    const lower = model.spaced.lower;
    expect([model.spaced.order, lower?.order, lower?.contexts]).toEqual([5, 4, S ** 3]);
    expect([lower?.lower, model.joined.lower]).toEqual([undefined, undefined]);
    // Where the 5-gram has never seen a context (an "other" symbol before "nd "), it reads exactly what the 4-gram
    // reads of the context's last three symbols ("and " it has seen, and reads otherwise).
    const nd = (alphabet.letters.indexOf('N') * S + alphabet.letters.indexOf('D')) * S + model.boundary;
    for (let c = 0; c < S; c++) expect(model.spaced.logProb(model.other * S ** 3 + nd, c)).toBe(lower?.logProb(nd, c));
    for (const ngrams of [model.spaced, model.joined, lower ?? model.spaced]) {
      expect(ngrams.temperature).toBeGreaterThan(0);
      // Every context is a distribution once "other letter" gets back the mass spread over its characters.
      const contexts = [0, ngrams.contexts - 1, 5 * S + 7, Math.floor(ngrams.contexts / 3)];
      // The context of running text's "the " and of a passage's start (all boundaries).
      let start = 0;
      for (let i = 1; i < ngrams.order; i++) start = start * S + model.boundary;
      contexts.push(start, (((19 * S + 7) * S + 4) * S + model.boundary) % ngrams.contexts);
      for (const ctx of contexts) {
        let sum = 0;
        for (let c = 0; c < S; c++) {
          const p = Math.exp(ngrams.logProb(ctx, c));
          sum += c === model.other ? p * 32 : p;
        }
        expect(sum).toBeCloseTo(1, 9);
      }
    }
  });

  it('knows the commonest letters of each language', () => {
    const top = (language: (typeof LANGUAGES)[number]): string => {
      const model = getModel(language);
      const best = model.frequencies.indexOf(Math.max(...model.frequencies));
      return model.alphabet.letters[best] as string;
    };
    expect(LANGUAGES.map(top)).toEqual(['E', expect.stringMatching(/[AIEO]/), 'E', expect.stringMatching(/[EA]/), 'E']);
  });
});

describe('scoreText', () => {
  it('prefers the language a text is written in', () => {
    for (const language of LANGUAGES) {
      const alphabet = namedAlphabet(LANGUAGE_INFO[language].alphabet);
      const text = (HELD_OUT[language][2] as { text: string }).text;
      const own = scoreText(text, alphabet, language);
      for (const other of LANGUAGES.filter((l) => l !== language)) {
        expect(own).toBeGreaterThan(scoreText(text, alphabet, other));
      }
    }
  });

  it('prefers real text to a shifted jumble', () => {
    const basic = namedAlphabet('basic');
    expect(scoreText('the cat sat on the mat', basic, 'en')).toBeGreaterThan(
      scoreText('uif dbu tbu po uif nbu', basic, 'en'),
    );
  });

  it('reads letters case-insensitively through the explicit partners (ß and ẞ)', () => {
    const german = namedAlphabet('german');
    expect(scoreText('STRAẞE', german, 'de')).toBe(scoreText('straße', german, 'de'));
    // toUpperCase would have turned ß into SS, a different text.
    expect(scoreText('STRASSE', german, 'de')).not.toBe(scoreText('straße', german, 'de'));
  });

  it('scores symbols the model does not know with a floor, not as impossible', () => {
    const a = customAlphabet('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
    const withDigits = scoreText('THE 9AT SAT', a, 'en');
    expect(Number.isFinite(withDigits)).toBe(true);
    expect(withDigits).toBeLessThan(scoreText('THE CAT SAT', a, 'en'));
  });
});
