// Variant auto over the Vigenère family (src/analysis/vigenere/variants.ts): each text read as the variant it is, and
// the searches in the order likeliest to settle, stopping at the first settled reading, the unsettled ones bounded.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../scripts/lib/random.js';
import { type AnalyzedVariant, analyzeVariant } from '../../../src/analysis/index.js';
import { UNSETTLED_ALLOWANCE } from '../../../src/analysis/vigenere/tuning.js';
import { namedAlphabet, variantEncrypt } from '../../../src/core/index.js';
import { HARBOUR_EN } from '../texts.js';

const basic = namedAlphabet('basic');
const letters = HARBOUR_EN.toUpperCase().replace(/[^A-Z]/g, '');

describe('variant auto (issue 28)', () => {
  // Every variant's reading weighed: a Porta, autokey or Vigenère text is read as what it is.
  it.each([
    ['porta', 'QUAYSIDE', 'QUAYSICE'],
    ['autokey', 'QUAYSIDE', 'QUAYSIDE'],
    ['vigenere', 'QUAYSIDE', 'QUAYSIDE'],
  ] as const)('auto reads a %s text as %s', (variant, key, answered) => {
    const text = variantEncrypt(letters.slice(300, 380), key, variant, basic);
    expect(analyzeVariant(text, basic, 'en', 20, 'auto')).toMatchObject({ variant, probable_key: answered });
  });

  // auto stops at the first settled reading: on a Porta text the periodic variants get only their quick looks, and a
  // Vigenère text is not searched as Beaufort once its own search has settled. Work counts the periodic searches'
  // model look-ups, so this holds on any machine.
  it('auto spends only what the searches up to the settling one need', () => {
    const spent = (text: string, variant: AnalyzedVariant | 'auto', screen = false) => {
      const work = { spent: 0 };
      analyzeVariant(text, basic, 'en', 20, variant, { work, screen });
      return work.spent;
    };
    const looks = (text: string) => spent(text, 'vigenere', true) + spent(text, 'beaufort', true);
    const porta = variantEncrypt(letters.slice(300, 380), 'QUAYSIDE', 'porta', basic);
    expect(spent(porta, 'auto')).toBeCloseTo(looks(porta), 3);
    expect(looks(porta)).toBeLessThan(spent(porta, 'vigenere') / 10);
    const vigenere = variantEncrypt(letters.slice(300, 380), 'QUAYSIDE', 'vigenere', basic);
    expect(spent(vigenere, 'auto')).toBeCloseTo(looks(vigenere) + spent(vigenere, 'vigenere'), 3);
  });

  // Random letters: no look settles, so each periodic search gets UNSETTLED_ALLOWANCE, not the whole budget it would
  // spend for nothing (6,628,788 look-ups for the Vigenère search alone here; auto 6,110,675 for both, 2026-12-03).
  it('auto bounds the periodic searches whose quick look did not settle', () => {
    const rng = mulberry32(6);
    const random = Array.from({ length: 60 }, () => basic.letters[Math.floor(rng() * basic.size)]).join('');
    const spent = (variant: AnalyzedVariant | 'auto') => {
      const work = { spent: 0 };
      analyzeVariant(random, basic, 'en', 20, variant, { work });
      return work.spent;
    };
    expect(spent('vigenere')).toBeGreaterThan(2 * UNSETTLED_ALLOWANCE);
    expect(spent('auto')).toBeLessThan(2 * 1.1 * UNSETTLED_ALLOWANCE);
  });
});
