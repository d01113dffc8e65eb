// Where the analysis tables are read from: beside the analysis rooms (src/analysis/models/, start/, words/), or under
// CIPHER_MODEL_DIR (the benchmark's development models).
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export type AssetKind = 'models' | 'start' | 'words';

/**
 * The directory of one kind of table. CIPHER_MODEL_DIR, when set, names a directory with the same models/,
 * start/ and words/ layout: `npm run build:dev-models` writes one from the training lines without the
 * development split, so that tuning on that split does not measure text the n-gram model has counted. The
 * build scripts write here too, so they always write where the loaders read.
 */
export function assetDir(kind: AssetKind): string {
  const dir = process.env.CIPHER_MODEL_DIR;
  return dir ? join(resolve(dir), kind) : fileURLToPath(new URL(`../${kind}/`, import.meta.url));
}

/** The URL of a table file in assetDir(kind). */
export function assetUrl(kind: AssetKind, file: string): URL {
  return pathToFileURL(join(assetDir(kind), file));
}
