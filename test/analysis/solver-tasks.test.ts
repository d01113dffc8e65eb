// The solvers' plain-data tasks for the worker pool (identify, the cryptogram, the Vigenère family): each answers as
// the solver it wraps, with the alphabet its spec names and every argument passed through.
import { describe, expect, it } from 'vitest';
import { identifyTasks } from '../../src/analysis/identify/tasks.js';
import { identify, solveSubstitution } from '../../src/analysis/index.js';
import { substitutionTasks } from '../../src/analysis/substitution/tasks.js';
import { analyzeVariant } from '../../src/analysis/vigenere/index.js';
import { vigenereTasks } from '../../src/analysis/vigenere/tasks.js';
import {
  caesarEncrypt,
  keywordAlphabet,
  namedAlphabet,
  substitutionEncrypt,
  variantEncrypt,
} from '../../src/core/index.js';
import { HARBOUR_EN } from './texts.js';

const basic = namedAlphabet('basic');
const PLAIN = HARBOUR_EN.slice(0, 160);

describe('the solvers’ tasks', () => {
  it('identify: the alphabet of its spec, the language and max_key_length as given', () => {
    const text = caesarEncrypt(PLAIN, 7, basic);
    const got = identifyTasks.identify.run({ spec: {}, text, language: 'en', maxKeyLength: 6 });
    expect(got).toEqual(identify(text, basic, 'en', { maxKeyLength: 6 }));
    expect(got.solutions[0]).toMatchObject({ cipher: 'caesar', shift: 7 });
    const german = namedAlphabet('german');
    const umlauts = caesarEncrypt('Die Brücke über den Fluss war schön und grün im Frühling', 4, german);
    const spec = { alphabet: 'german' as const };
    expect(identifyTasks.identify.run({ spec, text: umlauts, language: 'de', maxKeyLength: 6 })).toEqual(
      identify(umlauts, german, 'de', { maxKeyLength: 6 }),
    );
  });

  it('substitutionSolve: the clues given as index pairs become the solver’s map', () => {
    const key = keywordAlphabet('ZEBRAS', basic);
    const text = substitutionEncrypt(PLAIN, key, basic);
    // Cipher Z (25) is plain A (0) under ZEBRAS.
    const clues: [number, number][] = [[25, 0]];
    const got = substitutionTasks.substitutionSolve.run({ spec: {}, text, language: 'en', clues });
    expect(got).toEqual(solveSubstitution(text, basic, 'en', { clues: new Map(clues) }));
    expect(got.solutions[0]?.text).toBe(PLAIN);
  });

  it('vigenereAnalyze: the variant and max_key_length as given', () => {
    const text = variantEncrypt(PLAIN, 'QUAY', 'beaufort', basic);
    const args = { spec: {}, text, language: 'en' as const, maxKeyLength: 8, variant: 'beaufort' as const };
    const got = vigenereTasks.vigenereAnalyze.run(args);
    expect(got).toEqual(analyzeVariant(text, basic, 'en', 8, 'beaufort'));
    expect(got.probable_key).toBe('QUAY');
    expect(Object.keys(got.ioc_scores)).toHaveLength(8);
  });
});
