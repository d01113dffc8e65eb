// Breaking a simple substitution: the key search in the language given (search.ts) or in each (auto.ts), the answer's
// confidence weighed against "no answer", and the key written as the cipher alphabet.
import { type Alphabet, permutationOf, permuteLetters } from '../../core/index.js';
import { type Doubt, doubtOf, noAnswerLogLikelihood } from '../confidence/index.js';
import type { Language } from '../language-model/index.js';
import { logSumExp, softmax } from '../scoring/index.js';
import { autoAttempt } from './auto.js';
import { type Grams, keySignature } from './grams.js';
import { affineReading, keywordReading, type Rule, type RuleReading } from './rules.js';
import { type Attempt, attempt, logKeyCount, RUNNERS_UP } from './search.js';
import { AUTO_WORK, SOLVE_WORK, workOf } from './work.js';

/** What the key in an answer shows for a plain letter the text never uses. */
export const UNKNOWN_KEY_LETTER = '?';

export interface SubstitutionSolution {
  /** The cipher alphabet: key[i] is the letter plain letter i became, `?` where the text does not say. */
  key: string;
  /** The rule that made the key, when one explains the text better than a key with no rule. */
  rule?: Rule;
  text: string;
  /** Probability that this key (on the letters the text holds) is the answer, "no answer" weighed. */
  score: number;
}

export interface SubstitutionSolveResult {
  language: Language;
  /** The best key first, then distinct runners-up. */
  solutions: SubstitutionSolution[];
  noAnswer: number;
  /** ln P(text | a substitution of prose) − ln P(text | no answer), tempered (for calibration). */
  evidence: number;
  /** The best key's share of the keys found (its posterior were "no answer" ruled out). */
  bestShare: number;
  /** ln of the number of keys weighed: those that differ on the text's letters, clues kept. */
  logKeys: number;
  reason?: Doubt;
}

export interface SubstitutionSolveOptions {
  /** Cipher letter index → plain letter index, pinned in every key. */
  clues?: ReadonlyMap<number, number>;
  /** Scales the search's restarts (1 = the shipped effort). */
  effort?: number;
  /** Whether keys a rule makes (affine, Atbash, a shift, a keyword alphabet) are weighed too (default true). */
  rules?: boolean;
  /** Adds the n-gram look-ups the solve counted against its budgets (work.ts) to `spent`. */
  work?: { spent: number };
}

/** A rule's key: every cell it says, `?` where keys of its family that read the text alike disagree. */
function ruleKeyString(r: RuleReading, a: Alphabet): string {
  const key = new Array<string>(a.size).fill(UNKNOWN_KEY_LETTER);
  r.plainOf.forEach((p, x) => {
    if (!r.open[p]) key[p] = a.letters[x] as string;
  });
  return key.join('');
}

/** A keyword says `?` where its letter is one the text never shows (keywords alike on the text disagree there). */
function shownRule(r: RuleReading): Rule {
  if (r.rule.cipher !== 'keyword') return r.rule;
  const keyword = [...r.rule.keyword].map((c, p) => (r.open[p] ? UNKNOWN_KEY_LETTER : c)).join('');
  return { cipher: 'keyword', keyword };
}

/** The general key: the cells of the text's letters and of the clues, `?` elsewhere. */
function keyString(plainOf: Int32Array, grams: Grams, a: Alphabet, pinned: Int32Array): string {
  const key = new Array<string>(a.size).fill(UNKNOWN_KEY_LETTER);
  for (const x of grams.present) key[plainOf[x] as number] = a.letters[x] as string;
  pinned.forEach((p, x) => {
    if (p >= 0) key[p] = a.letters[x] as string;
  });
  return key.join('');
}

/** The best keys in one language (or, with auto, the language whose best key reads likeliest) and their posterior. */
export function solveSubstitution(
  text: string,
  a: Alphabet,
  language: Language | 'auto',
  options: SubstitutionSolveOptions = {},
): SubstitutionSolveResult {
  const pinned = new Int32Array(a.size).fill(-1);
  for (const [x, p] of options.clues ?? []) pinned[x] = p;
  const effort = options.effort ?? 1;
  // Auto's parts each have an allowance of their own within its whole (autoAttempt); a language given, the solve has one.
  const work = workOf(language === 'auto' ? AUTO_WORK : SOLVE_WORK * effort);
  const best =
    language === 'auto'
      ? autoAttempt(text, a, pinned, effort, work)
      : attempt(text, a, language, pinned, { effort }, work);
  if (options.work) options.work.spent += work.spent;
  const clues = options.clues?.size ?? 0;
  const logKeys = logKeyCount(a.size - clues, Math.max(0, best.grams.present.length - clues));
  const readings = options.rules === false ? [] : ruleReadings(best, a, pinned);
  return rank(text, a, { ...best, pinned }, logKeys, readings);
}

/** The rule-bound readings of the text in the attempt's language: the affine family, and keyword alphabets. */
function ruleReadings(best: Attempt, a: Alphabet, pinned: Int32Array): RuleReading[] {
  const top = best.found[0];
  if (!best.judge || !top) return [];
  const c = {
    n: a.size,
    letters: a.letters,
    present: best.grams.present,
    pinned,
    ...best.judge,
    temperature: best.temperature,
  };
  return [affineReading(c), keywordReading(c, top.plainOf)].filter((r) => r !== undefined);
}

/**
 * The answer: the general family (every key, the found ones weighed) and each rule's family weighed together
 * against "no answer"; a rule that beats the general family gives the best solution, the general keys the
 * runners-up that read the text otherwise.
 */
function rank(
  text: string,
  a: Alphabet,
  best: Attempt & { pinned: Int32Array },
  logKeys: number,
  readings: RuleReading[],
): SubstitutionSolveResult {
  const { pinned } = best;
  const T = best.temperature;
  const tempered = best.found.map((f) => f.score / T);
  const posterior = softmax(tempered);
  const general = logSumExp(tempered) - logKeys;
  const families = logSumExp([general, ...readings.map((r) => r.evidence)]);
  const evidence = families - noAnswerLogLikelihood(best.tokens, a, best.model) / T;
  const answer = 1 / (1 + Math.exp(-evidence));
  const share = (x: number) => Math.exp(x - families) * answer;
  const winner = readings.reduce<RuleReading | undefined>(
    (w, r) => (r.evidence > (w?.evidence ?? general) ? r : w),
    undefined,
  );
  const signature = (plainOf: Int32Array) => keySignature(best.grams.present, plainOf);
  const solutions: SubstitutionSolution[] = [];
  if (winner) {
    // The general family holds the rule's key too: where it found it, that share is the rule's reading's as well.
    const same = best.found.findIndex((f) => signature(f.plainOf) === signature(winner.plainOf));
    const alsoGeneral = same >= 0 ? (posterior[same] as number) * share(general) : 0;
    solutions.push({
      key: ruleKeyString(winner, a),
      rule: shownRule(winner),
      text: permuteLetters(text, a, permutationOf(a, winner.plainOf)),
      score: winner.share * share(winner.evidence) + alsoGeneral,
    });
  }
  best.found.forEach((f, i) => {
    if (solutions.length > RUNNERS_UP || (winner && signature(f.plainOf) === signature(winner.plainOf))) return;
    solutions.push({
      key: keyString(f.plainOf, best.grams, a, pinned),
      text: permuteLetters(text, a, permutationOf(a, f.plainOf)),
      score: (posterior[i] as number) * share(general),
    });
  });
  const reason = doubtOf(solutions[0]?.score ?? 0, 1 - answer);
  const bestShare = posterior[0] ?? 0;
  return {
    language: best.language,
    solutions,
    noAnswer: 1 - answer,
    evidence,
    bestShare,
    logKeys,
    ...(reason && { reason }),
  };
}
