// The Vigenère analysis as a plain-data task for the worker pool (src/compute).
import { type AlphabetSpec, alphabetOf } from '../../core/index.js';
import type { Language } from '../language-model/index.js';
import { type AnalyzedVariant, analyzeVariant } from './variants.js';

export const vigenereTasks = {
  // No cost given: even a 20-letter analysis fits several key lengths and languages, always worth a worker.
  vigenereAnalyze: {
    run: (args: {
      spec: AlphabetSpec;
      text: string;
      language: Language | 'auto';
      maxKeyLength: number;
      variant: AnalyzedVariant | 'auto';
    }) => analyzeVariant(args.text, alphabetOf(args.spec), args.language, args.maxKeyLength, args.variant),
  },
};
