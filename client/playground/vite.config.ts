// Vite build of the playground into dist/playground, served by the service at / (src/http/pages/static.ts).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { API_PREFIX } from '../../routers/prefixes.js';
import { LANGUAGE_INFO, LANGUAGES } from '../../src/analysis/language-model/languages.js';
import { NAMED_ALPHABETS } from '../../src/core/alphabet.js';
import { LIMITS } from '../src/catalog.js';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const MODELS = here('../../src/analysis/models/');
const VIRTUAL = 'virtual:service-facts';

/**
 * The service's facts the page needs before any request, taken from the server's own sources at build time: the
 * REST prefix of its links (`%API_PREFIX%` in index.html), the bounds of its shift, key-length and affine fields (the
 * client's catalogue's LIMITS), the named alphabets, and each solver language's name and expected letter
 * frequencies (from the solver's own models, so the chart compares a text with exactly what the service compares it
 * with: a few KB instead of the n-gram tables).
 */
function serviceFacts(): Plugin {
  return {
    name: 'service-facts',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html
          .replaceAll('%API_PREFIX%', API_PREFIX)
          .replaceAll('%MIN_SHIFT%', String(-LIMITS.maxShift))
          .replaceAll('%MAX_SHIFT%', String(LIMITS.maxShift))
          .replaceAll('%MAX_KEY_LENGTH%', String(LIMITS.maxAnalysisKeyLength))
          .replaceAll('%MIN_AFFINE%', String(-LIMITS.maxAffineCoefficient))
          .replaceAll('%MAX_AFFINE%', String(LIMITS.maxAffineCoefficient)),
    },
    resolveId: (id) => (id === VIRTUAL ? `\0${VIRTUAL}` : undefined),
    load(id) {
      if (id !== `\0${VIRTUAL}`) return undefined;
      const languages: Record<string, { name: string; letters: string; frequencies: number[] }> = {};
      for (const code of LANGUAGES) {
        const path = `${MODELS}${code}.json`;
        this.addWatchFile(path);
        const model = JSON.parse(readFileSync(path, 'utf8')) as { letters: string; frequencies: number[] };
        languages[code] = {
          name: LANGUAGE_INFO[code].name,
          letters: model.letters,
          frequencies: model.frequencies.map((f) => Math.round(f * 1e5) / 1e5),
        };
      }
      return `export const ALPHABETS = ${JSON.stringify(NAMED_ALPHABETS)};\nexport const LANGUAGES = ${JSON.stringify(languages)};`;
    },
  };
}

export default defineConfig({
  root: here('.'),
  base: '/',
  plugins: [serviceFacts()],
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
