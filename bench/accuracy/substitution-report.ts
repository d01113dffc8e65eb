// What the substitution section measured, and its tables: exact and letter error, targets, auto, null set, ECE, speed.
import type { Language } from '../../src/analysis/index.js';
import { SUBSTITUTION_CLIMB } from './baselines.js';
import { ece } from './calibration.js';
import type { Options } from './options.js';
import { median, pct } from './report.js';
import type { Split } from './samples.js';

export const PRESENTATIONS = ['spaced', 'letters'] as const;
export type Presentation = (typeof PRESENTATIONS)[number];
/**
 * The substitution null kinds (null-inputs.ts makes them), each with whether the "no answer" fit was fitted on it:
 * the kinds not fitted on are reported apart and never reach a --calibrate fit. New kinds go last (a kind's seed is
 * its place here).
 */
const NULL_KIND_FITTED = { random: true, shuffled: true, vigenere: false, foreign: false } as const;
export type NullKind = keyof typeof NULL_KIND_FITTED;
export const NULL_KINDS = Object.keys(NULL_KIND_FITTED) as NullKind[];
export const isFittedKind = (kind: NullKind): boolean => NULL_KIND_FITTED[kind];
const FITTED_KINDS = NULL_KINDS.filter(isFittedKind);
const UNFITTED_KINDS = NULL_KINDS.filter((k) => !isFittedKind(k));

/** Cells of at least this many letters are also solved with language auto (--substitution-auto passages of each). */
export const AUTO_FROM = 100;

/** What a solve reports: its confidence, its share among the keys, and the evidence against "no answer". */
interface Confidence {
  conf: number;
  inner: number;
  evidence: number;
}

/** One passage of a cell, solved by ours and by the textbook climber. */
export interface Solve extends Confidence {
  presentation: Presentation;
  language: Language;
  /** The cell's letters (a spaced passage may hold one more where folding wrote ß or æ as two). */
  letters: number;
  /** Every letter of our best decryption right. */
  right: boolean;
  /** Share of our letters wrong. */
  error: number;
  quadRight: boolean;
  quadError: number;
  /** CPU time of our solve. */
  ms: number;
  /** Whether language auto named the passage's language (on the passages it ran on). */
  auto?: boolean;
  /** CPU time of the solve with language auto (on the passages it ran on). */
  autoMs?: number;
}

/** A text with no answer, solved in the language it was cut from. */
export interface SolveNull extends Confidence {
  presentation: Presentation;
  language: Language;
  letters: number;
  kind: NullKind;
  /** CPU time of the solve. */
  ms: number;
  /** Another language's passage (kind foreign): whether the best solution is that passage, letter for letter. */
  readRight?: boolean;
  /** Solved with language auto too (the first --substitution-auto of a cell): its best confidence and CPU time. */
  autoConf?: number;
  autoMs?: number;
}

type Stat = 'mean exact' | 'worst exact' | 'mean letter error';

/** The targets, in %: exact at least `bound`, letter error at most. */
const TARGETS: Record<Presentation, { stat: Stat; letters: number; bound: number }[]> = {
  spaced: [
    { stat: 'mean exact', letters: 64, bound: 90 },
    { stat: 'worst exact', letters: 100, bound: 95 },
    { stat: 'worst exact', letters: 200, bound: 98 },
  ],
  letters: [
    { stat: 'mean letter error', letters: 64, bound: 5 },
    { stat: 'mean exact', letters: 100, bound: 85 },
    { stat: 'worst exact', letters: 200, bound: 95 },
  ],
};

/** The answered share at confidence ≥ 0.5 the null set should stay within (%), and the median ms at 100 letters. */
const NULL_TARGET = 5;
const SPEED_TARGET = 300;
/** No solve of a text of up to 1,000 letters may take more CPU ms than this, language given or auto. */
const SOLVE_BOUND = 1000;

const mean = (xs: number[]): number => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
const share = (xs: boolean[]): number => (100 * xs.filter(Boolean).length) / Math.max(1, xs.length);

/** Per language, a column's figure (%), then the worst language (least exact, most letter error) and the mean. */
function column(solves: Solve[], langs: Language[], f: (s: Solve[]) => number, worstIsMax: boolean) {
  const per = langs
    .map((language) => ({ language, value: f(solves.filter((s) => s.language === language)) }))
    .filter((x) => solves.some((s) => s.language === x.language));
  const worst = per.reduce((x, y) => ((worstIsMax ? y.value > x.value : y.value < x.value) ? y : x), per[0]!);
  return { per, worst, mean: mean(per.map((x) => x.value)) };
}

const exactOf = (s: Solve[]): number => share(s.map((x) => x.right));
const quadExactOf = (s: Solve[]): number => share(s.map((x) => x.quadRight));
const errorOf = (s: Solve[]): number => 100 * mean(s.map((x) => x.error));
const quadErrorOf = (s: Solve[]): number => 100 * mean(s.map((x) => x.quadError));

/** A table of ours beside the climber: a row per language, then the worst language and the mean of the languages. */
function printTable(
  title: string,
  solves: Solve[],
  o: Options,
  ours: (s: Solve[]) => number,
  theirs: (s: Solve[]) => number,
  worstIsMax: boolean,
): void {
  const lengths = o['substitution-letters'];
  console.log(`\n${title}\n`);
  console.log(`| lang | ${lengths.map((n) => `${n} letters`).join(' | ')} |`);
  console.log(`|---|${lengths.map(() => '---').join('|')}|`);
  const cols = lengths.map((n) => {
    const mine = solves.filter((s) => s.letters === n);
    return { ours: column(mine, o.langs, ours, worstIsMax), theirs: column(mine, o.langs, theirs, worstIsMax) };
  });
  const f = (x: number): string => pct(x, 100);
  for (const language of o.langs) {
    const cells = cols.map((c) => {
      const at = (col: typeof c.ours) => col.per.find((x) => x.language === language)?.value ?? 0;
      return `**${f(at(c.ours))}** / ${f(at(c.theirs))}`;
    });
    console.log(`| ${language} | ${cells.join(' | ')} |`);
  }
  console.log(`| worst | ${cols.map((c) => `**${f(c.ours.worst.value)}** (${c.ours.worst.language})`).join(' | ')} |`);
  console.log(`| mean | ${cols.map((c) => `**${f(c.ours.mean)}** / ${f(c.theirs.mean)}`).join(' | ')} |`);
}

/** The targets of the presentation, each beside its figure (or "not measured" when the run has no such cell). */
function targetsText(p: Presentation, solves: Solve[], langs: Language[]): string {
  return TARGETS[p]
    .map(({ stat, letters, bound }) => {
      const mine = solves.filter((s) => s.letters === letters);
      const name = `${stat} ${stat === 'mean letter error' ? '≤' : '≥'} ${bound} % at ${letters}`;
      if (mine.length === 0) return `${name}: not measured`;
      const col = column(mine, langs, stat === 'mean letter error' ? errorOf : exactOf, false);
      const value = stat === 'worst exact' ? col.worst.value : col.mean;
      const met = stat === 'mean letter error' ? value <= bound : value >= bound;
      return `${name}: ${pct(value, 100)} (${met ? 'met' : 'missed'})`;
    })
    .join('; ');
}

/** The exact, letter-error and time tables of one presentation, with its targets. */
export function printPresentation(p: Presentation, solves: Solve[], o: Options, split: Split): void {
  if (solves.length === 0) return;
  const { restarts, patience } = SUBSTITUTION_CLIMB;
  const what =
    `${o.substitution} ${split} passages per cell, each under its own random cipher alphabet; the climber ` +
    `keeps the best of ${restarts} restarts, each ending after ${patience} swaps without gain`;
  printTable(
    `### Substitution, ${p}: exact %, **ours** / quadgram climber (${what})`,
    solves,
    o,
    exactOf,
    quadExactOf,
    false,
  );
  printTable(
    `### Substitution, ${p}: letters wrong %, **ours** / quadgram climber`,
    solves,
    o,
    errorOf,
    quadErrorOf,
    true,
  );
  console.log(`\nTargets, ${p}: ${targetsText(p, solves, o.langs)}`);
  const lengths = o['substitution-letters'];
  console.log(`\nCPU ms per solve, ours, ${p}: median / max\n`);
  console.log(`| lang | ${lengths.map((n) => `${n} letters`).join(' | ')} |`);
  console.log(`|---|${lengths.map(() => '---').join('|')}|`);
  for (const language of o.langs) {
    const cells = lengths.map((n) => {
      const ms = solves.filter((s) => s.language === language && s.letters === n).map((s) => s.ms);
      return ms.length ? `${median(ms).toFixed(0)} / ${Math.max(...ms).toFixed(0)}` : '—';
    });
    console.log(`| ${language} | ${cells.join(' | ')} |`);
  }
}

/** Share answered with confidence ≥ 0.5 (%), the mean confidence and the count, as "2.0 (0.04, n = 50)". */
function nullText(items: Confidence[]): string {
  if (items.length === 0) return '—';
  const high = items.filter((i) => i.conf >= 0.5).length;
  return `${pct(high, items.length)} (${mean(items.map((i) => i.conf)).toFixed(2)}, n = ${items.length})`;
}

/** A table of the null set over some kinds: a row per presentation and length (and all lengths), a column per kind. */
function printNullKinds(nulls: SolveNull[], o: Options, kinds: readonly NullKind[]): void {
  console.log(`| presentation | letters | ${kinds.join(' | ')} | all |`);
  console.log(`|---|---|${kinds.map(() => '---').join('|')}|---|`);
  for (const p of PRESENTATIONS)
    for (const n of [...o['substitution-letters'], 0]) {
      const mine = nulls.filter((i) => i.presentation === p && (n === 0 || i.letters === n) && kinds.includes(i.kind));
      const cells = kinds.map((k) => nullText(mine.filter((i) => i.kind === k)));
      console.log(`| ${p} | ${n || 'all'} | ${cells.join(' | ')} | ${nullText(mine)} |`);
    }
}

export function printNulls(nulls: SolveNull[], o: Options): void {
  console.log(
    `\n### Substitution null set: % answered with confidence ≥ 0.5 (mean confidence; target ≤ ${NULL_TARGET} %); ` +
      `${o['null-substitution']} texts per kind, presentation, length and language, each under a random cipher alphabet\n`,
  );
  printNullKinds(nulls, o, FITTED_KINDS);
  if (nulls.some((i) => !isFittedKind(i.kind))) {
    console.log(
      `\n#### Substitution null kinds the "no answer" fit was not fitted on: ${UNFITTED_KINDS.join(', ')} (vigenere: ` +
        'the passage under a Vigenère key of 5–12 letters; foreign: a passage of another language, the other four in turn)\n',
    );
    printNullKinds(nulls, o, UNFITTED_KINDS);
    printForeignAnswers(nulls);
  }
  const ms = nulls.map((i) => i.ms);
  if (ms.length)
    console.log(
      `\nCPU ms per solve of a null text: median ${median(ms).toFixed(0)}, max ${Math.max(...ms).toFixed(0)}`,
    );
}

/** Language auto (share naming the right language), the ECE with and without the null set, and the speed target. */
export function printSummary(solves: Solve[], nulls: SolveNull[], o: Options): void {
  const auto = solves.filter((s) => s.auto !== undefined);
  if (auto.length > 0) {
    const cols = PRESENTATIONS.flatMap((p) =>
      o['substitution-letters'].filter((n) => n >= AUTO_FROM).map((n) => ({ p, n })),
    );
    console.log(
      `\n### Substitution, language auto: % naming the passage's language (the first ${o['substitution-auto']} ` +
        `passages of each cell of ${AUTO_FROM} letters or more)\n`,
    );
    console.log(`| lang | ${cols.map((c) => `${c.p} ${c.n}`).join(' | ')} |`);
    console.log(`|---|${cols.map(() => '---').join('|')}|`);
    for (const language of [...o.langs, 'all'] as const) {
      const cells = cols.map(({ p, n }) => {
        const mine = auto.filter(
          (s) => s.presentation === p && s.letters === n && [s.language, 'all'].includes(language),
        );
        return `${pct(mine.filter((s) => s.auto).length, mine.length)} (${mine.length})`;
      });
      console.log(`| ${language} | ${cells.join(' | ')} |`);
    }
  }
  console.log(
    "\n### Substitution calibration: ECE of the best solution's confidence, right = every letter (n in brackets)\n",
  );
  console.log('| presentation | solves | solves + null | solves + null not fitted on |');
  console.log('|---|---|---|---|');
  const e = (xs: { conf: number; right: boolean }[]): string =>
    xs.length ? `${ece(xs).toFixed(4)} (${xs.length})` : '—';
  for (const p of PRESENTATIONS) {
    const real = solves.filter((s) => s.presentation === p).map((s) => ({ conf: s.conf, right: s.right }));
    const none = (fitted: boolean) =>
      nulls
        .filter((s) => s.presentation === p && isFittedKind(s.kind) === fitted)
        .map((s) => ({ conf: s.conf, right: false }));
    const unfitted = none(false);
    console.log(
      `| ${p} | ${e(real)} | ${e([...real, ...none(true)])} | ${unfitted.length ? e([...real, ...unfitted]) : '—'} |`,
    );
  }
  printSpeedBound(solves, nulls);
  const at100 = solves.filter((s) => s.letters === 100).map((s) => s.ms);
  if (at100.length)
    console.log(
      `\nSubstitution speed: median ${median(at100).toFixed(0)} CPU ms a solve at 100 letters over every language and ` +
        `presentation (target ≤ ${SPEED_TARGET} ms), max ${Math.max(...at100).toFixed(0)} ms`,
    );
}

/** CPU ms a solve (median / max, and how many above SOLVE_BOUND), language given and auto, real and null texts. */
function printSpeedBound(solves: Solve[], nulls: SolveNull[]): void {
  const rows: [string, number[]][] = [
    ['passages, language given', solves.map((s) => s.ms)],
    ['passages, auto', solves.flatMap((s) => (s.autoMs === undefined ? [] : [s.autoMs]))],
    ['null texts, language given', nulls.map((s) => s.ms)],
    ['null texts, auto', nulls.flatMap((s) => (s.autoMs === undefined ? [] : [s.autoMs]))],
  ];
  const autoNulls = nulls.filter((s) => s.autoConf !== undefined);
  console.log(`\nSubstitution CPU ms a solve of ≤ 1,000 letters (target: none above ${SOLVE_BOUND} ms)\n`);
  console.log('| solves | n | median | max | above the bound |');
  console.log('|---|---|---|---|---|');
  for (const [name, ms] of rows)
    if (ms.length)
      console.log(
        `| ${name} | ${ms.length} | ${median(ms).toFixed(0)} | ${Math.max(...ms).toFixed(0)} | ` +
          `${ms.filter((m) => m > SOLVE_BOUND).length} |`,
      );
  if (autoNulls.length) {
    const answered = (kind: NullKind) => {
      const mine = autoNulls.filter((s) => s.kind === kind);
      return `${kind} ${pct(mine.filter((s) => (s.autoConf ?? 0) >= 0.5).length, mine.length)} (n = ${mine.length})`;
    };
    const kinds = NULL_KINDS.filter((k) => autoNulls.some((s) => s.kind === k));
    console.log(`\nNull texts solved with auto, answered with confidence ≥ 0.5 (%): ${kinds.map(answered).join(', ')}`);
  }
}

/**
 * Of another language's passages answered at ≥ 0.5, how many the best solution reads letter for letter: a right
 * decryption under the language not asked for, against a wrong one.
 */
function printForeignAnswers(nulls: SolveNull[]): void {
  for (const p of PRESENTATIONS) {
    const answered = nulls.filter((s) => s.presentation === p && s.kind === 'foreign' && s.conf >= 0.5);
    if (answered.length === 0) continue;
    const right = answered.filter((s) => s.readRight).length;
    console.log(
      `\n${p}: of ${answered.length} foreign passages answered at ≥ 0.5, ${right} read the passage letter for letter ` +
        `(the key right, the language not the one asked for), ${answered.length - right} read it otherwise`,
    );
  }
}
