// Cold load of the five language models in a fresh process: read, parse and compile, as a server start pays it.
import { LANGUAGES } from '../../src/analysis/languages.js';
import { getModel } from '../../src/analysis/model.js';

const cpu = process.cpuUsage();
const started = performance.now();
for (const language of LANGUAGES) getModel(language);
const used = process.cpuUsage(cpu);
console.log(JSON.stringify({ wall: performance.now() - started, cpu: (used.user + used.system) / 1000 }));
