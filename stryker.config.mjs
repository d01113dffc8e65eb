// StrykerJS: mutation testing of src/core and src/analysis against their unit tests (npm run mutate; docs/testing.md).
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  // The whole target; a part is measured with `npm run mutate -- --mutate 'src/core/**/*.ts'`.
  mutate: ['src/core/**/*.ts', 'src/analysis/**/*.ts', '!src/**/index.ts'],
  coverageAnalysis: 'perTest',
  // Module-level mutants would rerun every test for each one; they are listed as ignored, not hidden.
  ignoreStatic: true,
  // The machine is shared (two cores): one test process, and mutants that slow the solvers get room before timing out.
  concurrency: 1,
  timeoutFactor: 3,
  timeoutMS: 20_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  // Not copied into the sandbox: the corpus (often a symbolic link to another checkout's), reports, other sandboxes.
  ignorePatterns: ['/.corpus', '/reports', '/.stryker-tmp*', '/test/artifacts'],
};
