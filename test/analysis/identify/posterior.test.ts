// identify's arithmetic on evidence made up for the test: the family scores, the calibrated posterior, the verdicts
// listed and folded, the null model's evidence and a key's completion, each worked by hand.
import { describe, expect, it } from 'vitest';
import {
  CALIBRATION,
  type Calibration,
  type Evidence,
  familyPosterior,
  familyScores,
  normalise,
  nullEvidence,
  presentationOf,
  verdicts,
} from '../../../src/analysis/identify/index.js';
import { completeKey } from '../../../src/analysis/identify/monoalphabetic.js';
import { namedAlphabet } from '../../../src/core/index.js';

type LanguageEvidence = Evidence['languages'][number];
const basic = namedAlphabet('basic');
const NONE = Number.NEGATIVE_INFINITY;

/** A language's evidence where nothing explains the text but what `over` sets. */
const lang = (over: Partial<LanguageEvidence> & Pick<LanguageEvidence, 'language'>): LanguageEvidence => ({
  plain: NONE,
  caesar: NONE,
  shifts: [],
  atbash: NONE,
  affine: NONE,
  affineKeys: [],
  ...over,
});

const evidence = (unknown: number, languages: LanguageEvidence[]): Evidence => ({
  presentation: 'spaced',
  letters: 100,
  scored: 100,
  unknown,
  languages,
  searched: false,
  substituted: false,
});

/** The families the calibration weighs: the keys of the shipped one. */
const FAMILIES = Object.keys(CALIBRATION.temperature) as (keyof Calibration['temperature'])[];
/** The identity calibration: each family's posterior ∝ exp(its evidence − unknown's). */
const IDENTITY: Calibration = {
  temperature: Object.fromEntries(FAMILIES.map((f) => [f, 1])) as Calibration['temperature'],
  bias: Object.fromEntries(FAMILIES.map((f) => [f, 0])) as Calibration['bias'],
};
const tuned = (f: keyof Calibration['temperature'], temperature: number, bias: number): Calibration => ({
  temperature: { ...IDENTITY.temperature, [f]: temperature },
  bias: { ...IDENTITY.bias, [f]: bias },
});

describe('familyScores', () => {
  it('lists unknown, then each family a language holds, in a fixed order, leaving out what is −∞', () => {
    const e = evidence(-50, [
      lang({
        language: 'en',
        plain: -60,
        caesar: -40,
        atbash: -70,
        substitution: { language: 'en', evidence: -45, key: 'B', confidence: 0.5 },
        vigenere: { evidence: -48, key: 'AB', confidence: 0.4, equivalents: [] },
        porta: { language: 'en', evidence: -49, key: 'C', confidence: 0.3 },
      }),
      lang({ language: 'de', caesar: -41 }),
    ]);
    expect(familyScores(e)).toEqual([
      { cipher: 'unknown', evidence: -50 },
      { cipher: 'plain', language: 'en', evidence: -60 },
      { cipher: 'caesar', language: 'en', evidence: -40 },
      { cipher: 'atbash', language: 'en', evidence: -70 },
      { cipher: 'substitution', language: 'en', evidence: -45 },
      { cipher: 'vigenere', language: 'en', evidence: -48 },
      { cipher: 'porta', language: 'en', evidence: -49 },
      { cipher: 'caesar', language: 'de', evidence: -41 },
    ]);
  });
});

describe('familyPosterior', () => {
  const scores = familyScores(evidence(-100, [lang({ language: 'en', plain: -100 + Math.log(3), caesar: -100 })]));

  it('is the softmax of the evidence against unknown`s under the identity', () => {
    // exp(0) : exp(ln 3) : exp(0) = 1 : 3 : 1.
    const p = familyPosterior(scores, IDENTITY);
    for (const [i, x] of [0.2, 0.6, 0.2].entries()) expect(p[i]).toBeCloseTo(x, 12);
  });

  it('divides a family`s evidence by its temperature and adds its bias', () => {
    // plain: ln 3 / 2 + ln 2 → weight 2√3; unknown and caesar 1 each.
    const p = familyPosterior(scores, tuned('plain', 2, Math.log(2)));
    const w = 2 * Math.sqrt(3);
    for (const [i, x] of [1 / (2 + w), w / (2 + w), 1 / (2 + w)].entries()) expect(p[i]).toBeCloseTo(x, 12);
  });

  it('stays finite when one family is a thousand nats above unknown', () => {
    const wide = familyScores(evidence(0, [lang({ language: 'en', plain: 1000 })]));
    const p = familyPosterior(wide, IDENTITY);
    expect(p[0]).toBe(0);
    expect(p[1]).toBe(1);
  });

  it('stays finite when every evidence is far below zero', () => {
    const far = familyScores(evidence(-1e6, [lang({ language: 'en', plain: -1e6 + Math.log(3) })]));
    const p = familyPosterior(far, IDENTITY);
    expect(p[0]).toBeCloseTo(0.25, 8);
    expect(p[1]).toBeCloseTo(0.75, 8);
  });
});

describe('verdicts', () => {
  it('shares a family out by its shifts, keys and the search`s confidence', () => {
    const e = evidence(0, [
      lang({
        language: 'en',
        caesar: Math.log(4),
        shifts: [
          { shift: 3, share: 0.6 },
          { shift: 7, share: 0.4 },
        ],
        vigenere: {
          evidence: Math.log(2),
          key: 'KEY',
          confidence: 0.25,
          equivalents: [{ variant: 'variant_beaufort', key: 'QWC' }],
        },
        affine: Math.log(2),
        affineKeys: [
          { a: 5, b: 8, share: 0.75 },
          // Written out as the verdict's reading key, a = 1, b = 23 and a = 12, b = 3 must not read alike.
          { a: 1, b: 23, share: 0.15 },
          { a: 12, b: 3, share: 0.1 },
        ],
      }),
    ]);
    // Weights: unknown 1, caesar 4, vigenere 2, affine 2; of 9.
    const vs = verdicts(e, 'de', IDENTITY);
    expect(vs.map((v) => [v.cipher, v.shift ?? v.key ?? v.a, Math.round(v.confidence * 9 * 1e9) / 1e9])).toEqual([
      ['caesar', 3, 2.4],
      ['caesar', 7, 1.6],
      ['affine', 5, 1.5],
      ['unknown', undefined, 1],
      ['vigenere', 'KEY', 0.5],
      ['affine', 1, 0.3],
      ['affine', 12, 0.2],
    ]);
    const vigenere = vs.find((v) => v.cipher === 'vigenere');
    expect(vigenere).toMatchObject({ language: 'en', equivalents: [{ variant: 'variant_beaufort', key: 'QWC' }] });
    expect(vs.find((v) => v.cipher === 'affine')).toMatchObject({ a: 5, b: 8 });
    // Unknown names the language of the likeliest explanation.
    expect(vs.find((v) => v.cipher === 'unknown')?.language).toBe('en');
  });

  it('names the fallback language for unknown when nothing else is listed', () => {
    expect(verdicts(evidence(0, [lang({ language: 'en' })]), 'fr', IDENTITY)).toEqual([
      { cipher: 'unknown', language: 'fr', confidence: 1 },
    ]);
  });

  it('lists the keyed families and the substitution with their keys', () => {
    const e = evidence(0, [
      lang({
        language: 'es',
        plain: NONE,
        substitution: { language: 'es', evidence: 0, key: 'QWERTY', confidence: 0.5 },
        beaufort: { language: 'es', evidence: 0, key: 'BF', confidence: 1 },
        autokey: { language: 'es', evidence: 0, key: 'AK', confidence: 0.5 },
        porta: { language: 'es', evidence: 0, key: 'PO', confidence: 0.25 },
        atbash: 0,
      }),
    ]);
    // Six families of weight 1 each: substitution 1/6 × 0.5, and so on.
    const vs = verdicts(e, 'en', IDENTITY);
    expect(Object.fromEntries(vs.map((v) => [v.cipher, [v.key, Math.round(v.confidence * 6 * 1e9) / 1e9]]))).toEqual({
      substitution: ['QWERTY', 0.5],
      beaufort: ['BF', 1],
      autokey: ['AK', 0.5],
      porta: ['PO', 0.25],
      atbash: [undefined, 1],
      unknown: [undefined, 1],
    });
  });

  it('folds one key read in several languages into one verdict, its confidences summed, the others listed', () => {
    const shift = (language: 'en' | 'de' | 'fr', w: number) =>
      lang({ language, caesar: Math.log(w), shifts: [{ shift: 3, share: 1 }], plain: Math.log(w / 2) });
    // Weights: unknown 1; en caesar 4, plain 2; de caesar 2, plain 1; fr caesar 1, plain 0.5. Of 11.5.
    const vs = verdicts(evidence(0, [shift('de', 2), shift('en', 4), shift('fr', 1)]), 'pl', IDENTITY);
    expect(
      vs.map((v) => [v.cipher, v.language, v.other_languages, Math.round(v.confidence * 11.5 * 1e9) / 1e9]),
    ).toEqual([
      ['caesar', 'en', ['de', 'fr'], 7],
      ['plain', 'en', ['de', 'fr'], 3.5],
      ['unknown', 'en', undefined, 1],
    ]);
  });

  it('weighs a language read in two alphabets at half its prior in each, and unknown once', () => {
    const reading = (alphabet?: 'polish') => ({
      evidence: evidence(0, [
        lang({ language: 'pl', caesar: Math.log(2), shifts: [{ shift: 1 + (alphabet ? 1 : 0), share: 1 }] }),
      ]),
      ...(alphabet && { alphabet }),
    });
    // Each reading's caesar: 2 × ½ = 1; unknown 1 (the first reading's alone): a third each.
    const vs = verdicts([reading(), reading('polish')], 'en', IDENTITY);
    expect(vs.map((v) => [v.cipher, v.shift, v.alphabet, Math.round(v.confidence * 3 * 1e9) / 1e9])).toEqual([
      ['caesar', 1, undefined, 1],
      ['caesar', 2, 'polish', 1],
      ['unknown', undefined, undefined, 1],
    ]);
  });

  it('names no alphabet for plain text, read alike in any', () => {
    const reading = (plain: number, alphabet?: 'polish') => ({
      evidence: evidence(0, [lang({ language: 'pl', plain: Math.log(plain) })]),
      ...(alphabet && { alphabet }),
    });
    // The Polish alphabet's reading is the likelier: the verdict is built from it, and still names no alphabet.
    const vs = verdicts([reading(2), reading(4, 'polish')], 'en', IDENTITY);
    // Plain in both readings is one verdict: (2 + 4) × ½ of 4.
    const plain = vs[0] as (typeof vs)[number];
    expect({ ...plain, confidence: Math.round(plain.confidence * 1e9) / 1e9 }).toEqual({
      cipher: 'plain',
      language: 'pl',
      confidence: 0.75,
    });
  });

  it('shares a language`s prior among the readings that hold it, and only those', () => {
    // Basic: Polish and English; the Polish alphabet's: Polish alone. Weights: pl 2 × ½ twice, en 2, unknown 1.
    const shift = (language: 'pl' | 'en', s: number) =>
      lang({ language, caesar: Math.log(2), shifts: [{ shift: s, share: 1 }] });
    const vs = verdicts(
      [
        { evidence: evidence(0, [shift('pl', 1), shift('en', 2)]) },
        { evidence: evidence(0, [shift('pl', 3)]), alphabet: 'polish' },
      ],
      'en',
      IDENTITY,
    );
    expect(vs.map((v) => [v.shift ?? v.cipher, Math.round(v.confidence * 5 * 1e9) / 1e9])).toEqual([
      [2, 2],
      [1, 1],
      [3, 1],
      ['unknown', 1],
    ]);
  });
});

describe('nullEvidence', () => {
  it('is the Dirichlet-multinomial of the letters, times the Beta-binomial of the breaks when spaced', () => {
    // "AB": Γ(26)·1!·1!/Γ(28) = 1/(26·27).
    expect(nullEvidence('AB', basic, false)).toBeCloseTo(-Math.log(26 * 27), 12);
    // "AB C": three letters once each, 1/(26·27·28); one break in three letters, 1!·2!/4! = 1/12.
    expect(nullEvidence('AB C', basic, false)).toBeCloseTo(-Math.log(26 * 27 * 28), 12);
    expect(nullEvidence('AB C', basic, true)).toBeCloseTo(-Math.log(26 * 27 * 28) - Math.log(12), 12);
    // "AA": 2!/(26·27) — a repeated letter is likelier than two different ones.
    expect(nullEvidence('AA', basic, false)).toBeCloseTo(Math.log(2 / (26 * 27)), 12);
    // A break after the last letter counts, one before the first does not: ", AB." has one break in two letters (1/6).
    expect(nullEvidence(', AB.', basic, true)).toBeCloseTo(-Math.log(26 * 27) - Math.log(6), 12);
  });
});

describe('completeKey', () => {
  it('gives the unsaid cells the letters left over, in alphabet order', () => {
    expect(completeKey('??BRASCDFGHIJKLMNOPQTUVWXY', basic)).toBe('EZBRASCDFGHIJKLMNOPQTUVWXY');
    expect(completeKey('ZEBRASCDFGHIJKLMNOPQTUVWXY', basic)).toBe('ZEBRASCDFGHIJKLMNOPQTUVWXY');
  });
});

describe('presentationOf and normalise at their edges', () => {
  it.each([
    // Four runs are needed for a layout; three groups of five read as words.
    ['KHOOR ZRUOG KHOOR', 'spaced', 'KHOOR ZRUOG KHOOR'],
    ['KHOOR ZRUOG KHOOR ZR', 'groups', 'KHOORZRUOGKHOORZR'],
    // Groups of two are words; a last group longer than the others is not a layout.
    ['KH ZR KH ZR', 'spaced', 'KH ZR KH ZR'],
    ['KHO ZRU KHO ZRUO', 'spaced', 'KHO ZRU KHO ZRUO'],
    ['KHO ZRU KHO ZRU', 'groups', 'KHOZRUKHOZRU'],
    // Punctuation between runs is no layout; after the last run it does not matter.
    ['KHO ZRU KHO-ZRU', 'spaced', 'KHO ZRU KHO-ZRU'],
    ['KHO ZRU KHO ZRU.', 'groups', 'KHOZRUKHOZRU.'],
    // A gap of punctuation inside: words, however the runs measure.
    ['KHO ZRU KH-O ZRU', 'spaced', 'KHO ZRU KH-O ZRU'],
    ['KHOOR ZRU KHOOR ZR', 'spaced', 'KHOOR ZRU KHOOR ZR'],
    // Separators before the first letter (wider than the letters' gaps: a break before the first word, which scores
    // as none), and the alphabet's first letter, A.
    ['  K H O O', 'letterspaced', ' KHOO'],
    ['A A A A', 'letterspaced', 'AAAA'],
    // Letter-spaced with wider gaps between words; the narrowest gap may be wider than one.
    ['K H O O R   Z R U O G', 'letterspaced', 'KHOOR ZRUOG'],
    ['K  H  O  O    R', 'letterspaced', 'KHOO R'],
    // One letter at a time, three times: too few for a layout.
    ['K H O', 'spaced', 'K H O'],
    ['K H O O', 'letterspaced', 'KHOO'],
    // At most one run per 15 letters reads as letters run together: 2 runs in 30 letters, not in 29.
    ['KHOORZRUOGKHOOR\nZRUOGKHOORZRUOG', 'letters', undefined],
    ['KHOORZRUOGKHOO ZRUOGKHOORZRUOG', 'spaced', undefined],
  ] as const)('%j is %s', (text, presentation, normalised) => {
    expect(presentationOf(text, basic)).toBe(presentation);
    expect(normalise(text, basic)).toBe(normalised ?? text);
  });
});
