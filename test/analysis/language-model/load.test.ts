// Loading the shipped models (load.ts): one compiled model per language and per folding, kept once read, a file
// whose symbols do not fit its alphabet refused, and a model reading characters as the vocabulary does.
import { describe, expect, it } from 'vitest';
import {
  compileModel,
  getFoldedModel,
  getModel,
  isLanguage,
  readModelFile,
  textSymbol,
} from '../../../src/analysis/language-model/index.js';

describe('getModel and getFoldedModel', () => {
  it('compile each model once, the folded apart from the plain', () => {
    expect(getModel('de')).toBe(getModel('de'));
    expect(getFoldedModel('de')).toBe(getFoldedModel('de'));
    expect(getFoldedModel('de')).not.toBe(getModel('de'));
    expect(getModel('de').alphabet.size).toBe(30);
    expect(getFoldedModel('de').alphabet.size).toBe(26);
    expect(getFoldedModel('de').language).toBe('de');
  });

  it('read characters as the vocabulary does, through their own alphabet', () => {
    const de = getModel('de');
    for (const c of ['A', 'ä', 'ß', ' ', '#', 'é', '\u0301'])
      expect(de.symbolOf(c.codePointAt(0) as number)).toBe(textSymbol(c.codePointAt(0) as number, de.alphabet));
    expect([de.letterCount, de.symbolCount, de.boundary, de.other]).toEqual([30, 32, 30, 31]);
  });
});

describe('compileModel', () => {
  it('refuses a file whose symbols do not fit its alphabet', () => {
    const file = readModelFile('es');
    expect(() => compileModel({ ...file, symbols: file.symbols.slice(1) })).toThrow(
      /model es: symbols do not fit alphabet spanish/,
    );
  });
});

describe('isLanguage', () => {
  it.each([
    ['en', true],
    ['fr', true],
    ['EN', false],
    ['xx', false],
    ['', false],
    [5, false],
    [undefined, false],
  ])('%j → %s', (value, is) => {
    expect(isLanguage(value)).toBe(is);
  });
});
