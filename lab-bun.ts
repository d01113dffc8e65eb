import { solveSubstitution } from './src/analysis/index.js';
import { namedAlphabet, substitutionEncrypt } from './src/core/index.js';
const a = namedAlphabet('basic');
const plain = 'It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness, it was the epoch of belief.';
const c = substitutionEncrypt(plain, 'QWERTYUIOPASDFGHJKLZXCVBNM', a);
const letters = c.replace(/[^A-Za-z]/g, '');
for (const [name, text] of [['spaced', c], ['letters', letters]] as const) {
  solveSubstitution(text, a, 'en');
  const t = performance.now();
  for (let i = 0; i < 5; i++) solveSubstitution(text, a, 'en');
  console.log(name, ((performance.now() - t) / 5).toFixed(0), 'ms', solveSubstitution(text, a, 'en').solutions[0]!.score.toFixed(3));
}
