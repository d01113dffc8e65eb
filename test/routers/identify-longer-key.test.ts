// identify through createCaller and REST when a Vigenère key is longer than max_key_length (issue 30, item 4): the
// answer, unknown, says key_too_long with the length, and asked again with that length names the key.
import { describe, expect, it } from 'vitest';
import { CAESAR_SENTENCE_TWICE } from '../analysis/texts.js';
import { makeApp, post } from '../http/helpers.js';
import { caller } from './caller.js';

const app = makeApp();

const PLAIN = CAESAR_SENTENCE_TWICE;
const KEY = 'MOUNTAINS';
/** Identify reads its first 300 letters (15 a key letter past 20) for the key search: 33 a column of this key. */
const LIMIT = 6;

type Answer = {
  best_solution: { cipher: string; key?: string };
  reason?: string;
  evident_key_length?: number;
};
type Identify = (input: { text: string; max_key_length?: number }) => Promise<Answer>;

const SURFACES: [string, Identify][] = [
  ['createCaller', async (input) => (await caller.analysis.identify(input)) as Answer],
  ['REST', async (input) => (await post(app, '/identify', input)).body as Answer],
];

describe.each(SURFACES)('a 9-letter Vigenère key under a max_key_length of 6, through %s', (_, identify) => {
  it('is unknown, said to be a longer key with its length; asked again with that length, the key is named', async () => {
    const text = (await caller.vigenere.encrypt({ text: PLAIN, key: KEY })).result;
    const first = await identify({ text, max_key_length: LIMIT });
    expect(first.best_solution.cipher).toBe('unknown');
    expect(first).toMatchObject({ reason: 'key_too_long', evident_key_length: KEY.length });
    const again = await identify({ text, max_key_length: first.evident_key_length });
    expect(again.best_solution).toMatchObject({ cipher: 'vigenere', key: KEY });
    expect(again).not.toHaveProperty('reason');
    expect(again).not.toHaveProperty('evident_key_length');
  }, 60_000);
});

describe('a plain English text', () => {
  it('carries no reason and no evident key length', async () => {
    const answer = (await post(app, '/identify', { text: PLAIN, max_key_length: LIMIT })).body as Answer;
    expect(answer.best_solution.cipher).toBe('plain');
    expect(answer).not.toHaveProperty('reason');
    expect(answer).not.toHaveProperty('evident_key_length');
  });
});
