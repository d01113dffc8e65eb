// The Caesar "no answer" fits beside the solves of a calibration run: what the shipped ones give per format, and
// which candidates for one class of layout meet both targets (null inputs answered at ≥ 0.5, ECE with them).
import type { NoAnswerClass } from '../../src/analysis/index.js';
import { type EvidenceOutcome, ece, steps } from './calibration.js';
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
