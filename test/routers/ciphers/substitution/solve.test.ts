// substitution.solve and affine.solve through createCaller and REST: the answer's shape, clues kept and refused.
import { describe, expect, it } from 'vitest';
import { makeApp, post } from '../../../http/helpers.js';
import { caller, fieldErrors } from '../../caller.js';

const app = makeApp();

// A Tale of Two Cities (Dickens, public domain), enciphered with the keyword DICKENS.
const PLAIN =
  'It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness.';
const CIPHER =
  'Bt wdr tae iert mn tbjer, bt wdr tae wmqrt mn tbjer, bt wdr tae dse mn wbrkmj, bt wdr tae dse mn nmmhbralerr.';

describe('substitution.solve', () => {
  it('answers the key as a cipher alphabet with ? for letters the text does not use, and runners-up', async () => {
    // A clue on letters the text does not use, which no keyword alphabet near DICKENS keeps: the general key.
    const r = await caller.substitution.solve({ text: CIPHER, language: 'en', clues: { Z: 'Y' } });
    expect(r.best_solution.text).toBe(PLAIN);
    // key[i] is what plain letter i became: A → D, B → I, T → T …; C, J, K … never appear in the plaintext.
    expect(r.best_solution.key).toMatch(/^DI\?KENSAB\?\?HJLM\?\?QRT\?\?W\?Z\?$/);
    expect(r.best_solution.rule).toBeUndefined();
    expect(r.runners_up.length).toBeGreaterThan(0);
    for (const s of r.runners_up) expect(s.key).not.toBe(r.best_solution.key);
    const total = r.best_solution.confidence + r.runners_up.reduce((x, s) => x + s.confidence, 0) + r.no_answer;
    expect(total).toBeLessThanOrEqual(1 + 1e-9);
    expect(r.language).toBe('en');
  });

  it('names the keyword alphabet that explains the text, and fills the cells the keyword says', async () => {
    const r = await caller.substitution.solve({ text: CIPHER, language: 'en' });
    expect(r.best_solution.text).toBe(PLAIN);
    // DICKENS then the other letters in order; the text never shows plain C, J or K, so keywords with another third
    // letter read it alike and those cells stay open.
    expect(r.best_solution.key).toBe('DI?KENSAB??HJLMOPQRTUVWXYZ');
    expect(r.best_solution.rule).toEqual({ cipher: 'keyword', keyword: 'DI?KENS' });
  });

  it('keeps a clue, even a wrong one, in every answer (REST)', async () => {
    const r = await post(app, '/substitution/solve', { text: CIPHER, language: 'en', clues: { q: 'Z' } });
    expect(r.status).toBe(200);
    const body = r.body as { best_solution: { key: string }; runners_up: { key: string }[] };
    for (const s of [body.best_solution, ...body.runners_up]) expect(s.key[25]).toBe('Q');
  });

  it('refuses clues that are not one letter to one letter, or give a letter twice', async () => {
    expect(await fieldErrors(caller.substitution.solve({ text: CIPHER, clues: { QQ: 'T' } }))).toEqual({
      clues: ['The clues must map one letter of the selected alphabet to one letter: "QQ" is not one.'],
    });
    expect(await fieldErrors(caller.substitution.solve({ text: CIPHER, clues: { Q: 'T', R: 't' } }))).toEqual({
      clues: ['The clues give plain letter T to both Q and R.'],
    });
    expect(await fieldErrors(caller.substitution.solve({ text: CIPHER, clues: { q: 'T', Q: 'E' } }))).toEqual({
      clues: ['The clues give cipher letter Q twice.'],
    });
    expect(await fieldErrors(caller.substitution.solve({ text: '1234' }))).toEqual({
      text: ['The text must contain at least one letter of the selected alphabet.'],
    });
  });
});

describe('affine.solve', () => {
  it('ranks every key of the alphabet, Wikipedia’s a = 5, b = 8 first (REST)', async () => {
    const text = 'Ihhwvc swfrcpu ipc uwqflc uenuzwzezwavu owzr i lwzzlc ipwzrqczws.';
    const r = await post(app, '/affine/solve', { text, language: 'en' });
    expect(r.status).toBe(200);
    const body = r.body as { best_solution: { a: number; b: number; text: string }; all_solutions: unknown[] };
    expect(body.best_solution).toMatchObject({ a: 5, b: 8 });
    expect(body.best_solution.text).toBe('Affine ciphers are simple substitutions with a little arithmetic.');
    expect(body.all_solutions).toHaveLength(312);
  });
});
