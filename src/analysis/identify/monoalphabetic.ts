// The evidence for the one-alphabet explanations beyond a shift: Atbash, an affine key and a general substitution
// (the cryptogram), each as ln P(text | family, language) with the family's keys summed over (issue 27).
import { type Alphabet, affineDecrypt, atbash, letterIndices } from '../../core/index.js';
import { affineKeys, scoreAffineKeys } from '../affine/index.js';
import type { Language } from '../language-model/index.js';
import { logSumExp, scoreText } from '../scoring/index.js';
import { solveSubstitution, UNKNOWN_KEY_LETTER } from '../substitution/index.js';

export interface AffineEvidence {
  /** ln P(text | Atbash, this language); −∞ where Atbash is a shift (alphabets of two letters). */
  atbash: number;
  /** ln P(text | an affine key that is neither a shift nor Atbash), every such key equally likely beforehand. */
  affine: number;
  /** The likeliest such keys, with their share of the affine family, most likely first. */
  affineKeys: { a: number; b: number; share: number }[];
}

export interface SubstitutionEvidence {
  language: Language;
  /** ln P(text | the key found) − ln(its share of the keys found) − ln(number of keys): the family's evidence. */
  evidence: number;
  /** The cipher alphabet, `?` where the text does not say (as substitution.solve writes it). */
  key: string;
  /** The search's probability that the key is exactly right, the family taken as given. */
  confidence: number;
}

/** Atbash's key as an affine key: i ↦ (n − 1) − i. */
const isAtbash = (k: { a: number; b: number }, n: number) => k.a === n - 1 && k.b === n - 1;

/**
 * Atbash and the affine family in one language. Every key is scored on the text's n-grams, as affine.solve does;
 * the family is anchored on the best key's exact log-likelihood, as identify anchors the Caesar family, so that it
 * is weighed on one scale with plain text and the shifts.
 */
export function affineEvidence(text: string, a: Alphabet, language: Language): AffineEvidence {
  const n = a.size;
  const atbashLL = n > 2 ? scoreText(atbash(text, a), a, language) : Number.NEGATIVE_INFINITY;
  const keys = affineKeys(n);
  const { logs, T } = scoreAffineKeys(text, a, language, keys);
  const family = keys.flatMap((k, i) => (k.a === 1 || isAtbash(k, n) ? [] : [{ ...k, log: (logs[i] as number) / T }]));
  if (family.length === 0) return { atbash: atbashLL, affine: Number.NEGATIVE_INFINITY, affineKeys: [] };
  family.sort((x, y) => y.log - x.log);
  const best = family[0] as (typeof family)[number];
  const total = logSumExp(family.map((k) => k.log));
  const anchor = scoreText(affineDecrypt(text, best, a), a, language);
  return {
    atbash: atbashLL,
    affine: anchor + (total - best.log) - Math.log(family.length),
    affineKeys: family.slice(0, 10).map((k) => ({ a: k.a, b: k.b, share: Math.exp(k.log - total) })),
  };
}

/**
 * The letters' index of coincidence times the alphabet's size: about 1 for letters drawn evenly (random letters,
 * a long Vigenère key), 1.6–2 for prose in one alphabet however its letters are renamed.
 */
export function letterKappa(text: string, a: Alphabet): number {
  const indices = letterIndices(text, a);
  const L = indices.length;
  if (L < 2) return 0;
  const counts = new Int32Array(a.size);
  for (const i of indices) counts[i]!++;
  let pairs = 0;
  for (const c of counts) pairs += c * (c - 1);
  return (pairs / (L * (L - 1))) * a.size;
}

/**
 * The cryptogram search's effort here: half substitution.solve's. A text with no answer never lets the restarts
 * settle and pays for all of them (measured: shuffled letters of 160–400, identify took 2.2–2.5 s of CPU at full
 * effort, 1.2–1.7 s at half); a real cryptogram settles in its first restarts either way.
 */
const SUBSTITUTION_EFFORT = 0.5;

/**
 * The general substitution: the cryptogram solver's key, and the family's evidence anchored on it exactly. The
 * rule-bound keys (affine, Atbash, a shift) are weighed by identify as families of their own, so not here.
 */
export function substitutionEvidence(text: string, a: Alphabet, language: Language | 'auto'): SubstitutionEvidence {
  const r = solveSubstitution(text, a, language, { rules: false, effort: SUBSTITUTION_EFFORT });
  const best = r.solutions[0];
  if (!best || r.bestShare <= 0)
    return { language: r.language, evidence: Number.NEGATIVE_INFINITY, key: '', confidence: 0 };
  return {
    language: r.language,
    evidence: scoreText(best.text, a, r.language) + Math.log(1 / r.bestShare) - r.logKeys,
    key: best.key,
    confidence: r.bestShare,
  };
}

/**
 * The whole cipher alphabet behind a key with `?` for the plain letters the text did not use: those cells take the
 * cipher letters left over, in alphabet order, so that the key decrypts every letter (a cipher letter the search
 * never read is decrypted arbitrarily, as substitution.solve does).
 */
export function completeKey(key: string, a: Alphabet): string {
  const cells = [...key];
  const used = new Set(cells);
  const spare = a.letters.filter((l) => !used.has(l));
  return cells.map((c) => (c === UNKNOWN_KEY_LETTER ? (spare.shift() as string) : c)).join('');
}
