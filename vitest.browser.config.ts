// Vitest configuration for the browser tests (headless Chromium against a live service): `npm run test:browser`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/browser/**/*.e2e.ts'],
    // Installs Debian's chromium where it can (Debian, root) and otherwise stops the run with what to install.
    globalSetup: ['test/support/browser-setup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser and a few servers at a time keep the timings honest on a small machine.
    fileParallelism: false,
  },
});
