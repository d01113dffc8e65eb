// The corpus's one split: which part (training, development, validation, final test) each line of a source is in, by blocks.
//
// Every reader (the corpus build, the model, table and word-list builds, the share search, the accuracy bench, the
// tests' fixtures) derives its lines from this module through scripts/corpus.ts; nothing else says which line is which.
//
// A source's lines are cut into blocks of consecutive lines, and blocks take their parts in a fixed cycle of twenty:
// sixteen training, two development, one validation, one final test. Whole blocks, rather than every tenth line, so
// that neighbouring paragraphs of one document (a man page, a campaign's dialogue) fall in one part: with `i % 10`
// a held-out paragraph's neighbours were trained on, and held-out text read as more familiar than new text would.

export const PARTS = ['train', 'dev', 'validation', 'final'] as const;

/**
 * - train: counted by every model, table and word list.
 * - dev (development): tune anything on it. The shipped models count it; the development models
 *   (npm run build:dev-models) and the word lists never do.
 * - validation: never counted; the accuracy bench's default part, to be read as often as one likes.
 * - final: never counted; read once per issue, for the closing note's figures, by `npm run bench:final`.
 */
export type Part = (typeof PARTS)[number];

/** The parts no model, table or word list ever counts. */
export const EVALUATION_PARTS = ['validation', 'final'] as const satisfies readonly Part[];

/** The parts the accuracy bench and the other benches can draw text from. */
export type ReadablePart = Exclude<Part, 'train'>;

/** The parts any bench may read as often as it likes; the final-test part is read by `npm run bench:final` alone. */
export const OPEN_PARTS = ['dev', 'validation'] as const satisfies readonly ReadablePart[];

/** The parts of twenty consecutive blocks, in order: 80 % training, 10 % development, 5 % validation, 5 % final. */
const CYCLE: readonly Part[] = [
  'train',
  'train',
  'train',
  'train',
  'dev',
  'train',
  'train',
  'train',
  'train',
  'validation',
  'train',
  'train',
  'train',
  'train',
  'dev',
  'train',
  'train',
  'train',
  'train',
  'final',
];

/** A block's most lines: a run of 100 consecutive passages keeps a document's neighbouring paragraphs together. */
const MAX_BLOCK = 100;
/** A block's fewest lines, for the smallest sources (under MIN_BLOCK × 20 lines they get fewer than twenty blocks). */
const MIN_BLOCK = 5;

/**
 * Lines per block of a source of `sourceLines` lines: 100, or for a source of under 2,000 lines as many as gives it
 * twenty blocks (so a source of 400 lines still has a validation and a final block), at least 5.
 */
export function blockLines(sourceLines: number): number {
  return Math.max(MIN_BLOCK, Math.min(MAX_BLOCK, Math.floor(sourceLines / CYCLE.length)));
}

/** The part of a source's own line `j` (0-based within the source) when the source has `sourceLines` lines. */
export function partWithin(j: number, sourceLines: number): Part {
  return CYCLE[Math.floor(j / blockLines(sourceLines)) % CYCLE.length] as Part;
}

/** Where a source's lines sit in a corpus file: its first line and how many. */
export interface SourceSpan {
  first: number;
  lines: number;
}

/**
 * The part of every line of a corpus file laid out as `sources` (in line order): each source is split on its own,
 * from its first line. A line outside every source (none in a built corpus) is training, and blank.
 */
export function splitOf(sources: readonly SourceSpan[]): (i: number) => Part {
  const starts = sources.map((s) => s.first);
  return (i) => {
    let k = starts.length - 1;
    while (k > 0 && (starts[k] as number) > i) k--;
    const source = sources[k];
    if (!source || i < source.first || i >= source.first + source.lines) return 'train';
    return partWithin(i - source.first, source.lines);
  };
}

/** Whether a model counts a line of this part: never validation or final; development unless `excludeDev`. */
export function counted(part: Part, excludeDev: boolean): boolean {
  return part === 'train' || (part === 'dev' && !excludeDev);
}

/**
 * How far a part is kept from training, for de-duplication: when two lines repeat each other, the one in the
 * higher part stays and the other is blanked (final over validation over development over training).
 */
export const PART_RANK: Record<Part, number> = { train: 0, dev: 1, validation: 2, final: 3 };

/** The rule in words, for the corpus manifest. */
export const SPLIT_RULE =
  `each source on its own, from its first line, in blocks of ${MAX_BLOCK} lines (a source of under ` +
  `${MAX_BLOCK * CYCLE.length} lines: of floor(lines / ${CYCLE.length}), at least ${MIN_BLOCK}); block k's part ` +
  `is the (k mod ${CYCLE.length})-th of: ${CYCLE.join(' ')}`;
