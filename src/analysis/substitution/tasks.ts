// The substitution solver as a plain-data task for the worker pool (src/compute): what a call runs, and that it is
// always worth a worker.
import { type AlphabetSpec, alphabetOf } from '../../core/index.js';
import type { Language } from '../language-model/index.js';
import { solveSubstitution } from './solve.js';

export const substitutionTasks = {
  // No cost given: even a short cryptogram takes tens of milliseconds of search, always worth a worker.
  substitutionSolve: {
    /** clues: [cipher letter index, plain letter index] pairs, checked by the caller. */
    run: (args: { spec: AlphabetSpec; text: string; language: Language | 'auto'; clues: [number, number][] }) =>
      solveSubstitution(args.text, alphabetOf(args.spec), args.language, { clues: new Map(args.clues) }),
  },
};
