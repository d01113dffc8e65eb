// Builds src/analysis/start/<lang>.bin: how each language's running text begins after a word break (src/analysis/words/word-start.ts).
//
// Usage: npm run build:models (runs after scripts/build-models.ts, from the models it wrote)
//
// The contexts are counted on the same lines as the shipped model (validation and final-test lines never,
// scripts/corpus/split.ts; of each source its share in scripts/corpus/mix.ts), and the probabilities come from that model, so
// the table is a function of the model.
// MODELS_EXCLUDE_DEV=1 and CIPHER_MODEL_DIR as in scripts/build-models.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assetDir, LANGUAGES } from '../src/analysis/index.js';
import { getModel } from '../src/analysis/language-model/index.js';
import { buildWordStartTable } from '../src/analysis/words/index.js';
import { trainingLines } from './corpus.js';

const EXCLUDE_DEV = process.env.MODELS_EXCLUDE_DEV === '1';
const OUT_DIR = assetDir('start');
mkdirSync(OUT_DIR, { recursive: true });

for (const language of LANGUAGES) {
  const started = performance.now();
  const model = getModel(language);
  const table = buildWordStartTable(model, trainingLines(language, EXCLUDE_DEV));
  const bytes = Buffer.alloc(4 * table.length);
  table.forEach((p, i) => {
    bytes.writeFloatLE(p, 4 * i);
  });
  writeFileSync(join(OUT_DIR, `${language}.bin`), bytes);
  const sum = table.reduce((x, y) => x + y, 0);
  console.log(
    `${language}: ${table.length} entries, ${bytes.length} bytes, mass ${sum.toFixed(6)}, ${(performance.now() - started).toFixed(0)} ms`,
  );
}
