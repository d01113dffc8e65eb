// Vite build of the playground into dist/playground, served by the service at / (src/http/pages/static.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const MODELS = here('../../src/analysis/models/');
const VIRTUAL = 'virtual:letter-frequencies';

/**
 * The expected letter frequencies of each language, taken from the solver's own models at build time, so the
 * chart compares a text with exactly what the service compares it with (a few KB instead of the n-gram tables).
 */
function letterFrequencies(): Plugin {
  return {
    name: 'letter-frequencies',
    resolveId: (id) => (id === VIRTUAL ? `\0${VIRTUAL}` : undefined),
    load(id) {
      if (id !== `\0${VIRTUAL}`) return undefined;
      const out: Record<string, { letters: string; frequencies: number[] }> = {};
      for (const file of readdirSync(MODELS).filter((f) => f.endsWith('.json'))) {
        const path = MODELS + file;
        this.addWatchFile(path);
        const model = JSON.parse(readFileSync(path, 'utf8')) as {
          language: string;
          letters: string;
          frequencies: number[];
        };
        out[model.language] = {
          letters: model.letters,
          frequencies: model.frequencies.map((f) => Math.round(f * 1e5) / 1e5),
        };
      }
      return `export default ${JSON.stringify(out)};`;
    },
  };
}

export default defineConfig({
  root: here('.'),
  base: '/',
  plugins: [letterFrequencies()],
  resolve: { alias: { '@cipher-service/client': here('../src/index.ts') } },
  build: {
    outDir: here('../../dist/playground'),
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: true,
    reportCompressedSize: false,
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/trpc': 'http://127.0.0.1:3000' } },
});
