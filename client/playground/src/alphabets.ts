// The letters of each named alphabet, as the service lists them (GET /alphabets), for the letters line and mapping.
import { api } from './api.js';

/** Alphabet name to its letters in order; empty until the service answers. */
export const alphabetLetters = new Map<string, string>();

/** Asks the service once; `then` runs when the letters are known. */
export async function loadAlphabets(then: () => void): Promise<void> {
  try {
    const { alphabets } = await api.meta.alphabets();
    for (const a of alphabets) alphabetLetters.set(a.name, a.letters);
    then();
  } catch {
    // The letters line is a nicety; the selects work without it.
  }
}
