// Scoring: the log-likelihood of candidate plaintexts under a language model, for one text or for every shift at
// once, and the log-space sums the solvers weigh their candidates with.
export { logSumExp, scoreText, shiftLogLikelihoods, softmax, symbolsLogLikelihood } from './score.js';
