// Breaking the affine cipher: every key ranked, beside "no answer".
export { type AffineSolution, type AffineSolveResult, affineKeys, solveAffine } from './solve.js';
