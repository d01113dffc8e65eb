// "What is this?" as a plain-data task for the worker pool (src/compute).
import { type AlphabetSpec, alphabetOf } from '../../core/index.js';
import type { Language } from '../language-model/index.js';
import { identify } from './index.js';

export const identifyTasks = {
  // No cost given: it weighs a Vigenère search in every language, always worth a worker.
  identify: {
    run: (args: { spec: AlphabetSpec; text: string; language: Language | 'auto'; maxKeyLength: number }) =>
      identify(args.text, alphabetOf(args.spec), args.language, { maxKeyLength: args.maxKeyLength }),
  },
};
