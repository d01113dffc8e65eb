// Caesar solver: exact solutions in every language, posterior shape, language detection and input errors.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HELD_OUT } from '../../../scripts/lib/held-out.js';
import { fitShifts } from '../../../src/analysis/caesar/fit.js';
import {
  AnalysisInputError,
  LANGUAGE_INFO,
  LANGUAGES,
  type Language,
  NO_LETTERS_MESSAGE,
  solveCaesar,
} from '../../../src/analysis/index.js';
import { mulberry32 } from '../../../src/analysis/scoring/index.js';
import {
  type Alphabet,
  caesarDecrypt,
  caesarEncrypt,
  customAlphabet,
  letterIndices,
  namedAlphabet,
} from '../../../src/core/index.js';

const ownAlphabet = (language: Language): Alphabet => namedAlphabet(LANGUAGE_INFO[language].alphabet);
const basic = namedAlphabet('basic');
const LONG_PLAIN =
  'A quiet river runs past the mill, and the miller watches the water turn his wheel from dawn until dusk.';

// The fixed texts of shared/acceptance/conformance.mjs.
const EN60 = 'Meet me near the old clock tower at midnight, and bring the documents with';
const PL = 'Litwo! Ojczyzno moja! ty jesteś jak zdrowie. Ile cię trzeba cenić, ten tylko się dowie, kto cię stracił.';
const DE = 'Es war einmal ein kleines Mädchen, das wohnte mit seiner Großmutter in einem Häuschen am Rande des Waldes.';

describe('solveCaesar', () => {
  it('solves the conformance examples', () => {
    const en = solveCaesar(caesarEncrypt(EN60, 7, basic), basic, 'en');
    expect(en.language).toBe('en');
    expect(en.solutions[0]).toMatchObject({ shift: 7, text: EN60 });

    const polish = namedAlphabet('polish');
    const pl = solveCaesar(caesarEncrypt(PL, 11, polish), polish, 'pl');
    expect(pl.solutions).toHaveLength(35);
    expect(pl.solutions[0]).toMatchObject({ shift: 11, text: PL });

    // Encrypting with −5 is the shift 25 of the 30-letter German alphabet.
    const german = namedAlphabet('german');
    const de = solveCaesar(caesarEncrypt(DE, -5, german), german, 'de');
    expect(de.solutions).toHaveLength(30);
    expect(de.solutions[0]).toMatchObject({ shift: 25, text: DE });
  });

  it.each(LANGUAGES)('solves held-out %s passages exactly in their own alphabet', (language) => {
    const a = ownAlphabet(language);
    HELD_OUT[language].forEach(({ text }, i) => {
      const shift = (3 + 7 * i) % a.size;
      const result = solveCaesar(caesarEncrypt(text, shift, a), a, language);
      expect(result.solutions[0]?.shift).toBe(shift);
      expect(result.solutions[0]?.text).toBe(text);
      expect(result.solutions[0]?.score).toBeGreaterThan(0.99);
    });
  });

  it('gives one entry per shift, sorted by a posterior that sums to 1 with "no answer" (nearly 1 alone at 40 letters), each text the decryption', () => {
    for (const language of LANGUAGES) {
      const a = ownAlphabet(language);
      const cipher = caesarEncrypt((HELD_OUT[language][0] as { text: string }).text.slice(0, 40), 5, a);
      const { solutions } = solveCaesar(cipher, a, language);
      expect(solutions.map((s) => s.shift).sort((x, y) => x - y)).toEqual(Array.from({ length: a.size }, (_, i) => i));
      const { noAnswer } = solveCaesar(cipher, a, language);
      const sum = solutions.reduce((acc, s) => acc + s.score, 0);
      expect(sum + noAnswer).toBeCloseTo(1, 12);
      expect(sum).toBeCloseTo(1, 9);
      for (let i = 1; i < solutions.length; i++) {
        expect(solutions[i - 1]?.score).toBeGreaterThanOrEqual(solutions[i]?.score as number);
      }
      for (const s of solutions) {
        expect(s.score).toBeGreaterThanOrEqual(0);
        expect(s.text).toBe(caesarDecrypt(cipher, s.shift, a));
      }
    }
  });

  it('is unsure, not falsely certain, about a text too short to tell, and says why', () => {
    const { solutions, noAnswer, reason } = solveCaesar('Xy', basic, 'en');
    expect(solutions[0]?.score).toBeLessThan(0.5);
    expect(reason).toBeDefined();
    // The shifts and "no answer" share one probability: the scores alone sum to less than 1.
    expect(noAnswer).toBeGreaterThan(0);
    expect(solutions.reduce((acc, s) => acc + s.score, 0) + noAnswer).toBeCloseTo(1, 9);
  });

  it('weighs "no answer" by the class of the layout: letters run together, in equal groups or one at a time, apart from words', () => {
    const plain = 'Meet me near the old clock tower at midnight';
    const stripped = caesarEncrypt(plain.replace(/ /g, '').toUpperCase(), 3, basic);
    for (const text of [stripped, stripped.replace(/(.{5})/g, '$1 ').trim(), [...stripped].join(' ')]) {
      const result = solveCaesar(text, basic, 'en');
      expect(result.noAnswerClass).toBe('letters');
      expect(result.solutions[0]?.shift).toBe(3);
      expect(result.solutions.reduce((acc, s) => acc + s.score, 0) + result.noAnswer).toBeCloseTo(1, 9);
    }
    expect(solveCaesar(caesarEncrypt(plain, 3, basic), basic, 'en').noAnswerClass).toBe('words');
  });

  // The shipped "no answer" fits (src/analysis/caesar/no-answer-fits.ts), typed out so that a change to them or to how
  // they are applied fails here: logit P(answer) = slope · evidence + offset + perLetter · (min(letters, 10) − 4).
  const SHIPPED = { words: [0.81, -0.72, 0.3], letters: [0.89, -0.2, 0.15] } as const;

  it.each([
    // [ciphertext, class of its layout, letters]; 16 letters is past the growth's cap of 10.
    ['KHOOR', 'letters', 5],
    ['Khoor', 'letters', 5],
    ['WKDW', 'letters', 4],
    ['ZRUOG PHHW', 'letters', 9],
    ['Wkh txlfn eurzq ira', 'words', 16],
  ] as const)(
    'weighs %s against "no answer" by its evidence and the shipped %s fit at %d letters',
    (text, layout, n) => {
      const r = solveCaesar(text, basic, 'en');
      expect(r.noAnswerClass).toBe(layout);
      const [slope, offset, perLetter] = SHIPPED[layout];
      const logit = slope * r.evidence + offset + perLetter * (Math.min(n, 10) - 4);
      expect(r.noAnswer).toBeCloseTo(1 / (1 + Math.exp(logit)), 12);
      // Nothing reshapes the product: the shifts share exactly what "no answer" leaves.
      expect(r.solutions.reduce((acc, x) => acc + x.score, 0)).toBeCloseTo(1 - r.noAnswer, 12);
    },
  );

  it('reshapes nothing: a fit that puts "no answer" at 1/4 scales every shift by 3/4 of its share', () => {
    // slope 0, offset ln 3: P(answer) = 3 / (1 + 3) = 3/4 whatever the evidence, so no_answer is 1/4, and each shift
    // keeps its share among the shifts, score / (1 − no_answer) of the shipped solve.
    for (const text of ['KHOOR', 'Wkh txlfn eurzq ira']) {
      const shipped = solveCaesar(text, basic, 'en');
      const quarter = solveCaesar(text, basic, 'en', { noAnswerFit: { slope: 0, offset: Math.log(3) } });
      expect(quarter.noAnswer).toBeCloseTo(0.25, 15);
      expect(quarter.evidence).toBe(shipped.evidence);
      for (const s of shipped.solutions) {
        const scaled = quarter.solutions.find((x) => x.shift === s.shift)?.score;
        expect(scaled).toBeCloseTo((0.75 * s.score) / (1 - shipped.noAnswer), 12);
      }
    }
  });

  it.each(LANGUAGES)("'auto' recognises a %s paragraph", (language) => {
    const a = ownAlphabet(language);
    const paragraph = HELD_OUT[language]
      .slice(0, 3)
      .map((p) => p.text)
      .join(' ');
    const result = solveCaesar(caesarEncrypt(paragraph, 9, a), a, 'auto');
    expect(result.language).toBe(language);
    expect(result.solutions[0]?.text).toBe(paragraph);
  });

  it("'auto' recognises the language on the basic alphabet too, from the letters the cipher left alone", () => {
    for (const language of LANGUAGES) {
      const paragraph = HELD_OUT[language]
        .slice(3, 6)
        .map((p) => p.text)
        .join(' ');
      const result = solveCaesar(caesarEncrypt(paragraph, 17, basic), basic, 'auto');
      expect(result.language).toBe(language);
      expect(result.solutions[0]?.shift).toBe(17);
    }
  });

  it('solves ciphertexts stripped to letters only', () => {
    for (const language of LANGUAGES) {
      const a = ownAlphabet(language);
      const text = (HELD_OUT[language][1] as { text: string }).text;
      const cipher = caesarEncrypt(text, 4, a, { preserveNonAlpha: false });
      expect(solveCaesar(cipher, a, language).solutions[0]?.shift).toBe(4);
      expect(solveCaesar(cipher, a, 'auto').language).toBe(language);
    }
  });

  it('solves over a custom alphabet whose symbols the model partly does not know', () => {
    // Upper case only: a letter shifted onto a digit would lose its case, which has no partner.
    const a = customAlphabet('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
    const plain = LONG_PLAIN.toUpperCase();
    const result = solveCaesar(caesarEncrypt(plain, 20, a), a, 'en');
    expect(result.solutions).toHaveLength(36);
    expect(result.solutions[0]).toMatchObject({ shift: 20, text: plain });
  });

  it('with bestOnly returns just the most probable solution, scored as among all shifts', () => {
    const cipher = caesarEncrypt(LONG_PLAIN, 9, basic);
    const all = solveCaesar(cipher, basic, 'auto');
    const best = solveCaesar(cipher, basic, 'auto', { bestOnly: true });
    expect(best.language).toBe(all.language);
    expect(best.solutions).toEqual(all.solutions.slice(0, 1));
  });

  it('throws AnalysisInputError on text without a letter of the alphabet', () => {
    for (const text of ['', '1234 !!! 😀', 'ąęł']) {
      const error = (() => {
        try {
          solveCaesar(text, basic, 'en');
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(AnalysisInputError);
      expect(error).toMatchObject({ field: 'text', message: NO_LETTERS_MESSAGE });
    }
    expect(() => solveCaesar('😀', basic, 'auto')).toThrow(AnalysisInputError);
  });

  it('solves any stretch of 40+ letters of held-out text, from any word on, under any shift (property)', () => {
    const streams = LANGUAGES.map((language) => {
      const text = HELD_OUT[language].map((p) => p.text).join(' ');
      const starts = [...text.matchAll(/(?<=^|\s)\S/gu)].map((m) => m.index);
      return { language, text, starts };
    });
    fc.assert(
      fc.property(
        fc.constantFrom(...streams),
        fc.nat(),
        fc.integer({ min: 40, max: 160 }),
        fc.nat(),
        ({ language, text, starts }, at, letters, seed) => {
          const a = ownAlphabet(language);
          const rest = text.slice(starts[at % starts.length]);
          fc.pre(letterIndices(rest, a).length >= letters);
          let seen = 0;
          let end = 0;
          for (const ch of rest) {
            end += ch.length;
            if (a.lookup(ch.codePointAt(0) as number) >= 0 && ++seen === letters) break;
          }
          const plain = rest.slice(0, end);
          const shift = seed % a.size;
          const best = solveCaesar(caesarEncrypt(plain, shift, a), a, language).solutions[0];
          expect(best?.shift).toBe(shift);
          expect(best?.text).toBe(plain);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('returns exactly the core decryption for arbitrary strings, lone surrogates included (property)', () => {
    const polish = namedAlphabet('polish');
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
        const text = `${s}Zażółć`;
        const { solutions } = solveCaesar(text, polish, 'pl');
        expect(solutions.map((x) => x.text)).toEqual(solutions.map((x) => caesarDecrypt(text, x.shift, polish)));
      }),
      { numRuns: 50 },
    );
  });

  it('returns exactly the core decryption for Latin-1 text (property)', () => {
    const latin1 = fc.string({
      unit: fc.integer({ min: 0, max: 0xff }).map((c) => String.fromCharCode(c)),
      maxLength: 40,
    });
    fc.assert(
      fc.property(latin1, (s) => {
        const text = `${s}Hello`;
        const { solutions } = solveCaesar(text, basic, 'en');
        expect(solutions.map((x) => x.text)).toEqual(solutions.map((x) => caesarDecrypt(text, x.shift, basic)));
      }),
      { numRuns: 50 },
    );
  });

  it('returns exactly the core decryption for long Latin-1 text, odd and even lengths (the paired path)', () => {
    const latin1 = fc.string({
      unit: fc.integer({ min: 0, max: 0xff }).map((c) => String.fromCharCode(c)),
      minLength: 1,
      maxLength: 30,
    });
    const spanish = namedAlphabet('spanish');
    fc.assert(
      fc.property(latin1, fc.integer({ min: 8192, max: 9000 }), fc.boolean(), (s, length, es) => {
        const a = es ? spanish : basic;
        const text = `${LONG_PLAIN} ${s} ñÑ`.repeat(Math.ceil(length / 100)).slice(0, length);
        const { solutions } = solveCaesar(text, a, es ? 'es' : 'en');
        expect(solutions.map((x) => x.text)).toEqual(solutions.map((x) => caesarDecrypt(text, x.shift, a)));
      }),
      { numRuns: 12 },
    );
  });

  // Speed is a bench figure (npm run bench:accuracy), not a timed test.
  it('reads the first 500 letters alone when they settle, with the readings within 50 nats of the best there', () => {
    // 656 letters in groups of five: read as words and as letters run together, each at prior 1/2.
    const grouped = caesarEncrypt(LONG_PLAIN.repeat(8), 3, basic)
      .replace(/[^A-Za-z]/g, '')
      .toUpperCase()
      .replace(/.{5}(?!$)/g, '$& ');
    const fit = fitShifts(grouped, basic, 'en');
    expect(fit.whole).toBe(false);
    expect(fit.raw.indexOf(fit.best)).toBe(3);
    // The groups read as words are far behind (a prior plus the likelihood: less would keep the worse reading).
    expect(fit.readings.map((r) => r.layout)).toEqual(['joined']);
    // Random letters do not settle: the whole text is read.
    const random = mulberry32(5);
    const noise = Array.from({ length: 600 }, () => String.fromCharCode(65 + Math.floor(random() * 26))).join('');
    expect(fitShifts(noise, basic, 'en').whole).toBe(true);
  });

  it('solves 100,000 letters, every shift with its full text', () => {
    const text = `${LONG_PLAIN} `.repeat(Math.ceil(100_000 / letterIndices(LONG_PLAIN, basic).length));
    const cipher = caesarEncrypt(text, 13, basic);
    const result = solveCaesar(cipher, basic, 'en');
    expect(result.solutions).toHaveLength(26);
    expect(result.solutions[0]).toMatchObject({ shift: 13, text, score: 1 });
  });

  // Past 500 letters the solver may stop reading once the shift is settled (src/analysis/caesar/fit.ts).
  it.each(LANGUAGES)("solves and, with 'auto', recognises a long %s text read only in part", (language) => {
    const a = ownAlphabet(language);
    const text = HELD_OUT[language]
      .map((p) => p.text)
      .join(' ')
      .repeat(3);
    expect(letterIndices(text, a).length).toBeGreaterThan(1000);
    const shift = 9 % a.size;
    const cipher = caesarEncrypt(text, shift, a);
    for (const which of [language, 'auto'] as const) {
      const result = solveCaesar(cipher, a, which);
      expect(result.language).toBe(language);
      expect(result.solutions[0]).toMatchObject({ shift, text });
      expect(result.solutions[0]?.score).toBeGreaterThan(1 - 1e-9);
      expect(result.solutions.reduce((acc, s) => acc + s.score, 0)).toBeCloseTo(1, 9);
    }
    // 'auto' compares the languages on the first 50 letters, and only the one far ahead reads on: its answer is then
    // the very answer of that language, on the language's own alphabet and on A–Z.
    for (const b of [a, basic]) {
      const c = caesarEncrypt(text, shift, b);
      expect(solveCaesar(c, b, 'auto')).toEqual(solveCaesar(c, b, language));
    }
  });
});
