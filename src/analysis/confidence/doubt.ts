// Why a solver's best answer is not credible: a short, stable reason the answers carry beside a confidence below one half.

/** The reasons, in the order the API documents them. */
export const DOUBTS = ['no_answer', 'ambiguous'] as const;
export type Doubt = (typeof DOUBTS)[number];

/** A periodic key's reasons: those, and a key longer than the analysis was allowed to try. */
export const KEY_DOUBTS = [...DOUBTS, 'key_too_long'] as const;
export type KeyDoubt = (typeof KEY_DOUBTS)[number];

/** What each reason means, for the API's descriptions. */
export const DOUBT_INFO: Record<KeyDoubt, string> = {
  no_answer:
    'most likely there is no answer to find: the text reads no better as a cipher of prose in the language than ' +
    'as random letters or another cipher (or, for Vigenère, a key longer than max_key_length)',
  ambiguous:
    'the text is likely a cipher of the language, but several answers fit about as well: it is too short to choose',
  key_too_long:
    'the key is longer than max_key_length: the letters coincide at a longer period (evident_key_length) and at ' +
    'none within the limit; ask again with a max_key_length of at least that',
};

/** Below this confidence the best answer is not credible, and the answer says why. */
export const CREDIBLE = 0.5;

/**
 * The reason to give beside a confidence, or undefined when the best answer is credible: "no answer" when that
 * hypothesis holds at least as much probability as every answer but the best together, else "ambiguous".
 */
export function doubtOf(confidence: number, noAnswer: number): Doubt | undefined {
  if (confidence >= CREDIBLE) return undefined;
  return noAnswer >= 1 - confidence - noAnswer ? 'no_answer' : 'ambiguous';
}
