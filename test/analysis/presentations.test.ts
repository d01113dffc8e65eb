// Every presentation of a ciphertext solves (as written, letters only, in groups, letter-spaced), and text with no answer says so.
//
// Published vectors: the only Caesar puzzles with a checkable source at hand are two short English ones, cited
// below; each is also presented as letters only, in groups of five and letter-spaced (presentations of the
// published ciphertext, made with bench/accuracy/presentations.ts). No published puzzle in Polish, German, Spanish
// or French could be cited, so those languages get constructed vectors instead, labelled as such: a held-out corpus
// line (scripts/lib/held-out.ts, with its source) enciphered here and presented in every format.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FORMATS, type Format, isFolded, lettersOnly, present } from '../../bench/accuracy/presentations.js';
import { HELD_OUT } from '../../scripts/lib/held-out.js';
import { mulberry32 } from '../../scripts/lib/random.js';
import { analyzeVigenere, LANGUAGE_INFO, LANGUAGES, type Language, solveCaesar } from '../../src/analysis/index.js';
import { type Alphabet, caesarDecrypt, caesarEncrypt, namedAlphabet, vigenereEncrypt } from '../../src/core/index.js';

const basic = namedAlphabet('basic');
const alphabetFor = (language: Language, format: Format): Alphabet =>
  isFolded(format) ? basic : namedAlphabet(LANGUAGE_INFO[language].alphabet);

/** Published Caesar ciphertexts, as printed, with the shift that made them. */
const PUBLISHED = [
  {
    // David Darling, The Internet Encyclopedia of Science, "Caesar cipher":
    // http://www.daviddarling.info/encyclopedia/C/Caesar_cipher.html ("a shift of three units to the right").
    cipher: 'Wklv lv vhfuhw.',
    plain: 'This is secret.',
    shift: 3,
  },
  {
    // toolkitbay.com, "Caesar cipher" tool page: "Encrypted in caesar cipher shifted with 7".
    // http://toolkitbay.com/tkb/tool/caesar-cipher
    cipher: 'Nvvk aopunz puzpkl ?',
    plain: 'Good things inside ?',
    shift: 7,
  },
];

describe('published Caesar puzzles, in every presentation', () => {
  for (const v of PUBLISHED)
    for (const format of FORMATS) {
      it(`${JSON.stringify(v.cipher)} ${format}`, () => {
        // The published ciphertext is A–Z already, so each presentation is of the ciphertext itself.
        const shown = present(v.cipher, format);
        const r = solveCaesar(shown, basic, 'en');
        expect(r.solutions[0]?.shift).toBe(v.shift);
        expect(r.solutions[0]?.text).toBe(present(v.plain, format));
        expect(r.solutions[0]?.score).toBeGreaterThan(0.5);
        expect(r.reason).toBeUndefined();
      });
    }
});

describe('constructed vectors: a held-out line of every language in every presentation', () => {
  for (const language of LANGUAGES)
    for (const format of FORMATS) {
      const passage = HELD_OUT[language][0] as (typeof HELD_OUT)[Language][number];
      it(`${language} line ${passage.line}, ${format}`, () => {
        const a = alphabetFor(language, format);
        const shift = 5 + LANGUAGES.indexOf(language);
        const plain = isFolded(format) ? lettersOnly(passage.text) : passage.text;
        const shown = present(caesarEncrypt(plain, shift, a), format);
        const r = solveCaesar(shown, a, language);
        expect(r.solutions[0]?.shift).toBe(shift);
        expect(r.solutions[0]?.text).toBe(caesarDecrypt(shown, shift, a));
        expect(r.solutions[0]?.score).toBeGreaterThan(0.99);
        // The scores of the shifts and "no answer" share one probability.
        expect(r.solutions.reduce((s, x) => s + x.score, 0) + r.noAnswer).toBeCloseTo(1, 9);
      });
    }
});

describe('the readings of a layout', () => {
  it('reads a letter-spaced text with wider gaps between words as words', () => {
    const plain = 'T H E   Q U I C K   B R O W N   F O X';
    const r = solveCaesar(caesarEncrypt(plain, 11, basic), basic, 'en');
    expect(r.solutions[0]?.shift).toBe(11);
    expect(r.solutions[0]?.text).toBe(plain);
  });

  it('reads accents folded to A–Z with the basic alphabet, and kept ones as before', () => {
    // Held-out pl line 91 (scripts/lib/held-out.ts): folded, the word "pojawił" becomes "POJAWIL".
    const text = 'PZU Niewidzialny pojazd pojawił się znikąd, zderzył się ze mną i zniknął bez śladu.';
    for (const plain of [lettersOnly(text), text]) {
      const r = solveCaesar(caesarEncrypt(plain, 9, basic), basic, 'pl');
      expect(r.solutions[0]?.shift).toBe(9);
      expect(r.solutions[0]?.score).toBeGreaterThan(0.99);
    }
  });
});

describe('Vigenère, constructed vectors: a held-out line folded to A–Z, letters only, in groups, one letter at a time', () => {
  // Every language letters only (the folded model reads Polish, German, Spanish and French); the other two layouts
  // in English (they read as the same letters).
  const cases: [Language, Format][] = [
    ...LANGUAGES.map((l): [Language, Format] => [l, 'letters']),
    ['en', 'groups5'],
    ['en', 'letterspaced'],
  ];
  for (const [language, format] of cases) {
    const passage = HELD_OUT[language][1] as (typeof HELD_OUT)[Language][number];
    it(`${language} line ${passage.line}, ${format}, key ORBIT`, () => {
      const shown = present(vigenereEncrypt(lettersOnly(passage.text), 'ORBIT', basic), format);
      const r = analyzeVigenere(shown, basic, language, 10);
      expect(r.probable_key).toBe('ORBIT');
      expect(r.confidence).toBeGreaterThan(0.5);
      expect(r.reason).toBeUndefined();
    });
  }
});

/** A held-out passage cut to a number of letters from one of its word starts (or from its start). */
function cut(text: string, from: number, letters: number): string | undefined {
  const words = [...text.matchAll(/(?<=^|\s)\p{L}/gu)].map((m) => m.index);
  let seen = 0;
  const start = words[from % words.length] ?? 0;
  for (let i = start; i < text.length; i++)
    if (/\p{L}/u.test(text[i] as string) && ++seen === letters) return text.slice(start, i + 1);
  return undefined;
}

describe('any passage of 40 letters or more solves back in every presentation (property)', () => {
  it('held-out passages, every language, format and shift', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LANGUAGES),
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 40, max: 90 }),
        fc.nat(),
        fc.constantFrom(...FORMATS),
        (language, p, from, letters, s, format) => {
          const passages = HELD_OUT[language];
          const a = alphabetFor(language, format);
          const piece = cut((passages[p % passages.length] as (typeof passages)[number]).text, from, letters);
          fc.pre(piece !== undefined);
          const plain = isFolded(format) ? lettersOnly(piece as string) : (piece as string);
          const shift = s % a.size;
          const shown = present(caesarEncrypt(plain, shift, a), format);
          const best = solveCaesar(shown, a, language, { bestOnly: true }).solutions[0];
          expect(best?.shift).toBe(shift);
          expect(best?.score).toBeGreaterThan(0.5);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('Vigenère: random letters have no credible key', () => {
  it('60 uniformly random letters (seeded), letters only and letter-spaced, get confidence below 0.5 and a reason', () => {
    const rng = mulberry32(15);
    const letters = Array.from({ length: 60 }, () => basic.letters[Math.floor(rng() * 26)]).join('');
    for (const text of [letters, present(letters, 'letterspaced')]) {
      const r = analyzeVigenere(text, basic, 'en', 10);
      expect(r.confidence).toBeLessThan(0.5);
      expect(r.reason).toBeDefined();
    }
  });
});

describe('random letters have no answer (property)', () => {
  it('uniform random letters of 30 letters or more, in any presentation and language, get confidence below 0.5 and the reason no_answer', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LANGUAGES),
        fc.constantFrom(...FORMATS),
        fc.array(fc.integer({ min: 0, max: 25 }), { minLength: 30, maxLength: 200 }),
        (language, format, letters) => {
          const text = present(letters.map((i) => basic.letters[i]).join(''), format);
          const r = solveCaesar(text, basic, language, { bestOnly: true });
          expect(r.solutions[0]?.score).toBeLessThan(0.5);
          expect(r.reason).toBe('no_answer');
        },
      ),
      { numRuns: 150 },
    );
  });
});
