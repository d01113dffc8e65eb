// readingsOf and searchModel: the layouts and models a ciphertext may be read with, and their priors, worked by hand.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getFoldedModel, getModel, type Language } from '../../../src/analysis/language-model/index.js';
import { type Reading, readingsOf, searchModel, tokenize } from '../../../src/analysis/readings/index.js';
import { customAlphabet, namedAlphabet } from '../../../src/core/index.js';

const basic = namedAlphabet('basic');
const ALL = Number.POSITIVE_INFINITY;

/** A reading as [layout, folded, prior rounded to 4 places]. */
const brief = (r: Reading): [string, boolean, number] => [
  r.layout,
  r.folded,
  Math.round(Math.exp(r.logPrior) * 1e4) / 1e4,
];
const readAs = (text: string, language: Language = 'en', maxLetters = ALL) =>
  readingsOf(text, basic, language, maxLetters).map(brief);

/**
 * The priors, by the constants of readings.ts: a layout a stripped text can have is one with probability 0.5 (0.1
 * in mixed case, 0.05 in lower case, 0.95 letter-spaced); a short one (≤ 12 letters, more than one run) is one word
 * half the time; letter-spaced words apart by wider gaps weigh 0.1 / 0.45 / 0.45.
 */
const LAYOUTS: [string, string, [string, boolean, number][]][] = [
  ['words with punctuation: words only', 'Khoor, zruog!', [['words', false, 1]]],
  [
    'a run of capitals: words or run together',
    'KHOORZRUOG',
    [
      ['words', false, 0.5],
      ['joined', false, 0.5],
    ],
  ],
  [
    'a run in mixed case is rarely stripped',
    'KhoorZruog',
    [
      ['words', false, 0.9],
      ['joined', false, 0.1],
    ],
  ],
  [
    'a run in lower case more rarely',
    'khoorzruog',
    [
      ['words', false, 0.95],
      ['joined', false, 0.05],
    ],
  ],
  ['a run of 25 letters is no word', 'KHOORZRUOGKHOORZRUOGKHOOR', [['joined', false, 1]]],
  [
    'a run of 24 letters may be one',
    'KHOORZRUOGKHOORZRUOGKHOO',
    [
      ['words', false, 0.5],
      ['joined', false, 0.5],
    ],
  ],
  [
    'one letter at a time, few: mostly stripped, maybe one word',
    'K H O O R',
    [
      ['words', false, 0.05],
      ['one word', false, 0.475],
      ['joined', false, 0.475],
    ],
  ],
  ['one letter at a time, 13 of them: run together', 'K H O O R Z R U O G K H O', [['joined', false, 1]]],
  ['one letter at a time by any separator', 'K-H-O-O-R-Z-R-U-O-G-K-H-O', [['joined', false, 1]]],
  [
    'letter-spaced, words apart by wider gaps',
    'K H O O R   Z R U O G',
    [
      ['words', false, 0.1],
      ['gaps', false, 0.45],
      ['joined', false, 0.45],
    ],
  ],
  [
    'letter-spaced with a third kind of gap: no word gaps',
    'K H O O R   Z-R U O G',
    [
      ['words', false, 0.05],
      ['one word', false, 0.475],
      ['joined', false, 0.475],
    ],
  ],
  [
    'letter-spaced whose other gap is narrower than the commonest: no word gaps',
    'K  H  O  O R',
    [
      ['words', false, 0.05],
      ['one word', false, 0.475],
      ['joined', false, 0.475],
    ],
  ],
  [
    'three equal groups of five',
    'KHOOR ZRUOG KHOOR',
    [
      ['words', false, 0.5],
      ['joined', false, 0.5],
    ],
  ],
  [
    'groups of five, the last shorter',
    'KHOOR ZRUOG KHO',
    [
      ['words', false, 0.5],
      ['joined', false, 0.5],
    ],
  ],
  ['groups whose last is longer are words', 'KHOO ZRUO KHOOR', [['words', false, 1]]],
  ['groups with a shorter one inside are words', 'KHOOR ZRU KHOOR', [['words', false, 1]]],
  [
    'three groups of four, 12 letters: a layout, maybe one word',
    'KHOO ZRUO KHOO',
    [
      ['words', false, 0.5],
      ['one word', false, 0.25],
      ['joined', false, 0.25],
    ],
  ],
  [
    'four groups of three, 12 letters: maybe one word',
    'KHO ZRU KHO ZRU',
    [
      ['words', false, 0.5],
      ['one word', false, 0.25],
      ['joined', false, 0.25],
    ],
  ],
  [
    'five groups of five, 25 letters: a layout, no word',
    'KHOOR ZRUOG KHOOR ZRUOG KHOOR',
    [
      ['words', false, 0.5],
      ['joined', false, 0.5],
    ],
  ],
  ['groups apart by white space and by punctuation are words', 'KHOOR ZRUOG-KHOOR', [['words', false, 1]]],
  [
    'groups with a wider gap are groups, not letter-spaced words',
    'KHOOR ZRUOG   KHOOR',
    [
      ['words', false, 0.5],
      ['joined', false, 0.5],
    ],
  ],
  [
    'one letter at a time, three times',
    'K H O',
    [
      ['words', false, 0.05],
      ['one word', false, 0.475],
      ['joined', false, 0.475],
    ],
  ],
  ['one letter at a time, twice, is words', 'K H', [['words', false, 1]]],
  ['some runs of one letter are not letter-spaced', 'KH O O RZ', [['words', false, 1]]],
  [
    'one letter at a time, 12 of them: still maybe one word',
    'K H O O R Z R U O G K H',
    [
      ['words', false, 0.05],
      ['one word', false, 0.475],
      ['joined', false, 0.475],
    ],
  ],
  ['13 letter-spaced A`s are run together too', 'A A A A A A A A A A A A A', [['joined', false, 1]]],
  [
    'separators before the first run are no gap',
    '...KHOORZRUOG',
    [
      ['words', false, 0.5],
      ['joined', false, 0.5],
    ],
  ],
  [
    'letter-spaced, the wider gap first: the commonest is between letters',
    'K   H O O R',
    [
      ['words', false, 0.1],
      ['gaps', false, 0.45],
      ['joined', false, 0.45],
    ],
  ],
  [
    'letter-spaced, two gaps as common: the first met is between letters',
    'K H O   O   R',
    [
      ['words', false, 0.1],
      ['gaps', false, 0.45],
      ['joined', false, 0.45],
    ],
  ],
  ['three groups of three are words', 'KHO ZRU KHO', [['words', false, 1]]],
  [
    'four groups of two, 8 letters: stripped, maybe one word',
    'KH ZR KH OO',
    [
      ['words', false, 0.5],
      ['one word', false, 0.25],
      ['joined', false, 0.25],
    ],
  ],
  ['groups apart by punctuation are words', 'KHOOR-ZRUOG-KHOOR', [['words', false, 1]]],
  [
    'one break in 16 letters is a line break',
    'KHOO\nZRUOGKHOORZR',
    [
      ['words', false, 0.5],
      ['joined', false, 0.5],
    ],
  ],
  ['one break in 15 letters is a word break', 'KHOOR\nZRUOGKHOOR', [['words', false, 1]]],
  // A letter the alphabet lacks and a combining mark belong to their run; a digit separates.
  [
    'an other letter inside a run',
    'KHOÓRZRUOG',
    [
      ['words', false, 0.5],
      ['joined', false, 0.5],
    ],
  ],
  ['a digit between runs is no white space', 'KHOOR1ZRUOG1KHOOR', [['words', false, 1]]],
];

describe('readingsOf: an alphabet of digits, whose letters the model reads as separators', () => {
  it('reads the digits as the runs', () => {
    // Four runs of two "letters", all "lower case" (a digit is its own lower case): a layout at 0.05, maybe one word.
    // The alphabet's first letter, 0, is a letter too.
    expect(readingsOf('10 34 56 78', customAlphabet('0123456789'), 'en', ALL).map(brief)).toEqual([
      ['words', false, 0.95],
      ['one word', false, 0.025],
      ['joined', false, 0.025],
    ]);
  });
});

describe('readingsOf: layouts and their priors (English, A–Z)', () => {
  for (const [what, text, readings] of LAYOUTS)
    it(what, () => {
      expect(readAs(text)).toEqual(readings);
    });

  it('reads each layout`s tokens as tokenize does, the one-word reading with the separators removed', () => {
    const en = getModel('en');
    const rs = readingsOf('K H O O R', basic, 'en', ALL);
    const [words, oneWord, joined] = rs;
    expect(words?.tokens).toEqual(tokenize('K H O O R', basic, en, 'spaced'));
    expect(oneWord?.tokens).toEqual(tokenize('KHOOR', basic, en, 'spaced'));
    expect(joined?.tokens).toEqual(tokenize('K H O O R', basic, en, 'joined'));
    const [, gaps, gapsJoined] = readingsOf('K H O O R   Z R U O G', basic, 'en', ALL);
    expect(gaps?.tokens).toEqual(tokenize('KHOOR ZRUOG', basic, en, 'spaced'));
    expect(gapsJoined?.tokens).toEqual(tokenize('K H O O R   Z R U O G', basic, en, 'joined'));
    expect(readingsOf('K H O   O   R', basic, 'en', ALL)[1]?.tokens).toEqual(tokenize('KHO O R', basic, en, 'spaced'));
    for (const r of rs) {
      expect(r.model).toBe(en);
      expect(r.start).toBeDefined();
    }
  });

  it('reads the layout only as far as maxLetters', () => {
    // 30 letters run together are no word, but their first 20 may be.
    const long = 'KHOORZRUOGKHOORZRUOGKHOORZRUOG';
    expect(readAs(long)).toEqual([['joined', false, 1]]);
    expect(readAs(long, 'en', 20)).toEqual([
      ['words', false, 0.5],
      ['joined', false, 0.5],
    ]);
    // The lower-case letters past the 10th do not make the text mixed-case.
    expect(readAs('KHOORZRUOGkhoor', 'en', 10)).toEqual([
      ['words', false, 0.5],
      ['joined', false, 0.5],
    ]);
    const en = getModel('en');
    expect(readingsOf(long, basic, 'en', 20)[0]?.tokens).toEqual(tokenize(long, basic, en, 'spaced', 20));
  });

  it('weighs readings whose priors sum to one (property)', () => {
    const unit = fc.constantFrom('a', 'B', 'c', ' ', ' ', '   ', '.', '-', '\n', 'é');
    fc.assert(
      fc.property(fc.string({ unit, minLength: 1, maxLength: 40 }), (text) => {
        const rs = readingsOf(text, basic, 'en', ALL);
        const total = rs.reduce((s, r) => s + Math.exp(r.logPrior), 0);
        expect(total).toBeCloseTo(1, 9);
        for (const r of rs) expect(r.logPrior).toBeLessThanOrEqual(0);
      }),
    );
  });
});

describe('readingsOf and searchModel: a language with accents, its plaintext folded or not', () => {
  const pl = getModel('pl');
  const plFolded = getFoldedModel('pl');

  it('reads an A–Z text of a language with accents both as written and folded, half each', () => {
    expect(readAs('Khoor, zruog!', 'pl')).toEqual([
      ['words', false, 0.5],
      ['words', true, 0.5],
    ]);
    const [own, folded] = readingsOf('Khoor, zruog!', basic, 'pl', ALL);
    expect([own?.model, folded?.model]).toEqual([pl, plFolded]);
    // The folded models have no word-start table.
    expect([own?.start === undefined, folded?.start]).toEqual([false, undefined]);
    expect(searchModel('Khoor, zruog!', basic, 'pl', ALL)).toBe(plFolded);
  });

  it('reads a text that kept an accent with the language`s own model only', () => {
    expect(readAs('Khoor, zruóg!', 'pl')).toEqual([['words', false, 1]]);
    expect(searchModel('Khoor, zruóg!', basic, 'pl', ALL)).toBe(pl);
    // An accent past the letters read says nothing: the first five, "Khoor", are one run in mixed case, either way.
    expect(readAs('Khoor, zruóg!', 'pl', 5)).toEqual([
      ['words', false, 0.45],
      ['joined', false, 0.05],
      ['words', true, 0.45],
      ['joined', true, 0.05],
    ]);
    // A non-ASCII character Polish does not write is no kept accent.
    expect(readAs('Khoor, zruég!', 'pl')).toHaveLength(2);
  });

  it('reads only as far as maxLetters for a kept accent, counting the alphabet`s letters alone', () => {
    // "ó" comes after the fifth letter: kept. After the sixth: unread.
    expect(readAs('Khoor, ó', 'pl', 5)).toEqual([['words', false, 1]]);
    expect(readAs('AAAAAAó', 'pl', 5)).toEqual([
      ['words', false, 0.25],
      ['joined', false, 0.25],
      ['words', true, 0.25],
      ['joined', true, 0.25],
    ]);
  });

  it('counts a letter the alphabet lacks but the language writes as kept, in ASCII only if the alphabet is A–Z', () => {
    // An alphabet of A–Y: the z of the text is no accent kept (ASCII), so both models read it.
    const ay = customAlphabet('ABCDEFGHIJKLMNOPQRSTUVWXY');
    const models = (a: typeof ay) => [...new Set(readingsOf('Khoor zruog', a, 'pl', ALL).map((r) => r.folded))];
    expect(models(ay)).toEqual([false, true]);
    // An alphabet of A–Z and a digit is not within A–Z: no folding to weigh.
    const az0 = customAlphabet('ABCDEFGHIJKLMNOPQRSTUVWXYZ0');
    expect(models(az0)).toEqual([false]);
  });

  it('reads with one model where folding cannot have happened', () => {
    // English has no accents to fold; the Polish alphabet is not within A–Z.
    expect(readAs('Khoor, zruog!', 'en')).toEqual([['words', false, 1]]);
    expect(searchModel('Khoor, zruog!', basic, 'en', ALL)).toBe(getModel('en'));
    const polish = namedAlphabet('polish');
    expect(readingsOf('Khoor, zruog!', polish, 'pl', ALL).map(brief)).toEqual([['words', false, 1]]);
    expect(searchModel('Khoor, zruog!', polish, 'pl', ALL)).toBe(pl);
  });

  it('weighs each layout under both models', () => {
    expect(readAs('KHOORZRUOG', 'pl')).toEqual([
      ['words', false, 0.25],
      ['joined', false, 0.25],
      ['words', true, 0.25],
      ['joined', true, 0.25],
    ]);
  });
});
