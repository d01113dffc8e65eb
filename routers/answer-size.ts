// How large an answer may be: no answer exceeds 50× its request or 8 MiB, whichever is larger (issue 14, item 8), and
// the candidates past the best share at most 2 MiB.
import type { Alphabet } from '../src/core/index.js';

/** An answer may be this many times the size of the request that asked for it… */
export const ANSWER_RATIO = 50;
/** …or this many bytes, whichever is larger. */
export const ANSWER_FLOOR_BYTES = 8 * 1024 * 1024;
/** Room for everything in a solve answer but the candidate texts: per candidate and in all. */
const PER_CANDIDATE_BYTES = 96;
const FIXED_BYTES = 1024;
/**
 * All candidates but the best share at most this much, whatever the budget: every byte of an answer is built,
 * checked and written on the event loop (about 12 ms a megabyte here), and the texts of unlikely shifts are
 * previews a reader can rebuild from their shift, not worth stalling other clients' requests for.
 */
export const OTHER_CANDIDATES_BYTES = 2 * 1024 * 1024;

const MIB = 1024 * 1024;

/** The rule in words, for the descriptions of the operation and of `truncated`. */
export const ANSWER_SIZE_RULE =
  `larger than ${ANSWER_RATIO} times its request or ${ANSWER_FLOOR_BYTES / MIB} MiB, whichever is larger, and the ` +
  `candidates but the best take at most ${OTHER_CANDIDATES_BYTES / MIB} MiB together`;

const jsonBytes = (s: string): number => Buffer.byteLength(JSON.stringify(s));

/**
 * The code points each candidate text but the best may keep in a solve answer of `text` under `a` ranking
 * `candidates` keys (Caesar's: one per shift), or
 * undefined when every candidate fits whole. The best text appears twice (best_solution and all_solutions[0]) and
 * is never cut; the others share what is left of the budget, at most OTHER_CANDIDATES_BYTES. The request is measured as the smallest body that
 * carries the text (and custom alphabet), so a padded request earns no larger answer; a candidate code point is
 * costed as the widest of the text's own and of any letter the decryption can write.
 */
export function candidateBudget(
  text: string,
  a: Alphabet,
  customAlphabet?: string,
  candidates = a.size,
): number | undefined {
  const textBytes = jsonBytes(text);
  const request = textBytes + (customAlphabet === undefined ? 0 : jsonBytes(customAlphabet)) + 64;
  const budget = Math.max(ANSWER_RATIO * request, ANSWER_FLOOR_BYTES);
  const n = candidates;
  const codePoints = [...text].length || 1;
  let widestLetter = 1;
  for (const codes of [a.ownCodes, a.partnerCodes]) {
    for (const cp of codes) widestLetter = Math.max(widestLetter, jsonBytes(String.fromCodePoint(cp)) - 2);
  }
  const perCodePoint = Math.max(textBytes / codePoints, widestLetter);
  const whole = Math.ceil(perCodePoint * codePoints);
  // (Each text of the others also takes its two quotes out of their share.)
  const room = Math.min(
    budget - FIXED_BYTES - n * PER_CANDIDATE_BYTES - 2 * whole,
    OTHER_CANDIDATES_BYTES - 2 * (n - 1),
  );
  if ((n - 1) * whole <= room) return undefined;
  return Math.max(0, Math.floor(room / Math.max(1, n - 1) / perCodePoint));
}
