// Side by side: the cryptogram solver of two checkouts on the same texts, interleaved in one process; their answers
// compared (a speed-up that changes no answer prints none of "DIFFERENT"), their CPU time per solve reported.
//
//   AB_ROOTS=/tmp/base,. node --import tsx bench/core/solve-ab.ts
//
// /tmp/base is e.g. `git archive <commit> src routers scripts package.json | tar -x -C /tmp/base` with this checkout's
// node_modules linked in. AB_N texts (default 6) of AB_LETTERS random letters (200), every other one in groups of five
// (read as spaced text), solved in AB_LANGS in turn (en,pl,de) for AB_ROUNDS rounds (3). Random letters spend a solve's
// whole work budget, so they time the search itself; the same texts and seeds give both checkouts the same work.
import { resolve } from 'node:path';
import type { Language, solveSubstitution as Solve } from '../../src/analysis/index.js';
import { namedAlphabet } from '../../src/core/index.js';
import { mulberry32 } from '../accuracy/internals.js';
import { median } from '../accuracy/report.js';

const env = process.env;
const roots = (env.AB_ROOTS ?? '').split(',').filter(Boolean);
if (roots.length < 2) throw new Error('AB_ROOTS names two checkouts or more, comma-separated');
const solvers = await Promise.all(
  roots.map(async (r) => (await import(resolve(r, 'src/analysis/index.ts'))).solveSubstitution as typeof Solve),
);
const basic = namedAlphabet('basic');
const rng = mulberry32(0xab5);
const languages = (env.AB_LANGS ?? 'en,pl,de').split(',') as Language[];
const texts = Array.from({ length: Number(env.AB_N ?? 6) }, (_, i) => ({
  language: languages[i % languages.length] as Language,
  text: Array.from(
    { length: Number(env.AB_LETTERS ?? 200) },
    (_, j) => (i % 2 === 0 && j % 5 === 4 ? ' ' : '') + (basic.letters[Math.floor(rng() * 26)] as string),
  ).join(''),
}));
const ms = roots.map((): number[] => []);
for (let round = 0; round < Number(env.AB_ROUNDS ?? 3); round++)
  for (const { text, language } of texts) {
    const answers = solvers.map((solve, k) => {
      const started = process.cpuUsage();
      const r = solve(text, basic, language);
      const { user, system } = process.cpuUsage(started);
      ms[k]?.push((user + system) / 1000);
      return JSON.stringify([r.language, r.evidence, r.solutions.map((s) => [s.key, s.score])]);
    });
    if (answers.some((x) => x !== answers[0])) console.log(`DIFFERENT: ${language} ${text.slice(0, 40)}…`);
  }
roots.forEach((root, k) => {
  const mine = ms[k] ?? [];
  console.log(
    `${root}: median ${median(mine).toFixed(0)} CPU ms a solve, total ${mine.reduce((p, q) => p + q, 0).toFixed(0)}`,
  );
});
