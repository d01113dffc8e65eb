// The registry of ciphers: each room (routers/ciphers/<name>/) declares its operations as one group, and this list is
// all that serves them: the tRPC router, the REST routes, the OpenAPI document and the client's catalogue read it.
import { affine } from './affine/operations.js';
import { atbashCipher } from './atbash/operations.js';
import { caesar } from './caesar/operations.js';
import { rot13Cipher } from './rot13/operations.js';
import { substitution } from './substitution/operations.js';
import { vigenere } from './vigenere/operations.js';

/** Every cipher, by its tRPC router key (`caesar.encrypt`); REST paths are each operation's own. */
export const CIPHERS = { caesar, rot13: rot13Cipher, vigenere, atbash: atbashCipher, substitution, affine };
