// Breaking simple substitution (the cryptogram): the key search, its word bonus and its posterior.

export { scorerOf } from './anneal.js';
export { gramsOf } from './grams.js';
export {
  type SubstitutionSolution,
  type SubstitutionSolveResult,
  solveSubstitution,
  UNKNOWN_KEY_LETTER,
} from './solve.js';
