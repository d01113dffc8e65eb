// The period the coincidences show beyond doubt: the most significant length or the shortest of its divisors that
// coincides half as well, never a length that is neither (on the playground's example it kept the key's own length
// out of the search, and max_key_length 6 answered a wrong 4-letter key for a 6-letter one).
import { describe, expect, it } from 'vitest';
import { VIGENERE_EXAMPLE } from '../../../client/playground/src/examples.js';
import { analyzeVigenere } from '../../../src/analysis/index.js';
import { evidentPeriod } from '../../../src/analysis/vigenere/ioc.js';
import { namedAlphabet } from '../../../src/core/index.js';

const RANDOM = 1 / 26;
/** Coincidences of lengths 1…k, each given as its excess over random letters. */
const coincidencesOf = (excess: number[]) => Float64Array.from([0, ...excess.map((e) => RANDOM + e)]);

describe('evidentPeriod', () => {
  // 300 letters: a length 6 whose columns coincide 0.0216 above random is beyond doubt (some 20 deviations).
  it.each([
    ['the most significant length, when no divisor coincides half as well', [0.004, 0.007, 0.009, 0.003, 0, 0.0216], 6],
    ['not a length that is no divisor of it, however well it coincides', [0.004, 0.007, 0.009, 0.0116, 0, 0.0216], 6],
    ['the shortest divisor that coincides at least half as well', [0.004, 0.007, 0.0115, 0.003, 0, 0.0216], 3],
    ['nothing, when no length is significant', [0.001, 0.001, 0.002, 0.001, 0, 0.002], undefined],
  ])('is %s', (_, excess, period) => {
    expect(evidentPeriod(coincidencesOf(excess), 300, 26, excess.length)).toBe(period);
  });

  it('lets the playground’s example (key ORCHID, 300 letters) be broken with max_key_length 6', () => {
    const basic = namedAlphabet('basic');
    for (const max of [6, 12])
      expect(analyzeVigenere(VIGENERE_EXAMPLE, basic, 'auto', max).probable_key).toBe('ORCHID');
  });
});
