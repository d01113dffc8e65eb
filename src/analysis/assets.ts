// Where the analysis tables are read from: beside these modules, or under CIPHER_MODEL_DIR (the benchmark's development models).
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export type AssetKind = 'models' | 'start' | 'words';

/**
 * The URL of a table file. CIPHER_MODEL_DIR, when set, names a directory with the same models/, start/ and
 * words/ layout: `npm run build:dev-models` writes one from the training lines without the development
 * split, so that tuning on that split does not measure text the n-gram model has counted.
 */
export function assetUrl(kind: AssetKind, file: string): URL {
  const dir = process.env.CIPHER_MODEL_DIR;
  return dir ? pathToFileURL(join(resolve(dir), kind, file)) : new URL(`./${kind}/${file}`, import.meta.url);
}
