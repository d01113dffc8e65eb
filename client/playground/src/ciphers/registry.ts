// The ciphers the playground offers, in the order it offers them: a new cipher is a module and a line here.
import { caesar } from './caesar.js';
import type { PlaygroundCipher } from './cipher.js';
import { rot13 } from './rot13.js';
import { vigenere } from './vigenere.js';

export const CIPHERS: readonly PlaygroundCipher[] = [caesar, vigenere, rot13];

/** The cipher called `name` (an <option>'s or a radio's value); the first one for a name the list lacks. */
export function cipherNamed(name: string): PlaygroundCipher {
  return CIPHERS.find((c) => c.name === name) ?? (CIPHERS[0] as PlaygroundCipher);
}

/** The ciphers the breaker can break, each with its breaker. */
export const BREAKABLE = CIPHERS.flatMap((c) => (c.breaker ? [{ ...c, breaker: c.breaker }] : []));
