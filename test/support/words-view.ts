// A spaced text's words as the cryptogram solver views them, enciphered with the identity key, for the tests of
// completion by words and of keys read off word patterns.
import type { WordsView } from '../../src/analysis/substitution/complete.js';
import { letterIndices, namedAlphabet } from '../../src/core/index.js';

const basic = namedAlphabet('basic');
export const ABC = [...'abcdefghijklmnopqrstuvwxyz'];

/** A view of `text` enciphered with the identity (cipher letter = plain letter), its words listed in `words`. */
export function viewOf(text: string, words: string[], pinned: Record<string, string> = {}): WordsView {
  const codes: number[] = [];
  const spans: [number, number][] = [];
  for (const w of text.split(' ')) {
    spans.push([codes.length, codes.length + w.length]);
    codes.push(...letterIndices(w, basic), -1);
  }
  const letterCounts = new Float64Array(26);
  for (const c of codes) if (c >= 0) letterCounts[c]!++;
  const pins = new Int32Array(26).fill(-1);
  for (const [x, p] of Object.entries(pinned)) pins[ABC.indexOf(x)] = ABC.indexOf(p);
  const byLength = new Map<number, string[]>();
  for (const w of words) byLength.set(w.length, [...(byLength.get(w.length) ?? []), w]);
  return {
    codes: Int32Array.from(codes),
    spans,
    letterCounts,
    pinned: pins,
    charOf: ABC,
    plainOfChar: new Map(ABC.map((c, i) => [c, i])),
    byLength,
  };
}
