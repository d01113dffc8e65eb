// Seeded randomness for scripts, benches and tests: the solvers' own generator (src/analysis/scoring/random.ts).
export { mulberry32 } from '../../src/analysis/scoring/index.js';
