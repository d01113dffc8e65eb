// A model's vocabulary (symbols.ts): the class of every character at the edges of ASCII's runs and beyond, the
// symbol each stands for, and a training passage's symbols with its word boundaries collapsed or dropped.
import { describe, expect, it } from 'vitest';
import {
  charKind,
  KIND_SPACE,
  passageSymbols,
  SKIP,
  symbolChars,
  textSymbol,
} from '../../../src/analysis/language-model/index.js';
import { customAlphabet, namedAlphabet } from '../../../src/core/index.js';

const basic = namedAlphabet('basic');
const cp = (s: string) => s.codePointAt(0) as number;

describe('charKind', () => {
  // Each group one class, the groups all different; ASCII's letters and spaces by range, the rest by Unicode class.
  const groups = {
    letters: ['A', 'B', 'Z', 'a', 'z', 'é', 'ß', 'Ł', 'ж', 'ﬁ'],
    spaces: ['\t', '\n', '\v', '\f', '\r', ' ', '\u00a0', '\u2003', '\u3000'],
    marks: ['\u0301', '\u0308', '\u0328'],
    others: ['\u0008', '\u000e', '@', '[', '`', '{', '0', '9', '#', '\u007f', '\u0080', '€', '—', '😀'],
  };
  it.each(Object.entries(groups))('%s share one class', (_, chars) => {
    const kinds = new Set(chars.map((c) => charKind(cp(c))));
    expect(kinds.size).toBe(1);
  });

  it('tells the four classes apart, and names the space class KIND_SPACE', () => {
    const kinds = Object.values(groups).map((chars) => charKind(cp(chars[0] as string)));
    expect(new Set(kinds).size).toBe(4);
    expect(kinds[1]).toBe(KIND_SPACE);
  });

  it('answers the same the second time (the cache keeps what the first look found)', () => {
    for (const c of ['é', '\u0301', '\u2003', '€']) expect(charKind(cp(c))).toBe(charKind(cp(c)));
  });
});

describe('textSymbol', () => {
  it.each([
    ['A', 0],
    ['a', 0],
    ['Z', 25],
    ['z', 25],
    [' ', 26],
    ['#', 26],
    ['\n', 26],
    ['é', 27],
    ['ж', 27],
    ['\u0301', SKIP],
  ])('basic: %j is symbol %i (letters, boundary 26, other letters 27)', (c, symbol) => {
    expect(textSymbol(cp(c), basic)).toBe(symbol);
  });

  it("reads a custom alphabet's own letters, and ASCII letters outside it as other letters", () => {
    const greek = customAlphabet('αβγ');
    expect([cp('α'), cp('Γ'), cp('A'), cp(' ')].map((x) => textSymbol(x, greek))).toEqual([0, 2, 4, 3]);
  });
});

describe('passageSymbols', () => {
  it.each([
    ['', false, []],
    ['   ', false, []],
    ['ab', false, [0, 1, 26]],
    ['  Ab,  c. ', false, [0, 1, 26, 2, 26]],
    ['Ab,  c', true, [0, 1, 2, 26]],
    ['e\u0301t', false, [4, 19, 26]],
    ['aé b', false, [0, 27, 26, 1, 26]],
    ['aé b', true, [0, 27, 1, 26]],
  ] as [string, boolean, number[]][])('%j (joined %s) → %j', (text, joined, symbols) => {
    expect(passageSymbols(text, basic, joined)).toEqual(symbols);
  });

  it('keeps word boundaries unless asked to join', () => {
    expect(passageSymbols('a b', basic)).toEqual([0, 26, 1, 26]);
  });
});

describe('symbolChars', () => {
  it('names the letters by their partner (lower-case) forms, then the boundary and other letters', () => {
    expect(symbolChars(basic).join('')).toBe('abcdefghijklmnopqrstuvwxyz_#');
    const polish = namedAlphabet('polish');
    expect(symbolChars(polish)).toHaveLength(polish.size + 2);
    expect(symbolChars(polish).slice(0, 3)).toEqual(['a', 'ą', 'b']);
  });
});
