// The affine solver as a plain-data task for the worker pool (src/compute).
import { type AlphabetSpec, alphabetOf } from '../../core/index.js';
import type { Language } from '../language-model/index.js';
import { solveAffine } from './solve.js';

export const affineTasks = {
  // No cost given: every key of every language over the text, always worth a worker.
  affineSolve: {
    run: (args: { spec: AlphabetSpec; text: string; language: Language | 'auto'; candidateChars?: number }) =>
      solveAffine(args.text, alphabetOf(args.spec), args.language, args.candidateChars),
  },
};
