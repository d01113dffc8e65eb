// A uniform sample of Stryker's mutants and its score with a confidence interval: the arithmetic of `npm run mutate:sample`.

import { mulberry32 } from '../lib/random.js';

/** A position as Stryker's JSON report writes it: line and column both 1-based. */
interface Position {
  line: number;
  column: number;
}

/** One mutant as the report lists it, with the file it is in. */
export interface Mutant {
  file: string;
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: Position; end: Position };
}

/** The part of a Stryker JSON report (mutation-testing-report-schema) this script reads. */
export interface Report {
  files: Record<string, { mutants: Omit<Mutant, 'file'>[] }>;
}

export function mutantsOf(report: Report): Mutant[] {
  return Object.entries(report.files).flatMap(([file, { mutants }]) => mutants.map((m) => ({ ...m, file })));
}

/** What names one mutant across runs: the ids Stryker gives are only numbers in the order of one run. */
export function keyOf(m: Mutant): string {
  const { start, end } = m.location;
  return `${m.file}|${start.line}:${start.column}-${end.line}:${end.column}|${m.mutatorName}|${m.replacement ?? ''}`;
}

/** `size` distinct mutants drawn uniformly (a partial Fisher-Yates shuffle under a seeded generator). */
export function drawSample(mutants: readonly Mutant[], size: number, seed: number): Mutant[] {
  const pool = [...mutants];
  const random = mulberry32(seed);
  const n = Math.min(size, pool.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j] as Mutant, pool[i] as Mutant];
  }
  return pool.slice(0, n);
}

/** The part a file belongs to: `core`, or `analysis/<room>`, or `analysis` for the files at its top. */
export function partOf(file: string): string {
  if (file.startsWith('src/core/')) return 'core';
  const room = /^src\/analysis\/([^/]+)\//.exec(file)?.[1];
  return room ? `analysis/${room}` : 'analysis';
}

/**
 * The tests that judge a part's mutants (comma-separated globs for MUTATION_TESTS): its own, as every measurement in
 * docs/testing.md, and for analysis also the cross-cutting tests at the top of test/analysis. Tests elsewhere (the
 * routers', other rooms') that would also kill a mutant are not run, so the score is a lower bound.
 */
export function testsOf(part: string): string {
  if (part === 'core') return 'test/core/**/*.test.ts';
  const own = part === 'analysis' ? [] : [`test/${part}/**/*.test.ts`];
  return [...own, 'test/analysis/*.test.ts'].join(',');
}

/** A mutant's node as Babel locates it (columns 0-based), which the mutate range and the ignorer both read. */
export function babelLocation(m: Mutant): string {
  const { start, end } = m.location;
  return `${start.line}:${start.column - 1}-${end.line}:${end.column - 1}`;
}

/** Stryker's `mutate` range for the node a mutant changes (`file:line:column-line:column`, Babel's columns). */
export function rangeOf(m: Mutant): string {
  return `${m.file}:${babelLocation(m)}`;
}

/** Statuses counted as Stryker counts them: detected, undetected, or not valid (left out of the score). */
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

export interface Tally {
  detected: number;
  undetected: number;
  /** Ignored (static), compile and run-time errors: Stryker leaves these out of the score. */
  invalid: number;
  /** Sampled mutants the run did not report (none expected). */
  missing: number;
  byStatus: Record<string, number>;
}

/** How the sampled mutants fared in a run's report; the run may hold more mutants than were sampled. */
export function tally(sampled: readonly Mutant[], run: readonly Mutant[]): Tally {
  const status = new Map(run.map((m) => [keyOf(m), m.status]));
  const t: Tally = { detected: 0, undetected: 0, invalid: 0, missing: 0, byStatus: {} };
  for (const m of sampled) {
    const s = status.get(keyOf(m));
    if (s === undefined) {
      t.missing++;
      continue;
    }
    t.byStatus[s] = (t.byStatus[s] ?? 0) + 1;
    if (DETECTED.has(s)) t.detected++;
    else if (UNDETECTED.has(s)) t.undetected++;
    else t.invalid++;
  }
  return t;
}

/** The Wilson score interval for k successes in n trials (95 % at z = 1.96). */
export function wilson(k: number, n: number, z = 1.96): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
