// The Caesar solver: every shift's posterior under a language model, beside "no answer".
export { NO_ANSWER_FITS } from './no-answer-fits.js';
export { type CaesarSolution, type CaesarSolveOptions, type CaesarSolveResult, solveCaesar } from './solve.js';
