// identify's evidence (src/analysis/identify/evidence.ts, monoalphabetic.ts, polyalphabetic.ts) worked from the
// definitions: each family's nats from its solver's own answer, the gates of the dearer searches, the null model's
// layout. Plaintexts: HARBOUR_EN and LONG_EN (test/analysis/texts.ts, original prose); random letters seeded.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../scripts/lib/random.js';
import { affineKeys, scoreAffineKeys } from '../../../src/analysis/affine/index.js';
import { solveCaesar } from '../../../src/analysis/caesar/index.js';
import { normalise, nullEvidence, presentationOf, weigh } from '../../../src/analysis/identify/index.js';
import { affineEvidence, letterKappa } from '../../../src/analysis/identify/monoalphabetic.js';
import { keyedEvidence } from '../../../src/analysis/identify/polyalphabetic.js';
import { analyzeVariant, logSumExp, scoreText } from '../../../src/analysis/index.js';
import { keyConfidence } from '../../../src/analysis/vigenere/index.js';
import {
  affineDecrypt,
  affineEncrypt,
  atbash,
  caesarEncrypt,
  customAlphabet,
  keywordAlphabet,
  letterIndices,
  letterPrefix,
  namedAlphabet,
  substitutionEncrypt,
  variantDecrypt,
  variantEncrypt,
  vigenereDecrypt,
  vigenereEncrypt,
} from '../../../src/core/index.js';
import { HARBOUR_EN, LONG_EN } from '../texts.js';

const basic = namedAlphabet('basic');
const PLAIN = HARBOUR_EN.slice(0, 240);

function randomLetters(count: number, seed: number): string {
  const rng = mulberry32(seed);
  return Array.from({ length: count }, () => String.fromCharCode(65 + Math.floor(rng() * 26))).join('');
}

/** The letters weigh reads: the text laid out as its presentation says, cut to its first 1,000 letters. */
const scoredOf = (text: string): string =>
  letterPrefix(normalise(text, basic, presentationOf(text, basic)), basic, 1000);

describe('letterKappa: the letters’ index of coincidence times the alphabet’s size', () => {
  it.each([
    ['', 0],
    ['A', 0],
    ['AB', 0],
    ['AA', 26],
    // AAAB: 3·2 ordered pairs alike of 4·3.
    ['AAAB', 13],
    ['a a-a, b!', 13],
    ['AABB', (26 * 4) / 12],
  ])('%j reads %d', (text, kappa) => {
    expect(letterKappa(text, basic)).toBeCloseTo(kappa, 12);
  });

  it('reads prose in one alphabet near 1.7 however its letters are renamed, random letters near 1', () => {
    const prose = letterKappa(LONG_EN, basic);
    expect(prose).toBeGreaterThan(1.5);
    expect(letterKappa(substitutionEncrypt(LONG_EN, keywordAlphabet('ZEBRAS', basic), basic), basic)).toBeCloseTo(
      prose,
      12,
    );
    expect(Math.abs(letterKappa(randomLetters(2000, 5), basic) - 1)).toBeLessThan(0.1);
  });
});

describe('weigh: the shifts and plain text', () => {
  const text = caesarEncrypt(PLAIN, 3, basic);
  const e = weigh(text, basic, 'en', { maxKeyLength: 20 });
  const en = e.languages[0]!;

  it('counts the letters and weighs the first 1,000 of them', () => {
    expect(e.letters).toBe(letterIndices(text, basic).length);
    expect(e.scored).toBe(e.letters);
    const long = weigh(caesarEncrypt(LONG_EN.repeat(3), 3, basic), basic, 'en', { maxKeyLength: 20 });
    expect(long.letters).toBeGreaterThan(1000);
    expect(long.scored).toBe(1000);
    expect(e.languages.map((l) => l.language)).toEqual(['en']);
  });

  it('anchors the Caesar solver’s posterior on the best shift’s likelihood: plain, the family less ln(n − 1), shares', () => {
    const { solutions } = solveCaesar(scoredOf(text), basic, 'en');
    const best = solutions[0]!;
    const anchor = scoreText(best.text, basic, 'en');
    const zero = solutions.find((s) => s.shift === 0)!;
    const others = solutions.filter((s) => s.shift !== 0);
    const total = others.reduce((sum, s) => sum + s.score, 0);
    expect(best.shift).toBe(3);
    expect(en.plain).toBeCloseTo(anchor + Math.log(zero.score / best.score), 9);
    expect(en.caesar).toBeCloseTo(anchor + Math.log(total / best.score) - Math.log(25), 9);
    expect(en.shifts).toHaveLength(10);
    expect(en.shifts[0]!.shift).toBe(3);
    en.shifts.forEach((s, i) => {
      expect(s.share).toBeCloseTo((others[i]!.score as number) / total, 12);
      expect(s.shift).toBe(others[i]!.shift);
    });
  });

  it('plain text is read at its own likelihood, and no shift of it keeps a share worth naming', () => {
    const p = weigh(PLAIN, basic, 'en', { maxKeyLength: 20 }).languages[0]!;
    expect(p.plain).toBeCloseTo(scoreText(PLAIN, basic, 'en'), 9);
    expect(p.caesar).toBeLessThan(p.plain - 100);
  });

  it('a text a shift reads is not searched for a key, nor for a cryptogram’s', () => {
    expect(e.searched).toBe(false);
    expect(e.substituted).toBe(false);
    expect(en.vigenere).toBeUndefined();
    expect(en.substitution).toBeUndefined();
  });

  it('with the gate open (skipVigenereAbove ∞) the key search runs, and its key is one letter: no Vigenère reading', () => {
    const open = weigh(text, basic, 'en', { maxKeyLength: 20, skipVigenereAbove: Number.POSITIVE_INFINITY });
    expect(open.searched).toBe(true);
    expect(open.languages[0]!.vigenere).toBeUndefined();
  });
});

describe('weigh: Atbash and the affine family', () => {
  it('scores Atbash as its decryption reads, and the affine family anchored on its best key', () => {
    const text = affineEncrypt(PLAIN, { a: 5, b: 8 }, basic);
    const scored = scoredOf(text);
    const got = affineEvidence(scored, basic, 'en');
    expect(got.atbash).toBeCloseTo(scoreText(atbash(scored, basic), basic, 'en'), 9);
    const keys = affineKeys(26);
    const { logs, T } = scoreAffineKeys(scored, basic, 'en', keys);
    const family = keys
      .map((k, i) => ({ ...k, log: (logs[i] as number) / T }))
      .filter((k) => k.a !== 1 && !(k.a === 25 && k.b === 25))
      .sort((x, y) => y.log - x.log);
    // 12 values of a coprime to 26, less a = 1 (the shifts): 11 · 26 keys, less Atbash.
    expect(family).toHaveLength(11 * 26 - 1);
    const total = logSumExp(family.map((k) => k.log));
    const anchor = scoreText(affineDecrypt(scored, { a: 5, b: 8 }, basic), basic, 'en');
    expect(got.affine).toBeCloseTo(anchor + total - family[0]!.log - Math.log(family.length), 9);
    expect(got.affineKeys).toHaveLength(10);
    expect(got.affineKeys[0]).toMatchObject({ a: 5, b: 8 });
    got.affineKeys.forEach((k, i) => {
      expect(k).toMatchObject({ a: family[i]!.a, b: family[i]!.b });
      expect(k.share).toBeCloseTo(Math.exp(family[i]!.log - total), 12);
    });
  });

  it('leaves Atbash out of the affine keys and weighs it on its own', () => {
    const got = affineEvidence(atbash(PLAIN, basic), basic, 'en');
    expect(got.affineKeys.some((k) => k.a === 25 && k.b === 25)).toBe(false);
    expect(got.atbash).toBeGreaterThan(got.affine + 50);
  });

  it('on an alphabet of two letters Atbash is a shift, and no affine key is neither', () => {
    const ab = customAlphabet('AB');
    expect(affineEvidence('ABBA BAAB', ab, 'en')).toEqual({
      atbash: Number.NEGATIVE_INFINITY,
      affine: Number.NEGATIVE_INFINITY,
      affineKeys: [],
    });
  });

  it('on an alphabet of three letters Atbash is weighed', () => {
    expect(affineEvidence('ABC CAB', customAlphabet('ABC'), 'en').atbash).toBeGreaterThan(Number.NEGATIVE_INFINITY);
  });
});

describe('weigh: a Vigenère key', () => {
  const text = vigenereEncrypt(PLAIN, 'LEMON', basic);
  const e = weigh(text, basic, 'en', { maxKeyLength: 20 });

  it('weighs the key on the scored letters, less ln 26 a key letter and ln of the other lengths', () => {
    const v = e.languages[0]!.vigenere!;
    expect(e.searched).toBe(true);
    expect(v.key).toBe('LEMON');
    const scored = scoredOf(text);
    const letters = letterIndices(scored, basic).length;
    // Lengths 2…min(20, letters / 2): 19 of them besides none.
    expect(Math.min(20, Math.floor(letters / 2))).toBe(20);
    const ll = scoreText(vigenereDecrypt(scored, 'LEMON', basic), basic, 'en');
    expect(v.evidence).toBeCloseTo(ll - 5 * Math.log(26) - Math.log(19), 9);
    expect(v.confidence).toBeGreaterThan(0.9);
    expect(v.confidence).toBeLessThanOrEqual(1);
    expect(v.equivalents.length).toBeGreaterThan(0);
  });

  it('counts the lengths up to max_key_length when it is the lower bound', () => {
    const v = weigh(text, basic, 'en', { maxKeyLength: 6 }).languages[0]!.vigenere!;
    const scored = scoredOf(text);
    const ll = scoreText(vigenereDecrypt(scored, 'LEMON', basic), basic, 'en');
    expect(v.evidence).toBeCloseTo(ll - 5 * Math.log(26) - Math.log(5), 9);
  });

  it('and up to half the letters when those are fewer', () => {
    const short = vigenereEncrypt(PLAIN.slice(0, 30), 'KEY', basic);
    const v = weigh(short, basic, 'en', { maxKeyLength: 20 }).languages[0]!.vigenere;
    expect(v).toBeDefined();
    const key = v?.key ?? '';
    const max = Math.floor(letterIndices(short, basic).length / 2);
    expect(max).toBeLessThan(20);
    const ll = scoreText(vigenereDecrypt(scoredOf(short), key, basic), basic, 'en');
    expect(v?.evidence).toBeCloseTo(ll - [...key].length * Math.log(26) - Math.log(max - 1), 9);
  });

  it('reads no Beaufort, autokey or Porta once the Vigenère key reads the text, nor a cryptogram', () => {
    const en = e.languages[0]!;
    expect(en.beaufort).toBeUndefined();
    expect(en.autokey).toBeUndefined();
    expect(en.porta).toBeUndefined();
    expect(e.substituted).toBe(false);
  });

  it('is not searched below the analysis’s 20 letters, nor with max_key_length 1', () => {
    const short = weigh(vigenereEncrypt('the old harbour', 'KEY', basic), basic, 'en', { maxKeyLength: 20 });
    expect(short.searched).toBe(false);
    expect(weigh(text, basic, 'en', { maxKeyLength: 1 }).searched).toBe(false);
    const twenty = vigenereEncrypt('the old harbour lies at t', 'KEY', basic);
    expect(letterIndices(twenty, basic).length).toBe(20);
    expect(weigh(twenty, basic, 'en', { maxKeyLength: 2, skipVigenereAbove: Number.POSITIVE_INFINITY }).searched).toBe(
      true,
    );
  });

  it('says the evident key length past max_key_length, and nothing when the key was within it', () => {
    const long = weigh(vigenereEncrypt(LONG_EN, 'SECRETKEYWORDS', basic), basic, 'en', { maxKeyLength: 10 });
    expect(long.evidentKeyLength).toBe(14);
    expect('evidentKeyLength' in e).toBe(false);
  });
});

describe('weigh: the cryptogram’s gate', () => {
  const text = substitutionEncrypt(PLAIN, keywordAlphabet('ZEBRAS', basic), basic);

  it('a cryptogram keeps the language’s kappa: the solver runs and its key is weighed', () => {
    const e = weigh(text, basic, 'en', { maxKeyLength: 20 });
    expect(e.substituted).toBe(true);
    const s = e.languages[0]!.substitution!;
    expect(s.language).toBe('en');
    expect(s.confidence).toBeGreaterThan(0);
    expect(s.evidence).toBeGreaterThan(e.unknown);
  });

  it('no cryptogram search below the kappa asked for, and Beaufort and autokey searched instead', () => {
    const e = weigh(text, basic, 'en', { maxKeyLength: 20, substituteFrom: Number.POSITIVE_INFINITY });
    expect(e.substituted).toBe(false);
    expect(e.languages[0]!.substitution).toBeUndefined();
    expect(e.searched).toBe(true);
  });

  it('nor below 20 letters (and at 20, whatever the kappa, when asked)', () => {
    const short = substitutionEncrypt('the old harbour lies', keywordAlphabet('ZEBRAS', basic), basic);
    expect(letterIndices(short, basic).length).toBe(17);
    expect(weigh(short, basic, 'en', { maxKeyLength: 20, substituteFrom: 0 }).substituted).toBe(false);
    const twenty = substitutionEncrypt('the old harbour lies at t', keywordAlphabet('ZEBRAS', basic), basic);
    expect(letterIndices(twenty, basic).length).toBe(20);
    expect(weigh(twenty, basic, 'en', { maxKeyLength: 20, substituteFrom: 0 }).substituted).toBe(true);
  });

  it('with everySearch, random letters are searched as every family', () => {
    const e = weigh(randomLetters(120, 9), basic, 'en', { maxKeyLength: 10, everySearch: true });
    expect(e).toMatchObject({ searched: true, substituted: true });
    const en = e.languages[0]!;
    for (const family of ['vigenere', 'beaufort', 'autokey', 'porta', 'substitution'] as const)
      expect(en[family], family).toBeDefined();
  });
});

describe('weigh: the null model’s layout', () => {
  // 30 letters: spaced when its breaks number more than one in 15 letters.
  const words = 'ABCDEFGHIJ KLMNOPQRST UVWXYZABCD';

  it.each([
    [words, false],
    [`${words}.`, true],
  ])('%j is read with word breaks: %s', (text, spaced) => {
    const e = weigh(text, basic, 'en', { maxKeyLength: 1 });
    expect(e.unknown).toBeCloseTo(nullEvidence(scoredOf(text), basic, spaced), 9);
    expect(e.unknown).not.toBeCloseTo(nullEvidence(scoredOf(text), basic, !spaced), 3);
  });
});

describe('keyedEvidence: Beaufort, autokey and Porta', () => {
  const text = variantEncrypt(PLAIN, 'QUAYSIDE', 'porta', basic);

  it('weighs a Porta key on the scored letters, less ln 13 a key letter and ln of the lengths', () => {
    const k = keyedEvidence(text, text, basic, 'en', 20, 'porta')!;
    const v = analyzeVariant(text, basic, 'en', 20, 'porta');
    expect(k.key).toBe(v.probable_key);
    const ll = scoreText(variantDecrypt(text, k.key, 'porta', basic), basic, 'en');
    expect(k.evidence).toBeCloseTo(ll - 8 * Math.log(13) - Math.log(20), 9);
    expect(k.confidence).toBeCloseTo(keyConfidence(v), 12);
    expect(k.language).toBe('en');
  });

  it('a Beaufort key costs ln 26 a letter, and its lengths are at most half the letters', () => {
    const short = variantEncrypt(PLAIN.slice(0, 40), 'KEY', 'beaufort', basic);
    const k = keyedEvidence(short, short, basic, 'en', 30, 'beaufort')!;
    const letters = letterIndices(short, basic).length;
    const ll = scoreText(variantDecrypt(short, k.key, 'beaufort', basic), basic, 'en');
    expect(k.evidence).toBeCloseTo(ll - [...k.key].length * Math.log(26) - Math.log(Math.floor(letters / 2)), 9);
  });

  it('no Porta on an alphabet of odd length', () => {
    const spanish = namedAlphabet('spanish');
    expect(spanish.size % 2).toBe(1);
    expect(keyedEvidence(PLAIN, PLAIN, spanish, 'es', 10, 'porta')).toBeUndefined();
  });

  it('no Beaufort reading of a one-letter key (it is an affine key)', () => {
    const one = variantEncrypt(PLAIN, 'K', 'beaufort', basic);
    expect(keyedEvidence(one, one, basic, 'en', 10, 'beaufort')).toBeUndefined();
  });
});
