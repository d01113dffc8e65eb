// Caesar solve's candidate texts under an answer-size budget (issue 14, item 8): the best is whole, the rest cut.
import { describe, expect, it } from 'vitest';
import { solveCaesar } from '../../../src/analysis/index.js';
import {
  caesarDecrypt,
  caesarEncrypt,
  codePointLength,
  codePointPrefix,
  customAlphabet,
  namedAlphabet,
} from '../../../src/core/index.js';

describe('solveCaesar with candidateChars', () => {
  const basic = namedAlphabet('basic');
  const plain = 'The quick brown fox jumps over the lazy dog, and then it runs away into the forest.';
  const cipher = caesarEncrypt(plain, 7, basic);

  it('keeps the best text whole and cuts every other to a flagged prefix of its decryption', () => {
    const { solutions } = solveCaesar(cipher, basic, 'en', { candidateChars: 12 });
    const [best, ...rest] = solutions;
    expect(best).toEqual({ shift: 7, text: plain, score: expect.any(Number) });
    expect(rest).toHaveLength(25);
    for (const s of rest) {
      expect(s.truncated).toBe(true);
      expect(s.text).toBe(codePointPrefix(caesarDecrypt(cipher, s.shift, basic), 12));
    }
  });

  it('changes no score and no order', () => {
    const whole = solveCaesar(cipher, basic, 'en').solutions;
    const cut = solveCaesar(cipher, basic, 'en', { candidateChars: 5 }).solutions;
    expect(cut.map((s) => [s.shift, s.score])).toEqual(whole.map((s) => [s.shift, s.score]));
  });

  it('cuts nothing when the text is no longer than the budget', () => {
    const { solutions } = solveCaesar(cipher, basic, 'en', { candidateChars: codePointLength(cipher) });
    expect(solutions.some((s) => s.truncated)).toBe(false);
  });

  it('cuts by code points, never inside an astral letter', () => {
    const emoji = customAlphabet('😀😁😂🤣');
    const { solutions } = solveCaesar('😀😁😂🤣😀😁'.repeat(3), emoji, 'en', { candidateChars: 4 });
    for (const s of solutions.slice(1)) expect([...s.text]).toHaveLength(4);
  });
});
