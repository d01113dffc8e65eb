// Caesar solving: the posterior probability of every shift under a language model.
import { Buffer } from 'node:buffer';
import { type Alphabet, caesarDecrypt } from '../core/index.js';
import { AnalysisInputError } from './errors.js';
import { LANGUAGES, type Language } from './languages.js';
import { getModel } from './model.js';
import { ngramsFor, prefixTokens, shiftLogLikelihoods, softmax, tokenize } from './score.js';

export interface CaesarSolution {
  /** The shift that enciphered the text, 0…n−1: decrypting with it gives `text`. */
  shift: number;
  text: string;
  /** Posterior probability of this shift; the scores of all shifts sum to 1. */
  score: number;
}

export interface CaesarSolveResult {
  language: Language;
  /** One entry per shift, most probable first. */
  solutions: CaesarSolution[];
}

export const NO_LETTERS_MESSAGE = 'The text must contain at least one letter of the selected alphabet.';

interface Fit {
  language: Language;
  temperature: number;
  logs: Float64Array;
  best: number;
  /** Whether every letter of the text was scored. */
  whole: boolean;
}

/**
 * Scoring costs about alphabet size × letters; past this product only a prefix of the text is read,
 * which for the named alphabets never happens below 100,000 letters and for any real text is plenty.
 */
const SCORING_WORK = 8_000_000;
/** With 'auto', the languages compete on this many letters; only the winner reads the whole text. */
const SCREEN_LETTERS = 5000;

function fitShifts(text: string, a: Alphabet, language: Language, maxLetters = Number.POSITIVE_INFINITY): Fit {
  const model = getModel(language);
  const all = tokenize(text, a, model);
  if (all.letters === 0) throw new AnalysisInputError('text', NO_LETTERS_MESSAGE);
  const tokens = prefixTokens(all, Math.min(maxLetters, Math.floor(SCORING_WORK / a.size)));
  const logs = shiftLogLikelihoods(tokens, a, model);
  const temperature = ngramsFor(model, tokens).temperature;
  return { language, temperature, logs, best: Math.max(...logs), whole: tokens.letters === all.letters };
}

/**
 * Scores every shift of a Caesar ciphertext. With 'auto', the language whose best decryption is most
 * likely wins: every model predicts the same characters of the same text, so totals compare directly.
 */
export function solveCaesar(text: string, a: Alphabet, language: Language | 'auto'): CaesarSolveResult {
  let fit: Fit;
  if (language === 'auto') {
    const screened = LANGUAGES.map((l) => fitShifts(text, a, l, SCREEN_LETTERS));
    fit = screened.reduce((x, y) => (y.best > x.best ? y : x));
    if (!fit.whole) fit = fitShifts(text, a, fit.language);
  } else fit = fitShifts(text, a, language);
  // The raw n-gram likelihood is overconfident on short texts; the fitted temperature calibrates it.
  const posterior = softmax(fit.logs, fit.temperature);
  const order = Array.from(posterior.keys()).sort(
    (x, y) => (posterior[y] as number) - (posterior[x] as number) || x - y,
  );
  const decrypt = decrypter(text, a);
  const solutions = order.map((shift) => ({ shift, text: decrypt(shift), score: posterior[shift] as number }));
  return { language: fit.language, solutions };
}

/**
 * Decrypts one text under many shifts. The text is read into code units once; each shift is then a
 * single pass through a code-unit translation table, several times faster than a fresh decryption.
 * Alphabets with astral letters can change a text's length in code units, so they take the plain path.
 */
function decrypter(text: string, a: Alphabet): (shift: number) => string {
  const n = a.size;
  const own = a.ownCodes;
  const partner = a.partnerCodes;
  const size = Math.max(...own, ...partner) + 1;
  if (size > 0x10000) return (shift) => caesarDecrypt(text, shift, a);
  const length = text.length;
  let widest = size - 1;
  for (let i = 0; i < length; i++) widest = Math.max(widest, text.charCodeAt(i));
  // Text and alphabet within Latin-1 (most English) decode from one byte a character: half the work.
  const narrow = widest < 0x100;
  const units = narrow ? new Uint8Array(length) : new Uint16Array(length);
  for (let i = 0; i < length; i++) units[i] = text.charCodeAt(i);
  const out = narrow ? Buffer.alloc(length) : Buffer.alloc(length * 2);
  const wide = narrow ? null : new Uint16Array(out.buffer, out.byteOffset, length);
  const table = new Uint16Array(size);
  return (shift) => {
    for (let i = 0; i < size; i++) table[i] = i;
    for (let j = 0; j < n; j++) {
      const d = j >= shift ? j - shift : j - shift + n;
      table[partner[j] as number] = partner[d] as number;
      table[own[j] as number] = own[d] as number;
    }
    const target = wide ?? out;
    for (let i = 0; i < length; i++) {
      const u = units[i] as number;
      target[i] = u < size ? (table[u] as number) : u;
    }
    // Node's and Bun's UTF-16 decoding keep lone surrogates as they are, as the cipher must.
    return out.toString(narrow ? 'latin1' : 'utf16le');
  };
}
