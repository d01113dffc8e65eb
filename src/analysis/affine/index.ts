// Breaking the affine cipher: every key ranked, beside "no answer".
export { type AffineSolution, type AffineSolveResult, affineKeys, scoreAffineKeys, solveAffine } from './solve.js';
