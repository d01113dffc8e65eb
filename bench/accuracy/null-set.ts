// The null set of one format: inputs with no answer, and how often the solvers answer them with confidence ≥ 0.5.
//
// Its kinds (null-inputs.ts says how each is made) are cut from the bench's part of the split like the cells'
// plaintexts and of the cells' lengths. The kinds the "no answer" fits were fitted on (random, shuffled, key) are
// tabled as they always were; the others (cryptogram, foreign) apart, and calibration reads only the fitted ones.
import { appendFileSync } from 'node:fs';
import { analyzeVigenereDetails, type Language, type NoAnswerClass, solveCaesar } from '../../src/analysis/index.js';
import { CALIBRATING } from './caesar.js';
import type { EvidenceOutcome } from './calibration.js';
import { cellSeed, type FormatContext } from './context.js';
import { mulberry32 } from './internals.js';
import { nullInput } from './null-inputs.js';
import {
  FITTED_NULL_KINDS,
  isFittedKind,
  NULL_KINDS,
  type NullKind,
  type NullOutcome,
  nullText,
  type Solver,
  UNFITTED_NULL_KINDS,
} from './report.js';
import type { Sampler } from './samples.js';
import { MAX_KEY_LENGTH, vigenereCells } from './vigenere.js';

const SOLVERS = ['caesar', 'vigenere'] as const;

/** The kinds a run measures: a calibration run leaves out those not fitted on (it reads dev, and fits nulls). */
const kindsOf = (calibrate: boolean): readonly NullKind[] => (calibrate ? FITTED_NULL_KINDS : NULL_KINDS);

export function runNullSet(ctx: FormatContext): NullOutcome[] {
  const o = ctx.options;
  const per: Record<Solver, number> = { caesar: o['null-caesar'], vigenere: o['null-vigenere'] };
  // The cells' lengths, whether or not the cells themselves run (--skip=caesar,vigenere measures the null set alone).
  const lengths: Record<Solver, number[]> = {
    caesar: per.caesar ? o['caesar-letters'] : [],
    vigenere: per.vigenere ? [...new Set(vigenereCells(ctx).map(([L, m]) => L * m))].sort((x, y) => x - y) : [],
  };
  console.log(
    `\n### Null set, ${ctx.format}: % answered with confidence ≥ 0.5 (mean confidence); ` +
      `per kind, length and language ${per.caesar} inputs to Caesar solve at ${lengths.caesar.join('/') || '—'} letters, ` +
      `${per.vigenere} to Vigenère analyze at ${lengths.vigenere.join('/') || '—'}\n`,
  );
  const items: NullOutcome[] = [];
  const shown = new Map<string, number>();
  for (const language of o.langs)
    for (const solver of SOLVERS)
      for (const kind of kindsOf(o.calibrate))
        for (const letters of lengths[solver]) items.push(...nullCell(ctx, language, solver, kind, letters, shown));
  printNullTable(o.langs, items, FITTED_NULL_KINDS, lengths);
  if (!o.calibrate) {
    console.log(
      `\n#### Null kinds the "no answer" fits were not fitted on, ${ctx.format}: ${UNFITTED_NULL_KINDS.join(', ')} ` +
        '(cryptogram: the passage under a random cipher alphabet; foreign: the shuffled letters of a passage of ' +
        'another language, the other four in turn)\n',
    );
    printNullTable(o.langs, items, UNFITTED_NULL_KINDS, lengths);
  }
  return items;
}

/** The inputs of one cell (language, solver, kind, length), each answered; prints the first --misses answered ≥ 0.5. */
function nullCell(
  ctx: FormatContext,
  language: Language,
  solver: Solver,
  kind: NullKind,
  letters: number,
  shown: Map<string, number>,
): NullOutcome[] {
  const o = ctx.options;
  const sampler = ctx.sampler(language);
  const k = NULL_KINDS.indexOf(kind);
  const rng = mulberry32(cellSeed(solver === 'caesar' ? 0x0c0ffee : 0x0b0a7, language, letters, k));
  const out: NullOutcome[] = [];
  for (let i = 0; i < (solver === 'caesar' ? o['null-caesar'] : o['null-vigenere']); i++) {
    const text = nullInput((l) => ctx.sampler(l), language, solver, kind, letters, i, rng);
    const { conf, noAnswer, evidence, inner, layoutClass } = answer(text, sampler, language, solver, o.calibrate);
    if (o.dump && solver === 'vigenere') {
      const fitted = isFittedKind(kind);
      const line = {
        format: ctx.format,
        language,
        kind,
        fitted,
        letters,
        none: true,
        evidence,
        inner,
        conf,
        layoutClass,
      };
      appendFileSync(o.dump, `${JSON.stringify(line)}\n`);
    }
    out.push({
      solver,
      kind,
      language,
      letters,
      conf,
      noAnswer,
      ...(evidence !== undefined && { evidence, inner }),
      ...(layoutClass && { layoutClass }),
    });
    const tag = `${solver} ${kind}`;
    if (conf >= 0.5 && (shown.get(tag) ?? 0) < o.misses) {
      shown.set(tag, (shown.get(tag) ?? 0) + 1);
      console.log(
        `  answered ${ctx.format} ${language} ${tag} ${letters} letters: conf ${conf.toFixed(3)} ${JSON.stringify(text.slice(0, 90))}`,
      );
    }
  }
  return out;
}

/** The table of some kinds, a row per language and one for all, then each solver's shares by length (those kinds). */
function printNullTable(
  langs: Language[],
  all: NullOutcome[],
  kinds: readonly NullKind[],
  lengths: Record<Solver, number[]>,
): void {
  const items = all.filter((i) => kinds.includes(i.kind));
  const heads = SOLVERS.flatMap((s) => kinds.map((k) => `${s} ${k}`));
  console.log(`| lang | ${heads.join(' | ')} | all |`);
  console.log(`|---|${heads.map(() => '---').join('|')}|---|`);
  for (const language of [...langs, 'all'] as const) {
    const mine = items.filter((i) => language === 'all' || i.language === language);
    const cells = SOLVERS.flatMap((s) =>
      kinds.map((k) => nullText(mine.filter((i) => i.solver === s && i.kind === k))),
    );
    console.log(`| ${language} | ${cells.join(' | ')} | ${nullText(mine)} |`);
  }
  for (const solver of SOLVERS) {
    const byLength = lengths[solver].map(
      (n) => `${n}: ${nullText(items.filter((i) => i.solver === solver && i.letters === n))}`,
    );
    if (byLength.length)
      console.log(`\n${solver} by letters (${kinds.join(', ')}; every language): ${byLength.join(', ')}`);
  }
}

/**
 * The null inputs as the calibration's fits read them: only the kinds the fits are fitted on, whatever the run
 * measured (the others ask whether the fits hold where they were not fitted, and would stop asking once fitted).
 */
export function nullEvidence(items: NullOutcome[], format: string): EvidenceOutcome[] {
  return items
    .filter((i) => isFittedKind(i.kind))
    .map((i) => ({
      evidence: i.evidence as number,
      inner: i.inner as number,
      right: false,
      none: true,
      kind: i.kind,
      letters: i.letters,
      solver: i.solver,
      ...(i.layoutClass && { layoutClass: i.layoutClass }),
      format,
    }));
}

/** The confidence of the solver's answer, as the service reports it, with the evidence the calibration reads. */
function answer(
  text: string,
  sampler: Sampler,
  language: Language,
  solver: Solver,
  calibrate: boolean,
): { conf: number; noAnswer: number; evidence?: number; inner?: number; layoutClass?: NoAnswerClass } {
  if (solver === 'vigenere') {
    const d = analyzeVigenereDetails(text, sampler.alphabet, language, MAX_KEY_LENGTH, {
      ...(calibrate && { noAnswerFit: CALIBRATING }),
    });
    return {
      conf: d.analysis.confidence,
      noAnswer: d.noAnswer,
      evidence: d.evidence,
      inner: d.inner,
      layoutClass: d.layoutClass,
    };
  }
  const options = { bestOnly: true, ...(calibrate && { noAnswerFit: CALIBRATING }) };
  const r = solveCaesar(text, sampler.alphabet, language, options);
  const conf = r.solutions[0]?.score ?? 0;
  return { conf, noAnswer: r.noAnswer, evidence: r.evidence, inner: conf, layoutClass: r.noAnswerClass };
}
