// Scoring: the log-likelihood of candidate plaintexts under a language model, for one text or for every shift at
// once, the log-space sums the solvers weigh their candidates with, and their seeded randomness.
export { mulberry32 } from './random.js';
export { logSumExp, scoreText, shiftLogLikelihoods, softmax, symbolsLogLikelihood } from './score.js';
