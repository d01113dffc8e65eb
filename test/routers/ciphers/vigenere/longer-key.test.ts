// vigenere.analyze through createCaller and REST when the key is longer than max_key_length (issue 30, item 4): the
// answer says key_too_long with the length, and asking again with that length finds the key.
import { describe, expect, it } from 'vitest';
import { CAESAR_SENTENCE_TWICE } from '../../../analysis/texts.js';
import { makeApp, post } from '../../../http/helpers.js';
import { caller } from '../../caller.js';

const app = makeApp();

const PLAIN = CAESAR_SENTENCE_TWICE;
const KEY = 'MOUNTAINRIVER';

type Analysis = { probable_key: string; reason?: string; evident_key_length?: number };
type Analyze = (input: { text: string; max_key_length?: number }) => Promise<Analysis>;

const SURFACES: [string, Analyze][] = [
  ['createCaller', async (input) => (await caller.vigenere.analyze(input)).analysis],
  ['REST', async (input) => ((await post(app, '/vigenere/analyze', input)).body as { analysis: Analysis }).analysis],
];

describe.each(SURFACES)('a 13-letter key under the default max_key_length of 10, through %s', (_, analyze) => {
  it('is said to be longer, with its length; asked again with that length, it is found', async () => {
    const text = (await caller.vigenere.encrypt({ text: PLAIN, key: KEY })).result;
    const first = await analyze({ text });
    expect(first).toMatchObject({ reason: 'key_too_long', evident_key_length: KEY.length });
    const again = await analyze({ text, max_key_length: first.evident_key_length });
    expect(again.probable_key).toBe(KEY);
    expect(again).not.toHaveProperty('reason');
    expect(again).not.toHaveProperty('evident_key_length');
  });
});
