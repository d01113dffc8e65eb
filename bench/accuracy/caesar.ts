// The Caesar table of one format: exact shift of ours beside the χ² and quadgram baselines, per language and length.
import { solveCaesar } from '../../src/analysis/index.js';
import { caesarDecrypt, caesarEncrypt, letterIndices } from '../../src/core/index.js';
import { caesarChi, caesarQuad } from './baselines.js';
import type { EvidenceOutcome, Outcome } from './calibration.js';
import { cellSeed, type FormatContext } from './context.js';
import { mulberry32 } from './internals.js';
import { cellOf, type Grid, median, tallyText } from './report.js';

/** With --calibrate the solver weighs no "no answer" (the score is the shift's posterior alone), and the evidence is kept. */
export const CALIBRATING = { slope: 0, offset: 50 };

export function runCaesar(ctx: FormatContext): { grid: Grid; outcomes: Outcome[]; evidence: EvidenceOutcome[] } {
  const o = ctx.options;
  const lengths = o['caesar-letters'];
  console.log(
    `\n### Caesar, ${ctx.format}: exact shift, % (${o.caesar} ${ctx.split} snippets per cell; ours / χ² / quadgram)\n`,
  );
  console.log(`| lang | ${lengths.map((x) => `${x} letters`).join(' | ')} |`);
  console.log(`|---|${lengths.map(() => '---').join('|')}|`);
  const grid: Grid = new Map(lengths.map((x) => [`${x} letters`, new Map()]));
  const outcomes: Outcome[] = [];
  const evidence: EvidenceOutcome[] = [];
  const options = o.calibrate ? { noAnswerFit: CALIBRATING } : {};
  const times: number[] = [];
  for (const language of o.langs) {
    const sampler = ctx.sampler(language);
    const a = sampler.alphabet;
    const b = ctx.baseline(language);
    const cells = lengths.map((letters) => {
      const rng = mulberry32(cellSeed(0xcae5a2, language, letters, 0));
      const t = cellOf(grid, `${letters} letters`, language);
      let shown = 0;
      for (let i = 0; i < o.caesar; i++) {
        const plain = sampler.plaintext(letters, rng);
        const shift = sampler.shift(rng);
        const cipher = sampler.show(caesarEncrypt(plain, shift, a));
        const started = performance.now();
        const result = solveCaesar(cipher, a, language, options);
        const best = result.solutions[0];
        times.push(performance.now() - started);
        const right = best?.shift === shift;
        outcomes.push({ conf: best?.score ?? 0, right, noAnswer: result.noAnswer, letters });
        evidence.push({
          evidence: result.evidence,
          inner: best?.score ?? 0,
          right,
          letters,
          layoutClass: result.noAnswerClass,
          format: ctx.format,
        });
        const l = letterIndices(cipher, a);
        t.n++;
        t.ours += right ? 1 : 0;
        t.chi += caesarChi(l, b) === shift ? 1 : 0;
        t.quad += caesarQuad(l, b) === shift ? 1 : 0;
        if (!right && shown++ < o.misses)
          console.log(
            `  miss ${ctx.format} ${language} ${letters} letters: conf ${(best?.score ?? 0).toFixed(3)} ` +
              `${JSON.stringify(cipher)} → ${JSON.stringify(best?.text)}, truth ${JSON.stringify(sampler.show(plain))}` +
              ` (quadgram: ${JSON.stringify(caesarDecrypt(cipher, caesarQuad(l, b), a))})`,
          );
      }
      return tallyText(t);
    });
    console.log(`| ${language} | ${cells.join(' | ')} |`);
  }
  console.log(`\nmedian ${median(times).toFixed(2)} ms a solve`);
  return { grid, outcomes, evidence };
}
