// Where the analysis tables are read from: beside the modules, or under CIPHER_MODEL_DIR.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { assetUrl } from '../../../src/analysis/language-model/index.js';

const saved = process.env.CIPHER_MODEL_DIR;
afterEach(() => {
  if (saved === undefined) delete process.env.CIPHER_MODEL_DIR;
  else process.env.CIPHER_MODEL_DIR = saved;
});

describe('assetUrl', () => {
  it('names the shipped tables beside src/analysis by default', () => {
    delete process.env.CIPHER_MODEL_DIR;
    const path = fileURLToPath(assetUrl('models', 'en.bin'));
    expect(path).toBe(fileURLToPath(new URL('../../../src/analysis/models/en.bin', import.meta.url)));
    expect(existsSync(path)).toBe(true);
    expect(existsSync(fileURLToPath(assetUrl('start', 'pl.bin')))).toBe(true);
    expect(existsSync(fileURLToPath(assetUrl('words', 'de.txt')))).toBe(true);
  });

  it('names the same layout under CIPHER_MODEL_DIR, resolved from the working directory', () => {
    process.env.CIPHER_MODEL_DIR = '.dev-models';
    expect(fileURLToPath(assetUrl('words', 'fr.txt'))).toBe(join(resolve('.dev-models'), 'words', 'fr.txt'));
  });
});
