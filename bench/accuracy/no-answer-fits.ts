// The "no answer" fits of a calibration run: any solver's scaling of its evidence; for Caesar also what the shipped
// fits give per format beside the fits of "is it a cipher at all" of the run's solves.
import type { NoAnswerClass } from '../../src/analysis/index.js';
import {
  type EvidenceOutcome,
  ece,
  fitAnswerOdds,
  fitNoAnswer,
  isCipherOutcomes,
  NO_ANSWER_GRID,
  type NoAnswerGrid,
} from './calibration.js';
import { answerProbability, NO_ANSWER_FITS, NO_ANSWER_PRIOR, type NoAnswerFit } from './internals.js';

/** Caesar's growth of the offset per letter runs up to the longest cell measured (NO_ANSWER_FITS). */
const CAESAR_GROWTH_UP_TO = 10;

/** The best shift's confidence the solver reports for a solve read under `fit` (the run read it with none). */
function confidence(p: EvidenceOutcome, fit: NoAnswerFit): number {
  return p.inner * answerProbability(p.evidence, fit, p.letters);
}

/**
 * Per format: the share of null inputs answered at ≥ 0.5 (%), the worst length's share, and the ECE of "is a
 * cipher" on the mix weighed to the documented prior, each class of layout under its fit.
 */
function figures(solves: EvidenceOutcome[], fits: Record<NoAnswerClass, NoAnswerFit>) {
  const formats = [...new Set(solves.map((p) => p.format))];
  return formats.map((format) => {
    const mine = solves.filter((p) => p.format === format);
    const fitOf = (p: EvidenceOutcome) => fits[p.layoutClass ?? 'words'];
    const nulls = mine.filter((p) => p.none);
    const high = (xs: EvidenceOutcome[]) => xs.filter((p) => confidence(p, fitOf(p)) >= 0.5).length;
    const lengths = [...new Set(nulls.map((p) => p.letters))];
    const worst = Math.max(
      ...lengths.map((n) => {
        const at = nulls.filter((p) => p.letters === n);
        return (100 * high(at)) / at.length;
      }),
    );
    const noAnswer = (p: EvidenceOutcome) => ({
      noAnswer: 1 - answerProbability(p.evidence, fitOf(p), p.letters),
      letters: p.letters,
    });
    const mix = isCipherOutcomes(mine.filter((p) => !p.none).map(noAnswer), nulls.map(noAnswer), NO_ANSWER_PRIOR);
    return { format, answered: (100 * high(nulls)) / Math.max(1, nulls.length), worst, ece: ece(mix) };
  });
}

const text = (rows: ReturnType<typeof figures>): string =>
  rows
    .map(
      (r) => `${r.format}: ${r.answered.toFixed(2)} % (worst length ${r.worst.toFixed(1)} %), ECE ${r.ece.toFixed(4)}`,
    )
    .join('; ');

/**
 * Prints, per format, what the shipped fits give (null inputs answered ≥ 0.5, overall and at the worst length; ECE
 * of "is a cipher" on the mix weighed to the prior) beside the fits of "is a cipher" these solves give.
 */
export function compareNoAnswerFits(solves: EvidenceOutcome[]): void {
  console.log(`\nThe shipped "no answer" fits: ${text(figures(solves, NO_ANSWER_FITS))}`);
  const fitted = Object.fromEntries(
    (['words', 'letters'] as const).map((c) => [
      c,
      fitAnswerOdds(
        solves.filter((p) => (p.layoutClass ?? 'words') === c),
        NO_ANSWER_PRIOR,
        CAESAR_GROWTH_UP_TO,
      ),
    ]),
  ) as Record<NoAnswerClass, NoAnswerFit>;
  console.log(`These solves' fits ${JSON.stringify(fitted)}: ${text(figures(solves, fitted))}`);
}

/** " (on the grid's edge: the best fit may lie beyond)" when a fit is, else nothing. */
function edgeNote(fit: { slope: number; offset: number }, grid: NoAnswerGrid): string {
  const edge = (x: number, xs: number[]): boolean => x === xs[0] || x === xs[xs.length - 1];
  return edge(fit.slope, grid.slopes) || edge(fit.offset, grid.offsets)
    ? " (on the grid's edge: the best fit may lie beyond)"
    : '';
}

/**
 * Fits and prints the scaling of "no answer" for one solver by log loss of its joint confidence against exact answers,
 * with what a lower offset would trade: how substitution's fit is made. Caesar's and Vigenère's shipped fits are of
 * "is a cipher" instead (fitAnswerOdds, printed beside); this one stays for comparison.
 */
export function fitEvidence(solver: string, solves: EvidenceOutcome[], grid = NO_ANSWER_GRID): void {
  if (solves.length === 0) return;
  const fit = fitNoAnswer(solves, grid);
  const at = (p: EvidenceOutcome, offset: number): number =>
    p.inner * answerProbability(p.evidence, { slope: fit.slope, offset });
  console.log(
    `\n"No answer" joint fit (against exact answers) for ${solver} on dev (${solves.length} analyses): slope=${fit.slope} offset=${fit.offset} ` +
      `(ECE ${ece(solves.map((p) => ({ conf: at(p, fit.offset), right: p.right }))).toFixed(4)}; ` +
      `without "no answer" ${ece(solves.map((p) => ({ conf: p.inner, right: p.right }))).toFixed(4)})${edgeNote(fit, grid)}`,
  );
  for (const n of [...new Set(solves.map((p) => p.letters))].sort((x, y) => x - y)) {
    const mine = solves.filter((p) => p.letters === n);
    const f = fitNoAnswer(mine, grid);
    console.log(`  ${n} letters alone (${mine.length}): slope=${f.slope} offset=${f.offset}${edgeNote(f, grid)}`);
  }
  // What a lower offset (stronger prior odds of "no answer") would trade: calibration for fewer null inputs answered,
  // per format where the solves name theirs (each format's figures are a target of their own).
  const formats = solves.every((p) => p.format) ? [...new Set(solves.map((p) => p.format))] : [undefined];
  for (let d = 0; d <= 2; d += 0.5) {
    const offset = fit.offset - d;
    const cells = formats.map((format) => {
      const mine = solves.filter((p) => format === undefined || p.format === format);
      const nulls = mine.filter((p) => p.none);
      const answers = mine.length - nulls.length;
      const high = nulls.filter((p) => at(p, offset) >= 0.5).length;
      const right = mine.filter((p) => !p.none && p.right && at(p, offset) >= 0.5).length;
      return (
        `${format ? `${format}: ` : ''}ECE ${ece(mine.map((p) => ({ conf: at(p, offset), right: p.right }))).toFixed(4)}, ` +
        `null answered ≥ 0.5 ${((100 * high) / Math.max(1, nulls.length)).toFixed(1)} %, ` +
        `right answers ≥ 0.5 ${((100 * right) / Math.max(1, answers)).toFixed(1)} %`
      );
    });
    console.log(`  offset ${offset.toFixed(2)}: ${cells.join('; ')}`);
  }
}
