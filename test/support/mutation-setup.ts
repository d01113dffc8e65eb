// Setup of the mutation-testing runs (vitest.mutation.config.ts): fewer fast-check runs per property.
import fc from 'fast-check';

// Stryker reruns the covering tests once per mutant, a thousand times over core alone; 25 cases a property instead
// of 100 cut that time about fourfold, at the price of mutants only a rarer case would catch (docs/testing.md says
// the run's settings beside its score). `npm test` keeps fast-check's 100.
fc.configureGlobal({ numRuns: 25 });
