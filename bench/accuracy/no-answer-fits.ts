// The "no answer" fits of a calibration run: any solver's scaling of its evidence; for Caesar also what the shipped
// fits give per format, and which candidates for one class of layout meet both targets (null answered ≥ 0.5, ECE).
import type { NoAnswerClass } from '../../src/analysis/index.js';
import { type EvidenceOutcome, ece, fitNoAnswer, NO_ANSWER_GRID, type NoAnswerGrid, steps } from './calibration.js';
import { answerProbability, creditBand, NO_ANSWER_FITS, type NoAnswerFit } from './internals.js';

/** The targets of issue 15 in every format: at most this share of null inputs answered at ≥ 0.5 (%), and this ECE. */
const NULL_TARGET = 5;
const ECE_TARGET = 0.03;

/** The best shift's confidence the solver reports for a solve read under `fit` (the run read it with none). */
function confidence(p: EvidenceOutcome, fit: NoAnswerFit): number {
  return creditBand(p.inner * answerProbability(p.evidence, fit, p.letters), fit.band);
}

/** Per format: the share of null inputs answered at ≥ 0.5 (%) and the ECE with them, each class under its fit. */
function figures(solves: EvidenceOutcome[], fits: Record<NoAnswerClass, NoAnswerFit>) {
  const formats = [...new Set(solves.map((p) => p.format))];
  return formats.map((format) => {
    const mine = solves.filter((p) => p.format === format);
    const scored = mine.map((p) => ({ conf: confidence(p, fits[p.layoutClass ?? 'words']), right: p.right }));
    const nulls = scored.filter((_, i) => mine[i]?.none);
    const high = nulls.filter((o) => o.conf >= 0.5).length;
    return { format, answered: (100 * high) / Math.max(1, nulls.length), ece: ece(scored) };
  });
}

const text = (rows: ReturnType<typeof figures>): string =>
  rows.map((r) => `${r.format}: ${r.answered.toFixed(2)} %, ECE ${r.ece.toFixed(4)}`).join('; ');

/**
 * Prints the shipped fits' figures, then the best candidates for `layoutClass` (the other class keeping its shipped
 * fit): the most room left below both targets in the worst format, as a share of each target (what held-out text
 * may take back is a share of either).
 */
export function rankNoAnswerFits(solves: EvidenceOutcome[], layoutClass: NoAnswerClass): void {
  console.log(
    `\nThe shipped "no answer" fits (null answered ≥ 0.5, ECE with them): ${text(figures(solves, NO_ANSWER_FITS))}`,
  );
  const ranked: { fit: NoAnswerFit; rows: ReturnType<typeof figures>; room: number }[] = [];
  // From the grid's indices: repeated addition of 0.1 drifted past 1.4 and 3 and dropped those ends.
  for (const slope of steps(1, 1.4, 0.1))
    for (const offset of steps(1.8, 3, 0.1))
      for (const perLetter of [0, 0.05, 0.1])
        for (const to of [undefined, 0.7, 0.75, 0.8]) {
          const fit: NoAnswerFit = {
            slope,
            offset,
            perLetter,
            upTo: 40,
            ...(to && { band: { from: 0.4, to } }),
          };
          const rows = figures(solves, { ...NO_ANSWER_FITS, [layoutClass]: fit });
          const room = Math.min(...rows.map((r) => Math.min(1 - r.answered / NULL_TARGET, 1 - r.ece / ECE_TARGET)));
          ranked.push({ fit, rows, room });
        }
  ranked.sort((x, y) => y.room - x.room);
  console.log(`Candidates for class ${layoutClass}, most room below both targets in every format first:`);
  for (const { fit, rows, room } of ranked.slice(0, 8))
    console.log(`  ${JSON.stringify(fit)} (room ${(100 * room).toFixed(1)} %): ${text(rows)}`);
}

/** " (on the grid's edge: the best fit may lie beyond)" when a fit is, else nothing. */
function edgeNote(fit: { slope: number; offset: number }, grid: NoAnswerGrid): string {
  const edge = (x: number, xs: number[]): boolean => x === xs[0] || x === xs[xs.length - 1];
  return edge(fit.slope, grid.slopes) || edge(fit.offset, grid.offsets)
    ? " (on the grid's edge: the best fit may lie beyond)"
    : '';
}

/** Fits and prints the scaling of "no answer" for one solver, with what a lower offset would trade. */
export function fitEvidence(solver: string, solves: EvidenceOutcome[], grid = NO_ANSWER_GRID): void {
  if (solves.length === 0) return;
  const fit = fitNoAnswer(solves, grid);
  const at = (p: EvidenceOutcome, offset: number): number =>
    p.inner * answerProbability(p.evidence, { slope: fit.slope, offset });
  console.log(
    `\n"No answer" fit for ${solver} on dev (${solves.length} analyses): slope=${fit.slope} offset=${fit.offset} ` +
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
