// The ciphers the playground offers, in the order it offers them: a new cipher is a module and a line here, and the
// service's registry (through the client's catalog) makes a cipher it serves without a module here a type error.
import type { CipherName } from '@cipher-service/client';
import { affine } from './affine.js';
import { atbash } from './atbash.js';
import { caesar } from './caesar.js';
import type { PlaygroundCipher } from './cipher.js';
import { rot13 } from './rot13.js';
import { substitution } from './substitution.js';
import { vigenere } from './vigenere.js';

/** Every cipher of the service's registry, each with its module, in the order the page offers them. */
const BY_NAME = { caesar, vigenere, rot13, atbash, substitution, affine } satisfies Record<
  CipherName,
  PlaygroundCipher
>;

export const CIPHERS: readonly PlaygroundCipher[] = Object.values(BY_NAME);

/** The cipher called `name` (an <option>'s or a radio's value); the first one for a name the list lacks. */
export function cipherNamed(name: string): PlaygroundCipher {
  return CIPHERS.find((c) => c.name === name) ?? (CIPHERS[0] as PlaygroundCipher);
}

/** The ciphers the breaker can break, each with its breaker. */
export const BREAKABLE = CIPHERS.flatMap((c) => (c.breaker ? [{ ...c, breaker: c.breaker }] : []));
