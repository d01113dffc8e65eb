// Identify's readings, through createCaller and REST alike: each distinct reading listed once (issue 30, item 3: a
// shift read in five languages is one explanation, its confidences summed and its languages named), and each
// language's own alphabet weighed too (item 2).
import { beforeAll, describe, expect, it } from 'vitest';
import { makeApp, post, type TestApp } from '../http/helpers.js';
import { caller } from './caller.js';

interface Solution {
  cipher: string;
  language: string;
  other_languages?: string[];
  alphabet?: string;
  shift?: number;
  key?: string;
  a?: number;
  b?: number;
  text: string;
  confidence: number;
}
interface Identification {
  best_solution: Solution;
  all_solutions: Solution[];
}

const CASES = [
  {
    name: 'a Caesar text (shift 3)',
    text: 'Wkh vhfuhw phhwlqj lv dw wkh rog ploo dw vxqvhw; eulqj wkh pds.',
    best: { cipher: 'caesar', shift: 3, language: 'en' },
  },
  {
    name: 'a short Caesar text, where the other languages hold more',
    text: 'Khoor zruog',
    best: { cipher: 'caesar', shift: 3, language: 'en' },
  },
  {
    name: 'plain French with accents, read in A–Z and in the french alphabet',
    text: "L'été dernier, nous sommes allés à la mer avec nos élèves; ils ont découvert les châteaux et les forêts.",
    best: { cipher: 'plain', language: 'fr' },
  },
  {
    name: 'plain English',
    text: 'It is a truth universally acknowledged, that a single man',
    best: { cipher: 'plain', language: 'en' },
  },
];

// A reading is a cipher, its key and the alphabet it is read in: shift 2 in A–Z and shift 2 in the french alphabet
// are two readings with two decryptions.
const reading = (s: Solution) => [s.cipher, s.alphabet ?? 'the one asked', s.shift, s.key, s.a, s.b].join('|');

function expectOneEntryPerReading(r: Identification, best: object): void {
  const readings = r.all_solutions.map(reading);
  expect(new Set(readings).size).toBe(readings.length);
  // Distinct decryptions too, unknown aside (it reads the text as it was sent, as plain does).
  const texts = r.all_solutions.filter((s) => s.cipher !== 'unknown').map((s) => s.text);
  expect(new Set(texts).size).toBe(texts.length);
  expect(r.best_solution).toMatchObject(best);
  // The best reading was weighed in every language, and names the others.
  expect([r.best_solution.language, ...(r.best_solution.other_languages ?? [])].sort()).toEqual(
    ['de', 'en', 'es', 'fr', 'pl'].sort(),
  );
  const total = r.all_solutions.reduce((sum, s) => sum + s.confidence, 0);
  expect(total).toBeLessThanOrEqual(1 + 1e-9);
}

describe('identify: one entry per distinct reading', () => {
  let app: TestApp;
  beforeAll(() => {
    app = makeApp();
  });

  it.each(CASES)('$name, through createCaller', async ({ text, best }) => {
    expectOneEntryPerReading(await caller.analysis.identify({ text }), best);
  });

  it.each(CASES)('$name, through REST', async ({ text, best }) => {
    const reply = await post(app, '/identify', { text });
    expect(reply.status).toBe(200);
    expectOneEntryPerReading(reply.body as Identification, best);
  });

  it('sums the languages of a reading (a short Caesar text split five ways is one sure reading); one language asked, none other named', async () => {
    const folded = await caller.analysis.identify({ text: 'Khoor zruog' });
    const english = await caller.analysis.identify({ text: 'Khoor zruog', language: 'en' });
    expect(english.best_solution.other_languages).toBeUndefined();
    expect(folded.best_solution.confidence).toBeGreaterThan(0.9);
    expect(folded.best_solution.text).toBe('Hello world');
  });
});

// Issue 30, item 2: a Caesar shift of the german alphabet (ä ö ü ß moved with A–Z) was read only
// in A–Z unless the alphabet was named, and answered unknown at > 99.9 %.
describe('identify: each language’s own alphabet weighed too', () => {
  const PLAIN = 'Grüße aus München! Die Brötchen schmecken süß, und die Mädchen lächeln fröhlich über die Bäume.';
  let app: TestApp;
  beforeAll(() => {
    app = makeApp();
  });

  it.each([
    { asked: undefined, best: { cipher: 'caesar', shift: 25, language: 'de', alphabet: 'german', text: PLAIN } },
    // Named, the alphabet is the one asked for: the answer does not repeat it.
    { asked: 'german', best: { cipher: 'caesar', shift: 25, language: 'de', text: PLAIN } },
  ] as const)(
    'a german-alphabet Caesar text, alphabet $asked: found, through createCaller and REST',
    async ({ asked, best }) => {
      const { result: text } = await caller.caesar.encrypt({ text: PLAIN, shift: 25, alphabet: 'german' });
      const body = asked ? { text, alphabet: asked } : { text };
      const reply = await post(app, '/identify', body);
      expect(reply.status).toBe(200);
      for (const r of [await caller.analysis.identify(body), reply.body as Identification]) {
        expect(r.best_solution).toEqual(expect.objectContaining(best));
        if (!asked) expect(r.best_solution.alphabet).toBe('german');
        else expect(r.best_solution.alphabet).toBeUndefined();
        expect(r.best_solution.confidence).toBeGreaterThan(0.99);
        expect(r.all_solutions.reduce((sum, s) => sum + s.confidence, 0)).toBeLessThanOrEqual(1 + 1e-9);
      }
    },
  );

  it('reads a text with no letter beyond A–Z in A–Z alone, as before', async () => {
    const r = await caller.analysis.identify({
      text: 'Wkh vhfuhw phhwlqj lv dw wkh rog ploo dw vxqvhw; eulqj wkh pds.',
    });
    expect(r.all_solutions.filter((s) => s.alphabet !== undefined)).toEqual([]);
  });
});
