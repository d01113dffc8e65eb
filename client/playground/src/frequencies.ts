// Letter counting for the frequency chart, done in the page: no request needed to count letters.

/** Upper-cases one character the way the service's alphabets do: ß has ẞ as its partner, never "SS". */
function upper(ch: string): string {
  if (ch === 'ß') return 'ẞ';
  const u = ch.toUpperCase();
  return [...u].length === 1 ? u : ch;
}

export interface LetterCounts {
  /** Share of each letter of `letters`, 0…1, in order. */
  shares: number[];
  total: number;
}

export function countLetters(text: string, letters: string): LetterCounts {
  const order = [...letters];
  const index = new Map(order.map((l, i) => [l, i]));
  const counts = new Array<number>(order.length).fill(0);
  let total = 0;
  for (const ch of text) {
    const i = index.get(upper(ch));
    if (i === undefined) continue;
    counts[i]! += 1;
    total++;
  }
  return { shares: counts.map((c) => (total ? c / total : 0)), total };
}

/** The probability that two letters drawn from the language match: the IoC of its plaintext. */
export function languageIoc(frequencies: number[]): number {
  return frequencies.reduce((s, p) => s + p * p, 0);
}
