// Vitest configuration for mutation testing (stryker.config.mjs): unit tests of src/core and src/analysis only.
import { defineConfig } from 'vitest/config';

/**
 * The test files that judge the mutants, comma-separated globs in MUTATION_TESTS. Stryker runs each mutant against
 * the tests that cover it, and the solvers' tests cover core too: a part is judged by its own tests (core by
 * test/core) so that a run over it takes minutes, not days, on a two-core machine.
 */
const include = (process.env.MUTATION_TESTS ?? 'test/core/**/*.test.ts,test/analysis/**/*.test.ts').split(',');

export default defineConfig({
  test: {
    include,
    environment: 'node',
    setupFiles: ['test/support/mutation-setup.ts'],
    // Instrumented code runs several times slower than the shipped code.
    testTimeout: 300_000,
  },
});
