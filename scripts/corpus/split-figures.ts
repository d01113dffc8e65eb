// The figures that say whether the split is clean: letters and out-of-vocabulary rates per part, copies of evaluation lines in training.
import { PARTS, type Part } from './split.js';

/** Words for the vocabulary: runs of letters, lower case. */
const wordsOf = (line: string): string[] =>
  line
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);

/** A line as the de-duplication compares it: its letters and digits, lower case, one space between runs. */
const keyOf = (line: string): string =>
  line
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ');

export interface PartFigures {
  passages: number;
  letters: number;
  tokens: number;
  /** Word tokens of the part not among the words of the training part's counted lines, as a share of its tokens. */
  oov: number;
  /** Passages of the part with an exact copy (keyOf) among the lines the shipped models count. */
  copiesInTraining: number;
}

/**
 * Figures of one language's lines under a split: `part` says each line's part, `countedLine` which lines the
 * shipped models count (training and development lines of the shares taken), `inScope` which lines to report on
 * (a source, or all). The vocabulary is the training part's counted lines, all sources, so every part is measured
 * against the same words.
 */
export function splitFigures(
  lines: readonly string[],
  part: (i: number) => Part,
  countedLine: (i: number) => boolean,
  inScope: (i: number) => boolean,
): Record<Part, PartFigures> {
  const vocabulary = new Set<string>();
  const trained = new Set<string>();
  lines.forEach((line, i) => {
    if (!line || !countedLine(i)) return;
    trained.add(keyOf(line));
    if (part(i) === 'train') for (const w of wordsOf(line)) vocabulary.add(w);
  });
  const out = Object.fromEntries(
    PARTS.map((p) => [p, { passages: 0, letters: 0, tokens: 0, oov: 0, copiesInTraining: 0 }]),
  ) as Record<Part, PartFigures>;
  const unseen = Object.fromEntries(PARTS.map((p) => [p, 0])) as Record<Part, number>;
  lines.forEach((line, i) => {
    if (!line.trim() || !inScope(i)) return;
    const p = part(i);
    const f = out[p];
    f.passages++;
    f.letters += line.match(/\p{L}/gu)?.length ?? 0;
    const words = wordsOf(line);
    f.tokens += words.length;
    unseen[p] += words.filter((w) => !vocabulary.has(w)).length;
    if (p !== 'train' && !countedLine(i) && trained.has(keyOf(line))) f.copiesInTraining++;
  });
  for (const p of PARTS) out[p].oov = out[p].tokens ? unseen[p] / out[p].tokens : 0;
  return out;
}

/** How many of `passages` have an exact copy (keyOf) among `lines`: the tests' quoted passages should have none. */
export function copiesOf(passages: readonly string[], lines: readonly string[]): number {
  const keys = new Set(lines.filter(Boolean).map(keyOf));
  return passages.filter((p) => keys.has(keyOf(p))).length;
}
