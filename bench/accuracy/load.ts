// Cold load of the five language models in a fresh process, as a server start pays it: read the tables
// and make both the spaced and the joined statistics ready to score. What stays lazy is measured after:
// the fast/short tables of all ten (the Vigenère search's guide, built on first use), in `fastShort`.
// (A context's smoothed probabilities are also computed when a lookup first reaches it; docs/solver-results.md
// ("the binary model format and lazy smoothing") gives the cost of that on first requests.)

import { LANGUAGES } from '../../src/analysis/index.js';
import { getModel } from '../../src/analysis/language-model/index.js';

const cpu = process.cpuUsage();
const started = performance.now();
for (const language of LANGUAGES) getModel(language);
const used = process.cpuUsage(cpu);
const wall = performance.now() - started;
const before = process.cpuUsage();
for (const language of LANGUAGES) {
  const model = getModel(language);
  if (!(model.spaced.fast.length > 0 && model.joined.fast.length > 0)) throw new Error('no fast table');
}
const lazy = process.cpuUsage(before);
console.log(
  JSON.stringify({ wall, cpu: (used.user + used.system) / 1000, fastShort: (lazy.user + lazy.system) / 1000 }),
);
