// The shared corpus as the build scripts, the benchmarks and the tests read it, and its one split of lines.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from '../src/analysis/languages.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));

/** ../shared/corpus beside the repository, unless CORPUS_DIR names another. */
export const CORPUS_DIR = resolve(process.env.CORPUS_DIR ?? join(REPO, '..', 'shared', 'corpus'));

/** A language's passages, one a line; a line's 0-based number decides which split it is in. */
export function corpusLines(language: Language): string[] {
  const lines = readFileSync(join(CORPUS_DIR, `${language}.txt`), 'utf8').split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** Held out: what the accuracy benchmark measures on, so no model, table or word list ever counts it. */
export const isHeldOutLine = (i: number): boolean => i % 10 === 0;

/**
 * Development: what the solvers are tuned and calibrated on. The shipped models count it; the
 * development models (npm run build:dev-models) and the word lists never do.
 */
export const isDevLine = (i: number): boolean => i % 10 === 5;
