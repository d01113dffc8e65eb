// The cipher alphabets a rule makes, weighed against the general key: an affine key (a Caesar shift and Atbash
// among them) or a keyword alphabet. Each family holds a few keys among the n! the general search weighs, so when
// one of them reads the text as well, it is far the likelier explanation, and it says every cell of the key.
import { affineKeyProblem } from '../../core/index.js';
import { logSumExp } from '../scoring/index.js';
import type { scorerOf } from './anneal.js';
import { keySignature } from './grams.js';
import type { FullScore } from './refine.js';

type Scorer = ReturnType<typeof scorerOf>;

export type Rule =
  | { cipher: 'caesar'; shift: number }
  | { cipher: 'atbash' }
  | { cipher: 'affine'; a: number; b: number }
  | { cipher: 'keyword'; keyword: string };

export interface RuleReading {
  rule: Rule;
  /** Cipher letter → plain letter for every letter of the alphabet. */
  plainOf: Int32Array;
  /** Cells (by plain letter) the rule leaves open: keys of the family that read the text alike disagree there. */
  open: boolean[];
  /** The family's ln evidence, tempered as the general family's: logSumExp(score / T) − ln(keys), prior included. */
  evidence: number;
  /** This key's share of its family (keys alike on the text's letters summed). */
  share: number;
}

export interface RuleContext {
  n: number;
  /** The alphabet's letters, to spell a keyword with. */
  letters: readonly string[];
  /** The cipher letters the text holds. */
  present: Int32Array;
  pinned: Int32Array;
  scorer: Scorer;
  full: FullScore;
  temperature: number;
}

/** Prior odds of each rule family against the general key (a guess; the evidence is tens of nats either way). */
const RULE_PRIOR = Math.log(0.1);
/** The affine keys judged by the full score: the best by the search's n-grams. */
const AFFINE_JUDGED = 3;
/** Keywords of up to this many distinct letters, each length equally likely beforehand. */
const MAX_KEYWORD = 12;
/** A keyword alphabet may correct up to this many cells of the key the search found. */
const MAX_FIXES = 2;
/** Open cells of a keyword (plain letters the text lacks) filled in every way at most this many times. */
const MAX_FILLS = 200;

const keeps = (plainOf: Int32Array, pinned: Int32Array) => pinned.every((p, x) => p < 0 || plainOf[x] === p);

/** Cipher letter → plain letter for the cipher alphabet `cipherOf` (plain letter p became cipherOf[p]). */
function inverse(cipherOf: ArrayLike<number>): Int32Array {
  const out = new Int32Array(cipherOf.length);
  for (let p = 0; p < cipherOf.length; p++) out[cipherOf[p] as number] = p;
  return out;
}

interface Judged {
  rule: Rule;
  plainOf: Int32Array;
  score: number;
}

/** Keys alike on the text's letters read alike: they are one reading, their weights summed. */
function bestReading(judged: Judged[], logKeys: number, c: RuleContext): RuleReading | undefined {
  if (judged.length === 0) return undefined;
  const tempered = judged.map((j) => j.score / c.temperature);
  const total = logSumExp(tempered);
  const top = Math.max(...tempered);
  const best = judged[tempered.indexOf(top)] as Judged;
  const alike = judged.filter((_, i) => (tempered[i] as number) > top - 1e-9);
  // Each alphabet (plain letter → cipher letter) once, not once a cell.
  const cipherOf = inverse(best.plainOf);
  const others = alike.map((j) => inverse(j.plainOf));
  const open = Array.from({ length: c.n }, (_, p) => others.some((o) => o[p] !== cipherOf[p]));
  return {
    rule: best.rule,
    plainOf: best.plainOf,
    open,
    evidence: total - logKeys + RULE_PRIOR,
    share: Math.exp(logSumExp(alike.map((j) => j.score / c.temperature)) - total),
  };
}

/** What an affine key is called: a shift, Atbash, or affine. */
function affineRule(a: number, b: number, n: number): Rule {
  if (a === 1) return { cipher: 'caesar', shift: b };
  if (a === n - 1 && b === n - 1) return { cipher: 'atbash' };
  return { cipher: 'affine', a, b };
}

/** The affine family (plain letter i became a·i + b), read from the search's n-gram score, its best judged in full. */
export function affineReading(c: RuleContext): RuleReading | undefined {
  const { n } = c;
  const keys: Judged[] = [];
  for (let a = 1; a < n; a++) {
    if (affineKeyProblem({ a, b: 0 }, n)) continue;
    for (let b = 0; b < n; b++) {
      const plainOf = inverse(Array.from({ length: n }, (_, p) => (a * p + b) % n));
      if (!keeps(plainOf, c.pinned)) continue;
      c.scorer.set(plainOf);
      keys.push({ rule: affineRule(a, b, n), plainOf, score: c.scorer.total });
    }
  }
  const count = keys.length;
  const judged = keys
    .sort((x, y) => y.score - x.score)
    .slice(0, AFFINE_JUDGED)
    .map((k) => ({ ...k, score: c.full(k.plainOf) }));
  return bestReading(judged, Math.log(Math.max(1, count)), c);
}

/** ln(n!/(n − k)!): the heads of k distinct letters. */
function logHeads(n: number, k: number): number {
  let sum = 0;
  for (let i = 0; i < k; i++) sum += Math.log(n - i);
  return sum;
}

/** Every way to give `slots` open cells distinct letters from `spare`, at most MAX_FILLS of them. */
function fills(slots: number, spare: number[]): number[][] {
  let out: number[][] = [[]];
  for (let s = 0; s < slots; s++) {
    out = out.flatMap((f) => spare.filter((x) => !f.includes(x)).map((x) => [...f, x]));
    if (out.length > MAX_FILLS) return [];
  }
  return out;
}

/**
 * Keyword alphabets near the key the search found (cipherOf: plain letter → cipher letter, −1 where the text lacks
 * the plain letter): for each keyword length k, the first k cells as found (open ones filled every way) and the rest
 * the other letters in alphabet order, kept when that changes at most MAX_FIXES cells the text uses.
 */
export function keywordReading(c: RuleContext, found: Int32Array): RuleReading | undefined {
  const { n } = c;
  const cipherOf = new Int32Array(n).fill(-1);
  for (const x of c.present) cipherOf[found[x] as number] = x;
  const spare = Array.from({ length: n }, (_, x) => x).filter((x) => !cipherOf.includes(x));
  const judged: Judged[] = [];
  // Alphabets alike on the text's letters score alike: each judged once.
  const scores = new Map<string, number>();
  const judge = (plainOf: Int32Array): number => {
    const sig = keySignature(c.present, plainOf);
    let score = scores.get(sig);
    if (score === undefined) {
      score = c.full(plainOf);
      scores.set(sig, score);
    }
    return score;
  };
  let logKeys = Number.NEGATIVE_INFINITY;
  for (let k = 1; k <= Math.min(MAX_KEYWORD, n - 1); k++) {
    // Each length equally likely, each head of it too.
    logKeys = logSumExp([logKeys, logHeads(n, k) + Math.log(MAX_KEYWORD)]);
    const head = Array.from(cipherOf.subarray(0, k));
    const openCells = head.flatMap((x, p) => (x < 0 ? [p] : []));
    for (const fill of fills(openCells.length, spare)) {
      const filled = [...head];
      openCells.forEach((p, i) => {
        filled[p] = fill[i] as number;
      });
      const rest = Array.from({ length: n }, (_, x) => x).filter((x) => !filled.includes(x));
      const alphabet = [...filled, ...rest];
      let fixes = 0;
      for (let p = k; p < n; p++) if ((cipherOf[p] as number) >= 0 && cipherOf[p] !== alphabet[p]) fixes++;
      if (fixes > MAX_FIXES) continue;
      const plainOf = inverse(alphabet);
      if (!keeps(plainOf, c.pinned)) continue;
      const keyword = filled.map((x) => c.letters[x]).join('');
      judged.push({ rule: { cipher: 'keyword', keyword }, plainOf, score: judge(plainOf) });
    }
  }
  return bestReading(judged, logKeys, c);
}
