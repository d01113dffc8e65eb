// `npm run mutate:sample`: the mutation score of all of src/core and src/analysis, estimated from a uniform sample.
//
// A full run tests each of about 9,000 mutants against the solvers' tests, days on two cores. This lists every mutant
// (Stryker with a test command that always passes), draws a seeded uniform sample, tests only those, each part against
// its own tests (scripts/mutation/sample.ts, testsOf), and prints the score with its 95 % Wilson interval.
//
//   npm run mutate:sample -- [--size=500] [--seed=1] [--concurrency=2] [--enumeration=reports/mutation/enumerate.json]
//
// Needs Node 22 or later (StrykerJS). Reports land in reports/mutation/ (git-ignored).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  babelLocation,
  drawSample,
  type Mutant,
  mutantsOf,
  partOf,
  type Report,
  rangeOf,
  type Tally,
  tally,
  testsOf,
  wilson,
} from './mutation/sample.js';

const OUT = 'reports/mutation';
const WORK = '.stryker-tmp-sample';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '500' },
    seed: { type: 'string', default: '1' },
    concurrency: { type: 'string', default: '2' },
    enumeration: { type: 'string' },
  },
});

/** Runs Stryker with a generated configuration that spreads the repository's own and overrides a few fields. */
function stryker(name: string, overrides: Record<string, unknown>, env: Record<string, string> = {}): void {
  const config = `${WORK}/${name}.config.mjs`;
  writeFileSync(
    config,
    `import base from '../stryker.config.mjs';\nexport default { ...base, ...${JSON.stringify(overrides, null, 2)} };\n`,
  );
  const run = spawnSync('npx', ['stryker', 'run', config], { stdio: 'inherit', env: { ...process.env, ...env } });
  if (run.status !== 0) throw new Error(`stryker (${name}) exited with ${run.status}`);
}

/** Every mutant of the target, listed by a run whose test command always passes (about 4 minutes). */
function enumerate(): Mutant[] {
  const file = `${OUT}/enumerate.json`;
  stryker('enumerate', {
    testRunner: 'command',
    commandRunner: { command: 'true' },
    // Static mutants can be told apart only with coverage; the sampled run reports them as ignored.
    coverageAnalysis: 'off',
    ignoreStatic: false,
    concurrency: Number(values.concurrency),
    reporters: ['json'],
    jsonReporter: { fileName: file },
    tempDirName: `${WORK}/enumerate`,
  });
  return mutantsOf(JSON.parse(readFileSync(file, 'utf8')) as Report);
}

/** Tests one part's sampled mutants against that part's tests and tallies them. */
function runPart(part: string, sampled: Mutant[]): Tally {
  const slug = part.replace('/', '-');
  const locations = `${WORK}/${slug}.locations.json`;
  writeFileSync(locations, JSON.stringify([...new Set(sampled.map(babelLocation))]));
  const file = `${OUT}/sample-${slug}.json`;
  stryker(
    slug,
    {
      mutate: [...new Set(sampled.map(rangeOf))],
      plugins: ['@stryker-mutator/*', `${process.cwd()}/scripts/mutation/sample-ignorer.mjs`],
      ignorers: ['sample'],
      concurrency: Number(values.concurrency),
      reporters: ['json'],
      jsonReporter: { fileName: file },
      tempDirName: `${WORK}/${slug}`,
    },
    { MUTATION_TESTS: testsOf(part), STRYKER_SAMPLE_LOCATIONS: `${process.cwd()}/${locations}` },
  );
  return tally(sampled, mutantsOf(JSON.parse(readFileSync(file, 'utf8')) as Report));
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

function line(name: string, t: Tally): string {
  const valid = t.detected + t.undetected;
  const { low, high } = wilson(t.detected, valid);
  const score = valid ? pct(t.detected / valid) : '–';
  return `| ${name} | ${valid + t.invalid + t.missing} | ${t.detected} | ${t.undetected} | ${t.invalid} | ${t.missing} | ${score} | ${pct(low)}–${pct(high)} |`;
}

function sum(tallies: Tally[]): Tally {
  const t: Tally = { detected: 0, undetected: 0, invalid: 0, missing: 0, byStatus: {} };
  for (const x of tallies) {
    t.detected += x.detected;
    t.undetected += x.undetected;
    t.invalid += x.invalid;
    t.missing += x.missing;
    for (const [s, n] of Object.entries(x.byStatus)) t.byStatus[s] = (t.byStatus[s] ?? 0) + n;
  }
  return t;
}

function main(): void {
  mkdirSync(OUT, { recursive: true });
  mkdirSync(WORK, { recursive: true });
  const all =
    values.enumeration && existsSync(values.enumeration)
      ? mutantsOf(JSON.parse(readFileSync(values.enumeration, 'utf8')) as Report)
      : enumerate();
  const sampled = drawSample(all, Number(values.size), Number(values.seed));
  const parts = new Map<string, Mutant[]>();
  for (const m of sampled) parts.set(partOf(m.file), [...(parts.get(partOf(m.file)) ?? []), m]);
  const results: [string, Tally][] = [];
  for (const [part, ms] of [...parts].sort(([a], [b]) => a.localeCompare(b))) {
    results.push([part, runPart(part, ms)]);
  }
  const total = sum(results.map(([, t]) => t));
  console.log(
    `\n${sampled.length} of ${all.length} mutants, seed ${values.seed}; each part judged by its own tests.\n`,
  );
  console.log('| part | sampled | detected | undetected | not valid | missing | score | 95 % interval |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [part, t] of results) console.log(line(part, t));
  console.log(line('**all**', total));
  console.log(`\nBy status: ${JSON.stringify(total.byStatus)}`);
  writeFileSync(
    `${OUT}/sample-summary.json`,
    JSON.stringify({ size: sampled.length, of: all.length, results }, null, 2),
  );
}

main();
