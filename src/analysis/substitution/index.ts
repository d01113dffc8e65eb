// Breaking simple substitution (the cryptogram): the key search, its word bonus and its posterior.

export { scorerOf } from './anneal.js';
export { gramsOf } from './grams.js';
export {
  SEARCH_LETTERS,
  type SubstitutionSolution,
  type SubstitutionSolveOptions,
  type SubstitutionSolveResult,
  solveSubstitution,
  UNKNOWN_KEY_LETTER,
} from './solve.js';
