// What the bench prints: per-cell tallies of ours and the baselines, null-set shares, and the summary across formats.
import type { NoAnswerClass } from '../../src/analysis/index.js';
import { ece, givenAnswer, isCipherOutcomes, type Outcome } from './calibration.js';
import { NO_ANSWER_PRIOR } from './internals.js';
import type { Format } from './presentations.js';

export const pct = (x: number, n: number): string => (n ? `${((100 * x) / n).toFixed(n >= 2000 ? 2 : 1)}` : '—');
export const median = (xs: number[]): number => xs.slice().sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;

/** Exact answers in one cell: ours and the textbook χ² and quadgram baselines. */
export interface Tally {
  n: number;
  ours: number;
  chi: number;
  quad: number;
}

const emptyTally = (): Tally => ({ n: 0, ours: 0, chi: 0, quad: 0 });

export const tallyText = (t: Tally): string => `**${pct(t.ours, t.n)}** / ${pct(t.chi, t.n)} / ${pct(t.quad, t.n)}`;

/** Cells by column ("4", "3·L"), then by row ("en", "en L=5"). */
export type Grid = Map<string, Map<string, Tally>>;

export function cellOf(grid: Grid, column: string, row: string): Tally {
  const rows = grid.get(column) ?? new Map<string, Tally>();
  grid.set(column, rows);
  const t = rows.get(row) ?? emptyTally();
  rows.set(row, t);
  return t;
}

/** A column's mean rate over its cells (each cell weighs the same), and its worst cell by our rate. */
function columnSummary(rows: Map<string, Tally>): { ours: number; quad: number; worst: number; at: string } {
  const cells = [...rows].filter(([, t]) => t.n > 0);
  const mean = (f: (t: Tally) => number): number => cells.reduce((s, [, t]) => s + f(t) / t.n, 0) / cells.length;
  const [at, w] = cells.reduce((x, y) => (y[1].ours / y[1].n < x[1].ours / x[1].n ? y : x));
  return { ours: mean((t) => t.ours), quad: mean((t) => t.quad), worst: w.ours / w.n, at };
}

/**
 * The null kinds of Caesar solve and Vigenère analyze (null-inputs.ts makes them), each with whether the "no answer"
 * fits were fitted on it. The kinds not fitted on are reported apart and never reach a --calibrate fit: they ask
 * whether the fits hold on inputs they never saw. New kinds go last: a kind's seed is its place in this list.
 */
const NULL_KIND_FITTED = { random: true, shuffled: true, key: true, cryptogram: false, foreign: false } as const;
export type NullKind = keyof typeof NULL_KIND_FITTED;
export const NULL_KINDS = Object.keys(NULL_KIND_FITTED) as NullKind[];
export const isFittedKind = (kind: NullKind): boolean => NULL_KIND_FITTED[kind];
export const FITTED_NULL_KINDS = NULL_KINDS.filter(isFittedKind);
export const UNFITTED_NULL_KINDS = NULL_KINDS.filter((k) => !isFittedKind(k));
export type Solver = 'caesar' | 'vigenere';

export interface NullOutcome {
  solver: Solver;
  kind: NullKind;
  language: string;
  /** Letters of the input. */
  letters: number;
  conf: number;
  /** The probability of "no answer" the solver reported. */
  noAnswer: number;
  /** Caesar: the solver's evidence for an answer against "no answer", and its best shift's posterior among the shifts. */
  evidence?: number;
  inner?: number;
  /** Caesar: which "no answer" fit weighs this input (NoAnswerClass in the solver). */
  layoutClass?: NoAnswerClass;
}

/** Share answered with confidence ≥ 0.5 (%) and the mean confidence, as "12.5 (0.31)". */
export function nullText(items: NullOutcome[]): string {
  if (items.length === 0) return '—';
  const high = items.filter((i) => i.conf >= 0.5).length;
  const mean = items.reduce((s, i) => s + i.conf, 0) / items.length;
  return `${pct(high, items.length)} (${mean.toFixed(2)})`;
}

/** Everything one format measured, for the summary. */
export interface FormatReport {
  format: Format;
  caesar: Grid;
  vigenere: Grid;
  outcomes: Record<Solver, Outcome[]>;
  nulls: NullOutcome[];
}

const asWrong = (items: NullOutcome[]): Outcome[] => items.map((i) => ({ conf: i.conf, right: false }));

function printColumns(title: string, reports: FormatReport[], grid: (r: FormatReport) => Grid): void {
  const columns = [...new Set(reports.flatMap((r) => [...grid(r).keys()]))];
  if (columns.length === 0) return;
  console.log(`\n${title}\n`);
  console.log(`| format | ${columns.join(' | ')} |`);
  console.log(`|---|${columns.map(() => '---').join('|')}|`);
  for (const r of reports) {
    const cells = columns.map((c) => {
      const rows = grid(r).get(c);
      if (!rows || ![...rows.values()].some((t) => t.n > 0)) return '—';
      const s = columnSummary(rows);
      return `**${pct(s.ours, 1)}** (${pct(s.worst, 1)} ${s.at}) / ${pct(s.quad, 1)}`;
    });
    console.log(`| ${r.format} | ${cells.join(' | ')} |`);
  }
}

/** The share of null inputs answered at ≥ 0.5 (%), and the worst kind × length with its share. */
function nullWorst(items: NullOutcome[]): string {
  if (items.length === 0) return '—';
  const cases = new Map<string, NullOutcome[]>();
  for (const i of items) cases.set(`${i.kind} ${i.letters}`, [...(cases.get(`${i.kind} ${i.letters}`) ?? []), i]);
  const share = (xs: NullOutcome[]) => xs.filter((i) => i.conf >= 0.5).length / xs.length;
  const [at, worst] = [...cases].reduce((x, y) => (share(y[1]) > share(x[1]) ? y : x));
  return `${pct(share(items), 1)} (worst ${at}: ${pct(share(worst), 1)})`;
}

/** A report's null inputs of some kinds. */
const nullsOf = (r: FormatReport, kinds: readonly NullKind[]): NullOutcome[] =>
  r.nulls.filter((i) => kinds.includes(i.kind));

/**
 * The two questions a confidence answers, apart: given that the text is a cipher of the kind, is this its key
 * (confidence / (1 − no_answer) on real ciphertexts), and is it one at all (1 − no_answer on real and null inputs
 * weighed to the documented prior); then how often a null input is answered at ≥ 0.5. Over the null kinds the fits
 * were fitted on, then again with those they were not fitted on in their place.
 */
function printTwoQuestions(reports: FormatReport[]): void {
  console.log(
    `\n### Calibration apart: ECE given an answer (real ciphertexts), ECE of "is a cipher" (real and null inputs of ` +
      `each length weighed ${(1 - NO_ANSWER_PRIOR).toFixed(2)} : ${NO_ANSWER_PRIOR.toFixed(2)}), null inputs answered ≥ 0.5 % (worst kind × length)\n`,
  );
  printQuestionsTable(reports, FITTED_NULL_KINDS);
  if (!reports.some((r) => nullsOf(r, UNFITTED_NULL_KINDS).length > 0)) return;
  console.log(
    `\nThe same with the null kinds the fits were not fitted on (${UNFITTED_NULL_KINDS.join(', ')}) as the null inputs:\n`,
  );
  printQuestionsTable(reports, UNFITTED_NULL_KINDS);
}

function printQuestionsTable(reports: FormatReport[], kinds: readonly NullKind[]): void {
  console.log(
    '| format | Caesar given | Caesar is a cipher | Caesar null | Vigenère given | Vigenère is a cipher | Vigenère null |',
  );
  console.log('|---|---|---|---|---|---|---|');
  const e = (o: Outcome[]): string => (o.length ? `${ece(o).toFixed(4)} (${o.length})` : '—');
  for (const r of reports) {
    const cells = (['caesar', 'vigenere'] as const).map((solver) => {
      const real = r.outcomes[solver];
      const nulls = nullsOf(r, kinds).filter((i) => i.solver === solver);
      const mix = isCipherOutcomes(
        real.map((o) => ({ noAnswer: o.noAnswer ?? 0, letters: o.letters ?? 0 })),
        nulls,
        NO_ANSWER_PRIOR,
      );
      return `${e(givenAnswer(real))} | ${mix.length ? ece(mix).toFixed(4) : '—'} | ${nullWorst(nulls)}`;
    });
    console.log(`| ${r.format} | ${cells.join(' | ')} |`);
  }
}

/** The null set's table per format over some kinds: % answered ≥ 0.5 (mean confidence) per solver and kind. */
function printNullKinds(reports: FormatReport[], kinds: readonly NullKind[]): void {
  const heads = (['caesar', 'vigenere'] as const).flatMap((s) => kinds.map((k) => `${s} ${k}`));
  console.log(`| format | ${heads.join(' | ')} | all |`);
  console.log(`|---|${heads.map(() => '---').join('|')}|---|`);
  for (const r of reports) {
    const nulls = nullsOf(r, kinds);
    const cells = (['caesar', 'vigenere'] as const).flatMap((s) =>
      kinds.map((k) => nullText(nulls.filter((i) => i.solver === s && i.kind === k))),
    );
    console.log(`| ${r.format} | ${cells.join(' | ')} | ${nullText(nulls)} (n = ${nulls.length}) |`);
  }
}

export function printSummary(reports: FormatReport[]): void {
  console.log('\n## Summary by format');
  printColumns(
    '### Caesar, exact shift %, by letters: **mean of the languages** (worst language) / quadgram baseline mean',
    reports,
    (r) => r.caesar,
  );
  printColumns(
    '### Vigenère, exact key %, by text length: **mean of the cells** (worst cell) / quadgram baseline mean (told the key length)',
    reports,
    (r) => r.vigenere,
  );
  if (reports.some((r) => r.nulls.length > 0)) {
    console.log('\n### Null set: % answered with confidence ≥ 0.5 (mean confidence)\n');
    printNullKinds(reports, FITTED_NULL_KINDS);
    if (reports.some((r) => nullsOf(r, UNFITTED_NULL_KINDS).length > 0)) {
      console.log('\n### Null kinds the "no answer" fits were not fitted on: % answered ≥ 0.5 (mean confidence)\n');
      printNullKinds(reports, UNFITTED_NULL_KINDS);
    }
  }
  console.log(
    '\n### Calibration: ECE over 10 equal-width confidence bins (the null set of the fitted kinds counted as never right; n in brackets)\n',
  );
  console.log('| format | Caesar | Caesar + null | Vigenère | Vigenère + null | all + null |');
  console.log('|---|---|---|---|---|---|');
  const e = (o: Outcome[]): string => (o.length ? `${ece(o).toFixed(4)} (${o.length})` : '—');
  for (const r of reports) {
    const nulls = (s: Solver): Outcome[] => asWrong(nullsOf(r, FITTED_NULL_KINDS).filter((i) => i.solver === s));
    const c = r.outcomes.caesar;
    const v = r.outcomes.vigenere;
    const all = [...c, ...nulls('caesar'), ...v, ...nulls('vigenere')];
    console.log(
      `| ${r.format} | ${e(c)} | ${e([...c, ...nulls('caesar')])} | ${e(v)} | ${e([...v, ...nulls('vigenere')])} | ${e(all)} |`,
    );
  }
  printTwoQuestions(reports);
}
