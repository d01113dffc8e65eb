// The substitution section: passages under random cipher alphabets, ours beside a textbook climber, and null texts.
//
// It runs once, in two presentations of its own (whatever --format says), both over A–Z with accents folded:
//   spaced   the passage as written, folded (foldAccents): case, spaces and punctuation kept;
//   letters  letters only, folded (the Sampler's letters format).
// A cell (presentation, language, letters) draws its passages from the seed of (language, letters) alone, so both
// presentations see the same passages under the same cipher alphabets, and a run of fewer cells the same texts.
// Null texts (random letters, or the passage's own letters shuffled; layout kept; and, not fitted on, a Vigenère text
// or another language's passage: null-inputs.ts) are enciphered alike and solved in the cell's language: a
// confidence of 0.5 or more on one is an answer where there is none.
import { type Language, solveSubstitution } from '../../src/analysis/index.js';
import { letterIndices, namedAlphabet, substitutionEncrypt } from '../../src/core/index.js';
import { substitutionQuad } from './baselines.js';
import { type EvidenceOutcome, type NoAnswerGrid, steps } from './calibration.js';
import { cellSeed, FormatContext } from './context.js';
import { mulberry32 } from './internals.js';
import { substitutionNullInput } from './null-inputs.js';
import type { Options } from './options.js';
import { foldAccents } from './presentations.js';
import { cipherAlphabet } from './samples.js';
import {
  AUTO_FROM,
  isFittedKind,
  NULL_KINDS,
  type NullKind,
  PRESENTATIONS,
  type Presentation,
  printNulls,
  printPresentation,
  printSummary,
  type Solve,
  type SolveNull,
} from './substitution-report.js';

const basic = namedAlphabet('basic');

/** What a cell draws from: the spaced and the letters context (samplers, baselines, folding). */
interface Contexts {
  spaced: FormatContext;
  letters: FormatContext;
}

/** A passage of `letters` letters in the presentation, folded to A–Z. */
function passage(ctx: Contexts, p: Presentation, language: Language, letters: number, rng: () => number): string {
  if (p === 'letters') return ctx.letters.sampler(language).plaintext(letters, rng);
  return foldAccents(ctx.spaced.sampler(language).plaintext(letters, rng), ctx.spaced.present);
}

/** CPU time since `started` (process.cpuUsage), in ms: the speed bound is CPU, whatever else runs. */
function cpuMs(started: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(started);
  return (user + system) / 1000;
}

/** Share of the plaintext's letters that `got` has wrong (a letter missing counts as wrong). */
function letterError(got: ArrayLike<number>, want: ArrayLike<number>): number {
  let wrong = 0;
  for (let i = 0; i < want.length; i++) if (got[i] !== want[i]) wrong++;
  return want.length ? wrong / want.length : 0;
}

/** The best solution's confidence, its share among the keys (the "no answer" factor taken out) and the evidence. */
function confidence(r: ReturnType<typeof solveSubstitution>): { conf: number; inner: number; evidence: number } {
  const conf = r.solutions[0]?.score ?? 0;
  // The solver's score is that share times σ(evidence), i.e. 1 − noAnswer; divided by σ(evidence) itself, since
  // 1 − noAnswer rounds to 0 once "no answer" is within 1e-16 of certain, as it is on most null texts. Below an
  // evidence of about −745 σ itself underflows, and the score with it: the share is lost, and any fit gives 0 there.
  const answer = 1 / (1 + Math.exp(-r.evidence));
  return { conf, inner: answer > 0 ? Math.min(1, conf / answer) : 0, evidence: r.evidence };
}

/** The text solved with language auto, and its CPU time. */
function autoSolve(cipher: string): { language: Language; conf: number; ms: number } {
  const started = process.cpuUsage();
  const r = solveSubstitution(cipher, basic, 'auto');
  return { language: r.language, conf: r.solutions[0]?.score ?? 0, ms: cpuMs(started) };
}

function solveCell(ctx: Contexts, p: Presentation, language: Language, letters: number): Solve[] {
  const o = ctx.spaced.options;
  const rng = mulberry32(cellSeed(0x5b5717, language, letters, 0));
  // The climber reads letters only: one seed for both presentations, so that it answers the same passage alike.
  const climb = mulberry32(cellSeed(0xc1178b, language, letters, 0));
  const b = ctx.letters.baseline(language);
  const out: Solve[] = [];
  let shown = 0;
  for (let i = 0; i < o.substitution; i++) {
    const plain = passage(ctx, p, language, letters, rng);
    const key = cipherAlphabet(basic, rng);
    const cipher = substitutionEncrypt(plain, key, basic);
    const started = process.cpuUsage();
    const r = solveSubstitution(cipher, basic, language);
    const ms = cpuMs(started);
    const want = letterIndices(plain, basic);
    const error = letterError(letterIndices(r.solutions[0]?.text ?? '', basic), want);
    const l = letterIndices(cipher, basic);
    const quad = substitutionQuad(l, b, climb);
    const quadError = letterError(
      Array.from(l, (x) => quad[x] as number),
      want,
    );
    const auto = letters >= AUTO_FROM && i < o['substitution-auto'] ? autoSolve(cipher) : undefined;
    out.push({
      presentation: p,
      language,
      letters,
      right: error === 0,
      error,
      quadRight: quadError === 0,
      quadError,
      ms,
      ...confidence(r),
      ...(auto && { auto: auto.language === language, autoMs: auto.ms }),
    });
    if (error > 0 && shown++ < o.misses)
      console.log(
        `  miss ${p} ${language} ${letters} letters: conf ${(r.solutions[0]?.score ?? 0).toFixed(3)} ` +
          `${JSON.stringify(r.solutions[0]?.text.slice(0, 90))}, truth ${JSON.stringify(plain.slice(0, 90))}`,
      );
    if (auto && auto.language !== language && shown++ < o.misses)
      console.log(
        `  auto miss ${p} ${language} ${letters} letters: named ${auto.language}, ${JSON.stringify(plain.slice(0, 90))}, cipher ${JSON.stringify(cipher)}`,
      );
  }
  return out;
}

/** Texts with no answer, of the cells' lengths and layouts, each under a random cipher alphabet too. */
function nullCell(ctx: Contexts, p: Presentation, language: Language, letters: number, k: number): SolveNull[] {
  const o = ctx.spaced.options;
  const rng = mulberry32(cellSeed(0x5b0d0, language, letters, k));
  // The letters sampler's alphabet is A–Z: it rewrites the folded letters of either presentation, layout kept.
  const sampler = ctx.letters.sampler(language);
  const kind = NULL_KINDS[k] as NullKind;
  // The passage each input was cut from: another language's passage is enciphered as it is, and read right or not.
  let cutFrom = '';
  const cut = (l: Language): string => {
    cutFrom = passage(ctx, p, l, letters, rng);
    return cutFrom;
  };
  const out: SolveNull[] = [];
  let shown = 0;
  for (let i = 0; i < o['null-substitution']; i++) {
    const cipher = substitutionNullInput(kind, language, i, cut, sampler, rng);
    const started = process.cpuUsage();
    const r = solveSubstitution(cipher, basic, language);
    const ms = cpuMs(started);
    const c = confidence(r);
    const readRight = kind === 'foreign' ? r.solutions[0]?.text === cutFrom : undefined;
    // The first --substitution-auto of a cell of AUTO_FROM letters or more with auto too: its cost and its answer. Not
    // another language's passage, which auto should answer: to auto it is a cryptogram of prose like any other.
    const auto =
      letters >= AUTO_FROM && i < o['substitution-auto'] && kind !== 'foreign' ? autoSolve(cipher) : undefined;
    out.push({
      presentation: p,
      language,
      letters,
      kind,
      ms,
      ...c,
      ...(readRight !== undefined && { readRight }),
      ...(auto && { autoConf: auto.conf, autoMs: auto.ms }),
    });
    if (c.conf >= 0.5 && shown++ < o.misses)
      console.log(
        `  answered ${p} ${language} ${kind} ${letters} letters: conf ${c.conf.toFixed(3)} ${JSON.stringify(cipher.slice(0, 90))}`,
      );
  }
  return out;
}

/** Runs and prints the section; returns every solve and null solve (the calibration fits them). */
export function runSubstitution(o: Options): { solves: Solve[]; nulls: SolveNull[] } {
  const ctx: Contexts = { spaced: new FormatContext('spaced', o), letters: new FormatContext('letters', o) };
  const lengths = o['substitution-letters'];
  const solves: Solve[] = [];
  const nulls: SolveNull[] = [];
  if (o.substitution > 0)
    for (const p of PRESENTATIONS) {
      const mine: Solve[] = [];
      for (const language of o.langs) for (const letters of lengths) mine.push(...solveCell(ctx, p, language, letters));
      printPresentation(p, mine, o, ctx.spaced.split);
      solves.push(...mine);
    }
  if (o['null-substitution'] > 0) {
    for (const p of PRESENTATIONS)
      for (const language of o.langs)
        for (const letters of lengths)
          for (let k = 0; k < NULL_KINDS.length; k++)
            // A calibration run leaves out the kinds not fitted on: it reads dev, and fits its null texts.
            if (!o.calibrate || isFittedKind(NULL_KINDS[k] as NullKind))
              nulls.push(...nullCell(ctx, p, language, letters, k));
    printNulls(nulls, o);
  }
  printSummary(solves, nulls, o);
  return { solves, nulls };
}

/**
 * The grid the substitution "no answer" fit searches: its evidence runs to ±100 and more (every letter of the text
 * weighs in, against the count of keys), so the offset may go further below 0 than the Caesar grid's −8.
 */
export const SUBSTITUTION_GRID: NoAnswerGrid = { slopes: steps(0.01, 2, 0.01), offsets: steps(-24, 8, 0.1) };

/**
 * The solves and null solves as the "no answer" fit reads them (fitEvidence in no-answer-fits.ts): only the null
 * kinds the fit is fitted on, whatever the run measured.
 */
export function substitutionEvidence(run: { solves: Solve[]; nulls: SolveNull[] }): EvidenceOutcome[] {
  const of = (s: Solve | SolveNull) => ({
    evidence: s.evidence,
    inner: s.inner,
    letters: s.letters,
    format: s.presentation,
  });
  return [
    ...run.solves.map((s) => ({ ...of(s), right: s.right })),
    ...run.nulls.filter((s) => isFittedKind(s.kind)).map((s) => ({ ...of(s), right: false, none: true as const })),
  ];
}
