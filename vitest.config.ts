// Vitest configuration: one run covers core, analysis, routers and HTTP tiers.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Installs redis-server where it can (Debian, root) and otherwise stops the run with what to install.
    globalSetup: ['test/support/global-setup.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
