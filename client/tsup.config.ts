// Builds the client into dist/: ESM, CJS and declarations; tRPC and superjson stay the user's dependencies.
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  // The server's own type errors are the root type-check's business; here we only need its declarations.
  dts: { compilerOptions: { noCheck: true } },
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
  external: ['@trpc/client', '@trpc/server', 'superjson'],
  outDir: 'dist',
});
