// Builds src/analysis/words/<lang>.windows: how often each pattern of repeated letters fills a window of 12 letters of
// the language's running text, folded to A–Z (src/analysis/words/window-patterns.ts), for naming the language of a
// cryptogram whose letters run together.
//
// Usage: npm run build:models (after the word lists). The lines are those the folded model counts (validation and
// final-test lines never, scripts/corpus/split.ts; of each source its share in scripts/corpus/mix.ts), folded by the
// same rule (German's ä read as a and as ae on alternate lines: here alternate lines counted, where the model
// alternates over every line of the corpus), letters only, one line after another.
// MODELS_EXCLUDE_DEV=1 and CIPHER_MODEL_DIR as in scripts/build-models.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assetDir, LANGUAGES } from '../src/analysis/index.js';
import { encodeWindowTable, WINDOW_CELLS, WINDOW_LETTERS, windowCell } from '../src/analysis/words/index.js';
import { letterIndices, namedAlphabet } from '../src/core/index.js';
import { foldLines, trainingLines } from './corpus.js';

const EXCLUDE_DEV = process.env.MODELS_EXCLUDE_DEV === '1';
const OUT_DIR = assetDir('words');
mkdirSync(OUT_DIR, { recursive: true });
const BASIC = namedAlphabet('basic');

for (const language of LANGUAGES) {
  const started = performance.now();
  const letters = letterIndices(foldLines(language, trainingLines(language, EXCLUDE_DEV)).join(''), BASIC);
  const counts = new Uint32Array(WINDOW_CELLS);
  const windows = Math.max(0, letters.length - WINDOW_LETTERS + 1);
  for (let from = 0; from < windows; from++) {
    const cell = windowCell(letters, from);
    counts[cell] = (counts[cell] as number) + 1;
  }
  const bytes = encodeWindowTable(counts, windows);
  writeFileSync(join(OUT_DIR, `${language}.windows`), bytes);
  const used = counts.reduce((n, c) => n + (c > 0 ? 1 : 0), 0);
  console.log(
    `${language}: ${windows} windows, ${used} of ${WINDOW_CELLS} cells used, ${bytes.length} bytes, ${(performance.now() - started).toFixed(0)} ms`,
  );
}
