// Accuracy benchmark of the solvers on corpus text no model counted (the validation part unless told), beside a χ² and
// a quadgram textbook baseline, in every presentation of the ciphertext (bench/accuracy/presentations.ts), with a null set and the calibration error.
//
// Usage: npm run bench:accuracy -- --help (every option, and its environment variable)
// Layout: options.ts (flags), samples.ts (plaintexts, keys, null texts), presentations.ts (formats), baselines.ts,
// caesar.ts / vigenere.ts / null-set.ts / identify.ts / speed.ts / substitution.ts (the sections), report.ts and
// substitution-report.ts (tables), calibration.ts (ECE, Platt), no-answer-fits.ts (the "no answer" fits).
import { appendFileSync } from 'node:fs';
import { runCaesar } from './caesar.js';
import { type EvidenceOutcome, ece, fitAnswerOdds, fitPlatt } from './calibration.js';
import { FormatContext } from './context.js';
import { fitIdentify, printIdentify, readIdentifyDump, runIdentify } from './identify.js';
import { NO_ANSWER_PRIOR, shortCalibrationWeight, shortRescaledLogit } from './internals.js';
import { compareNoAnswerFits, fitEvidence } from './no-answer-fits.js';
import { nullEvidence, runNullSet } from './null-set.js';
import { helpText, OptionError, type Options, readOptions } from './options.js';
import { type FormatReport, printSummary } from './report.js';
import { runLongKeys, runSpeed } from './speed.js';
import { runSubstitution, SUBSTITUTION_GRID, substitutionEvidence } from './substitution.js';
import { runVigenere, type VigenereOutcome } from './vigenere.js';

/** The Vigenère fit of "is it a cipher at all" (fitAnswerOdds) under the documented prior, printed. */
function printVigenereOdds(solver: string, solves: EvidenceOutcome[]): void {
  if (solves.length === 0) return;
  // The growth per letter up to 40: the cells run from 20 letters to 120, and past 40 it no longer matters.
  const fit = fitAnswerOdds(solves, NO_ANSWER_PRIOR, 40);
  console.log(`"Is it a cipher" fit for ${solver} (prior of no answer ${NO_ANSWER_PRIOR}): ${JSON.stringify(fit)}`);
}

/** The Caesar fit over every solve, then for each class of layout alone (NoAnswerClass: each has a fit of its own). */
function fitCaesarEvidence(solves: EvidenceOutcome[]): void {
  fitEvidence('Caesar', solves);
  const classes = [...new Set(solves.map((p) => p.layoutClass))];
  if (classes.length > 1)
    for (const c of classes)
      fitEvidence(
        `Caesar, layouts of class ${c}`,
        solves.filter((p) => p.layoutClass === c),
      );
  compareNoAnswerFits(solves);
}

/** The substitution section runs once, in its own two presentations, unless skipped or given nothing to solve. */
const runsSubstitution = (o: Options): boolean =>
  !o.skip.has('substitution') && (o.substitution > 0 || o['null-substitution'] > 0);

function calibrate(o: Options): void {
  if (!o.skip.has('identify') && o.identify > 0) {
    const outcomes = o.format.flatMap((f) => runIdentify(new FormatContext(f, o)));
    printIdentify(outcomes, fitIdentify(outcomes));
  }
  const caesar: EvidenceOutcome[] = [];
  const vigenere: VigenereOutcome[] = [];
  const nulls: EvidenceOutcome[] = [];
  for (const f of o.format) {
    const ctx = new FormatContext(f, o);
    if (!o.skip.has('caesar')) caesar.push(...runCaesar(ctx).evidence);
    if (!o.skip.has('vigenere')) vigenere.push(...runVigenere(ctx).outcomes);
    if (!o.skip.has('null')) nulls.push(...nullEvidence(runNullSet(ctx), f));
  }
  const caesarSolves = [...caesar, ...nulls.filter((i) => i.solver === 'caesar')];
  if (o.dump)
    appendFileSync(o.dump, caesarSolves.map((p) => `${JSON.stringify({ solver: 'caesar', ...p })}\n`).join(''));
  // Nothing to fit without Caesar solves (--skip=caesar,null): the ranking would print empty lines.
  if (caesarSolves.length > 0) fitCaesarEvidence(caesarSolves);
  if (vigenere.length > 0 && ['porta', 'autokey'].includes(o['vigenere-variant'].encrypt)) fitTableau(vigenere);
  else if (vigenere.length > 0) fitVigenere(vigenere, nulls);
  if (runsSubstitution(o)) fitEvidence('substitution', substitutionEvidence(runSubstitution(o)), SUBSTITUTION_GRID);
}

/** Porta's or autokey's Platt scaling of the key's confidence (their "no answer" fit is Vigenère's: not fitted here). */
function fitTableau(outcomes: VigenereOutcome[]): void {
  const fit = fitPlatt(outcomes.map((p) => ({ raw: p.raw, right: p.right, w: 1 })));
  const rawEce = ece(outcomes.map((p) => ({ conf: p.raw, right: p.right }))).toFixed(4);
  console.log(
    `\nPlatt fit on dev of the key's confidence: a=${fit.a.toFixed(4)} b=${fit.b.toFixed(4)} (raw ECE ${rawEce})`,
  );
}

/** The Vigenère "no answer" scaling, then the Platt scaling of its posterior (all, then the short texts alone). */
function fitVigenere(vigenere: VigenereOutcome[], nulls: EvidenceOutcome[]): void {
  const evidence = [...vigenere.map((v) => v.evidence), ...nulls.filter((i) => i.solver === 'vigenere')];
  fitEvidence('Vigenère', evidence);
  for (const c of ['words', 'letters'] as const)
    printVigenereOdds(
      `Vigenère, class ${c}`,
      evidence.filter((p) => (p.layoutClass ?? 'words') === c),
    );
  const raw = vigenere.map((p) => ({ raw: p.raw, right: p.right, perKeyLetter: p.perKeyLetter }));
  // The Platt scaling reads the raw confidence after the short-text rescaling, as calibrateConfidence composes them.
  const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));
  const rescaled = raw.map((p) => ({ raw: sigmoid(shortRescaledLogit(p.raw, p.perKeyLetter)), right: p.right, w: 1 }));
  const fit = fitPlatt(rescaled);
  const rawEce = (xs: typeof raw): string => ece(xs.map((p) => ({ conf: p.raw, right: p.right }))).toFixed(4);
  console.log(
    `\nPlatt fit on dev, over the short-text rescaled confidence: a=${fit.a.toFixed(4)} b=${fit.b.toFixed(4)} ` +
      `(raw ECE ${rawEce(raw)}, rescaled ${ece(rescaled.map((p) => ({ conf: p.raw, right: p.right }))).toFixed(4)})`,
  );
  const short = raw.map((p) => ({ ...p, w: shortCalibrationWeight(p.perKeyLetter) })).filter((p) => p.w > 0);
  const s = fitPlatt(short);
  console.log(
    `Short-text fit on dev (${short.length} analyses under 3 letters per key letter): a=${s.a.toFixed(4)} ` +
      `b=${s.b.toFixed(4)} (their raw ECE ${rawEce(short)})`,
  );
}

function measure(o: Options): void {
  const reports: FormatReport[] = [];
  // The per-format sections; with all three skipped (a run of identify or substitution alone) no empty summary.
  const perFormat = !(['caesar', 'vigenere', 'null'] as const).every((s) => o.skip.has(s));
  for (const format of perFormat ? o.format : []) {
    console.log(`\n## Format: ${format}`);
    const ctx = new FormatContext(format, o);
    const caesar = o.skip.has('caesar') ? undefined : runCaesar(ctx);
    const vigenere = o.skip.has('vigenere') ? undefined : runVigenere(ctx);
    if (caesar)
      console.log(
        `\nCaesar confidence ECE, ${format}: ${ece(caesar.outcomes).toFixed(4)} over ${caesar.outcomes.length} solves`,
      );
    if (vigenere) {
      const v = vigenere.outcomes;
      console.log(`Vigenère confidence ECE, ${format}: ${ece(v).toFixed(4)} over ${v.length} analyses`);
      if (v.every((p) => p.raw !== undefined && Number.isFinite(p.raw)))
        console.log(
          `(the raw posterior before the calibration: ECE ${ece(v.map((p) => ({ conf: p.raw as number, right: p.right }))).toFixed(4)})`,
        );
    }
    const nulls = o.skip.has('null') ? [] : runNullSet(ctx);
    reports.push({
      format,
      caesar: caesar?.grid ?? new Map(),
      vigenere: vigenere?.grid ?? new Map(),
      outcomes: { caesar: caesar?.outcomes ?? [], vigenere: vigenere?.outcomes ?? [] },
      nulls,
    });
  }
  if (perFormat) printSummary(reports);
  if (!o.skip.has('identify') && o.identify > 0)
    printIdentify(o.format.flatMap((f) => runIdentify(new FormatContext(f, o))));
  if (runsSubstitution(o)) runSubstitution(o);
  const spaced = new FormatContext('spaced', o);
  if (!o.skip.has('long')) runLongKeys(spaced);
  if (!o.skip.has('speed')) runSpeed(spaced);
}

function main(): void {
  let o: Options;
  try {
    o = readOptions(process.argv.slice(2), process.env);
  } catch (e) {
    if (!(e instanceof OptionError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))) throw e;
    console.error(`${(e as Error).message}\n(npm run bench:accuracy -- --help lists the options)`);
    process.exit(2);
  }
  if (o.help) {
    console.log(helpText());
    return;
  }
  const models = process.env.CIPHER_MODEL_DIR;
  const split = o.calibrate ? 'dev' : o.split;
  console.log(
    `split: ${split}, languages: ${o.langs.join(' ')}, formats: ${o.format.join(' ')}, sources: ${o.sources}, models: ${models ?? 'shipped'}`,
  );
  if (split === 'dev' && !models)
    console.log(
      'warning: the shipped n-gram models counted the development lines; for figures that mean anything run ' +
        '`npm run build:dev-models` and set CIPHER_MODEL_DIR=.dev-models',
    );
  const started = performance.now();
  const replay = o['identify-replay'];
  if (replay) {
    const outcomes = readIdentifyDump(replay);
    printIdentify(outcomes, o.calibrate ? fitIdentify(outcomes) : undefined);
  } else if (o.calibrate) calibrate(o);
  else measure(o);
  console.log(`\n(bench took ${((performance.now() - started) / 1000).toFixed(0)} s)`);
}

main();
