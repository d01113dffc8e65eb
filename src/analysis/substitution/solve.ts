// Breaking a simple substitution: the key search in the language (or each language, with auto), the answer's
// confidence weighed against "no answer", and the key written as the cipher alphabet.
import { type Alphabet, permutationOf, permuteLetters } from '../../core/index.js';
import { type Doubt, doubtOf, noAnswerLogLikelihood } from '../confidence/index.js';
import { AnalysisInputError, NO_LETTERS_MESSAGE } from '../errors.js';
import { LANGUAGES, type Language, type LanguageModel, type NgramModel } from '../language-model/index.js';
import { candidateSymbols, HiddenBreaks, ngramsFor, searchModel, type Tokens, tokenize } from '../readings/index.js';
import { logSumExp, softmax } from '../scoring/index.js';
import { type AnnealOptions, anneal, type Found, scorerOf } from './anneal.js';
import { completeByWords, type WordsView, wordsViewOf } from './complete.js';
import { type Grams, gramsOf } from './grams.js';
import { type FullScore, refine } from './refine.js';
import { affineReading, keywordReading, type Rule, type RuleReading } from './rules.js';
import { wordBonusOf } from './words.js';
import { LOOKS_WORK, SOLVE_WORK, spentOut, type Work, withShare, workOf } from './work.js';

/**
 * The letters the key search reads. A cipher letter that first appears after them is not searched: its plain letter
 * in the decryption is arbitrary (and its key cell says `?`); in prose that is a letter rarer than one in a thousand.
 */
const SEARCH_LETTERS = 1000;
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

/** A language's view of the text: its model, tokens, n-grams and the search's state. */
interface Attempt {
  language: Language;
  model: LanguageModel;
  /** The temperature of the full score the keys were judged by. */
  temperature: number;
  tokens: Tokens;
  grams: Grams;
  /** The keys judged, best first. */
  found: Found[];
  /** The full search's scorers, for the rule-bound keys to be judged alike (auto's first looks have none). */
  judge?: { scorer: Scorer; full: FullScore };
}

type Scorer = ReturnType<typeof scorerOf>;

/** The shipped search scaled (1 = the shipped effort), or a quick look: so many restarts on so many letters alone. */
type Effort = { effort: number } | { restarts: number; letters: number };

const RUNNERS_UP = 4;

/** The spaced search's keys and the letters-alone search's that the second stage judges. */
const JUDGED_SPACED = 8;
const JOINED_SEEDS = 4;
/** The restarts of a spaced text's search on its letters alone. */
const SEED_RESTARTS = 24;

/** Letters run together are judged by their word breaks summed over on this many letters at most. */
const JUDGED_LETTERS = 300;

/** From this many letters on, the restarts fall in proportion to the text's length. */
const LONG = 150;

/**
 * The search's schedule, tuned on the development split (20 passages a cell, 64–200 letters, five languages).
 * Each restart cools from t0 to t1 nats over stepsPerLetter moves a cipher letter: cooler starts (3 nats) lost
 * passages that repeat a phrase, whose moves weigh several times over. The restarts stop early once settleAfter of
 * them reach the best key. Letters run together are searched with a 4-gram model read from a dense table, about
 * twice as fast a move as the 5-gram spaced model's cached look-ups, and need more restarts: at 64 letters, 24 left
 * 19 % of letters wrong, 48 left 11 % and 96 left 6 %; spaced text at 96 took up to 2.4 s, so it keeps 32.
 */
const SCHEDULE = {
  t0: 6,
  t1: 2,
  restarts: { spaced: 32, joined: 96 },
  stepsPerLetter: 400,
  settleAfter: 4,
};

function searchOptions(
  t: { grams: Grams; model: LanguageModel; cand: Int32Array; letters: number; joined: boolean },
  pinned: Int32Array,
  how: Effort,
): AnnealOptions {
  const { grams, model, cand } = t;
  const most = t.joined ? SCHEDULE.restarts.joined : SCHEDULE.restarts.spaced;
  const byFrequency = Int32Array.from(cand.keys()).sort(
    (x, y) => (model.frequencies[cand[y] as number] ?? 0) - (model.frequencies[cand[x] as number] ?? 0),
  );
  return {
    // A long text's key is found in its first restarts, and each costs in proportion to it: fewer, so that no
    // solve of 1,000 letters passes a second (measured: 24 restarts of 1,000 spaced letters took up to 2.7 s).
    restarts:
      'restarts' in how
        ? Math.max(1, Math.round(how.restarts))
        : Math.max(2, Math.round(how.effort * Math.min(most, Math.max(4, (most * LONG) / t.letters)))),
    // So does the length of each: a long text's moves are decided by hundreds of n-grams, and it cools at once.
    steps: Math.round(
      SCHEDULE.stepsPerLetter * grams.present.length * Math.min(1, Math.max(0.25, (2 * LONG) / t.letters)),
    ),
    t0: SCHEDULE.t0,
    t1: SCHEDULE.t1,
    pinned,
    byFrequency,
    seed: 0x5eed,
    settleAfter: SCHEDULE.settleAfter,
    keep: RUNNERS_UP + 4,
  };
}

/**
 * The full score the found keys are judged by: for spaced text the n-grams plus the word bonus; for letters run
 * together the spaced model with the word breaks summed over wherever they may fall (HiddenBreaks), an order longer
 * than the joined model the search reads and knowing where words end. Its temperature comes with it.
 */
function fullScoreOf(
  t: { tokens: Tokens; model: LanguageModel; cand: Int32Array; scorer: Scorer; ngrams: NgramModel; n: number },
  language: Language,
): { full: FullScore; temperature: number } {
  const { tokens, model, cand } = t;
  if (tokens.joined) {
    const hidden = new HiddenBreaks(model);
    // The forward pass costs about a microsecond a letter and the climb judges hundreds of keys: a longer text is
    // judged on its first letters, by then far beyond doubt, and on the rest by the search's own n-grams, so that
    // keys alike on those first letters are not taken for equals (they tied at 1,000 letters).
    const codes = tokens.codes.subarray(0, JUDGED_LETTERS);
    const symbols = new Int32Array(codes.length);
    const rest = restScore(t, codes);
    const full = (key: Int32Array) => {
      for (let i = 0; i < codes.length; i++) {
        const c = codes[i] as number;
        symbols[i] = c >= 0 ? (cand[key[c] as number] as number) : -1 - c;
      }
      return hidden.logLikelihood(symbols, tokens.open || codes.length < tokens.codes.length) + rest(key);
    };
    return { full, temperature: model.spaced.temperature };
  }
  const bonus = wordBonusOf(tokens, model, language, cand);
  // The full order, whichever the search read.
  const scored = scorerOf(gramsOf(tokens, t.n, model, t.ngrams), t.ngrams, cand, model.symbolCount);
  const full = (key: Int32Array) => {
    scored.set(key);
    return scored.total + (bonus ? bonus(key) : 0);
  };
  return { full, temperature: ngramsFor(model, tokens).temperature };
}

/**
 * The n-gram score of the letters after the first `judged` codes: the whole text's less that of its first codes
 * (0 when the text has no more).
 */
function restScore(
  t: { tokens: Tokens; model: LanguageModel; cand: Int32Array; scorer: Scorer; ngrams: NgramModel; n: number },
  judged: Int32Array,
): (key: Int32Array) => number {
  if (judged.length === t.tokens.codes.length) return () => 0;
  let letters = 0;
  for (const c of judged) if (c >= 0) letters++;
  const head: Tokens = { codes: judged, letters, joined: true, open: true };
  const prefix = scorerOf(gramsOf(head, t.n, t.model, t.ngrams), t.ngrams, t.cand, t.model.symbolCount);
  return (key) => {
    t.scorer.set(key);
    prefix.set(key);
    return t.scorer.total - prefix.total;
  };
}

/** The n-gram search of a text read one way (as laid out, or its letters alone) in one language. */
function search(
  text: string,
  a: Alphabet,
  model: LanguageModel,
  spacing: 'auto' | 'joined',
  pinned: Int32Array,
  how: Effort,
  work: Work,
  order: 'lower' | 'full' = 'lower',
) {
  // Auto's first looks name a language, which the first letters do as well as all of them, for a fraction of the cost.
  const tokens = tokenize(text, a, model, spacing, 'restarts' in how ? how.letters : SEARCH_LETTERS);
  if (tokens.letters === 0) throw new AnalysisInputError('text', NO_LETTERS_MESSAGE);
  const ngrams = ngramsFor(model, tokens);
  // Spaced text is searched one order lower, read from a dense table: the 5-gram's look-ups of the random keys a
  // search tries nearly all miss its cache (about 200 ns each against 50); the 5-gram judges the keys found.
  const read = tokens.joined || order === 'full' ? ngrams : (ngrams.lower ?? ngrams);
  const grams = gramsOf(tokens, a.size, model, read);
  const cand = candidateSymbols(a, model);
  const scorer = scorerOf(grams, read, cand, model.symbolCount, work);
  const options = {
    ...searchOptions({ grams, model, cand, letters: tokens.letters, joined: tokens.joined }, pinned, how),
    work,
  };
  return { tokens, ngrams, grams, cand, scorer, found: anneal(scorer, grams, options) };
}

/**
 * The keys the second stage judges: the search's best and the starts given, climbed by the full score, the best then
 * completed by its words (spaced text): rare letters the climb could not settle one swap at a time.
 */
function judge(
  q: { scorer: Scorer; found: Found[]; grams: Grams },
  starts: Found[],
  t: { full: FullScore; view: WordsView | undefined; pinned: Int32Array },
): Found[] {
  const found = refine(q.scorer, [...q.found.slice(0, JUDGED_SPACED), ...starts], q.grams, t.pinned, t.full);
  const top = found[0];
  if (t.view && top) {
    const completed = completeByWords(t.view, top, t.full);
    if (completed !== top) found.unshift(completed);
  }
  return found;
}

/** Evidence (tempered nats, keys counted) under which a spaced search's best key is searched for again. */
const WEAK_EVIDENCE = 50;
/**
 * Texts of up to this many letters only: past them the 4-gram's search has not been seen to fail (dev, 1,000
 * letters: 15 of 15), and a text with no answer, which always reads weak, would pay for a second search in full.
 */
const WEAK_LETTERS = 2 * LONG;

/**
 * Whether the best key found reads the text barely better than "no answer": on dev, 64 spaced letters, every passage
 * solved had an evidence of 97 or more, every one lost outright 18 or less.
 */
function weak(
  found: Found[],
  t: { tokens: Tokens; grams: Grams; a: Alphabet; model: LanguageModel; temperature: number; pinned: Int32Array },
): boolean {
  const pins = t.pinned.filter((p) => p >= 0).length;
  const keys = logKeyCount(t.a.size - pins, Math.max(0, t.grams.present.length - pins));
  const top = found[0]?.score ?? Number.NEGATIVE_INFINITY;
  return (top - noAnswerLogLikelihood(t.tokens, t.a, t.model)) / t.temperature - keys < WEAK_EVIDENCE;
}

/**
 * The search in one language, with the effort given (1: the shipped schedule), or only `restarts` of its n-gram
 * search on its first `letters` letters alone (auto's glance and longer look at each language). A spaced text is also searched on its letters
 * alone, with the joined model's dense table, whose restarts are cheap: the keys it finds join the spaced search's
 * for the second stage to judge (on dev, spaced 64 letters: two passages of twenty in Polish were lost outright).
 */
function attempt(text: string, a: Alphabet, language: Language, pinned: Int32Array, how: Effort, work: Work): Attempt {
  const model = searchModel(text, a, language, SEARCH_LETTERS);
  if ('restarts' in how) {
    const q = search(text, a, model, 'joined', pinned, how, work);
    return { language, model, temperature: q.ngrams.temperature, tokens: q.tokens, grams: q.grams, found: q.found };
  }
  const s = search(text, a, model, 'auto', pinned, how, work);
  // Its restarts fall with the text's length as the spaced search's do: a long text's key is found at once.
  const seeding = {
    restarts: how.effort * SEED_RESTARTS * Math.min(1, LONG / s.tokens.letters),
    letters: SEARCH_LETTERS,
  };
  const seeds = s.tokens.joined
    ? []
    : search(text, a, model, 'joined', pinned, seeding, work).found.slice(0, JOINED_SEEDS);
  const { full, temperature } = fullScoreOf({ ...s, model, n: a.size }, language);
  const view = wordsViewOf({ ...s, model, letterCounts: s.grams.letterCounts, pinned }, language);
  const judged = (q: typeof s, starts: Found[]) => judge(q, starts, { full, view, pinned });
  let found = judged(s, seeds);
  const fallback = !s.tokens.joined && s.tokens.letters <= WEAK_LETTERS && !spentOut(work);
  if (fallback && weak(found, { ...s, a, model, temperature, pinned })) {
    // The 4-gram's summit can be a false one, far from the key (a held-out Polish passage of 100 letters that the
    // 5-gram search had solved was lost outright): a key that reads the text barely better than "no answer" is
    // searched for again with the 5-gram itself, if the budget allows (its first restart alone costs 1-3 million
    // look-ups, and a text with no answer always reads weak).
    const deep = search(text, a, model, 'auto', pinned, how, work, 'full');
    found = judged(deep, found.slice(0, JOINED_SEEDS));
  }
  return { language, model, temperature, tokens: s.tokens, grams: s.grams, found, judge: { scorer: s.scorer, full } };
}

/** ln of the number of keys that differ on the text's letters: n!/(n − m)! for m letters present and none pinned. */
function logKeyCount(n: number, m: number): number {
  let sum = 0;
  for (let i = 0; i < m; i++) sum += Math.log(n - i);
  return sum;
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

/**
 * With auto, every language first gets a glance: this many restarts on the first GLANCE_LETTERS letters alone (the
 * joined model). On dev, 100 letters: the text's own language was at worst 22 nats behind the likeliest after 4
 * restarts, and ahead by 70–130 nats in most passages.
 */
const GLANCE_RESTARTS = 4;
const GLANCE_LETTERS = 100;
/** The languages within this many nats of the likeliest glance get a longer look. */
const GLANCE_MARGIN = 40;
/** The longer look: this many restarts on the first AUTO_LETTERS letters alone. */
const AUTO_RESTARTS = 16;
/**
 * The language within this many nats of the likeliest after that look is searched too, the likeliest always
 * (on dev, 16 restarts and 40 nats named 300 of 300 passages of 100 letters right; 12 and 25 missed 1 of 150, 6 and
 * 10 missed 4 of 100).
 */
const AUTO_MARGIN = 40;
/** The longer look reads this many letters at most (measured: 1,000 letters took 1.44–1.54 s to solve, 1.35 s so). */
const AUTO_LETTERS = 300;

function score(t: Attempt): number {
  return t.found[0]?.score ?? Number.NEGATIVE_INFINITY;
}

/**
 * With auto: every language glanced at, those near the likeliest looked at longer (when more than one is), the
 * likeliest (and any close behind it) searched whole. The glance spares the longer look of languages far behind,
 * which never settle and cost the most (5 languages × 16 restarts of 300 letters took 2–4 s). The looks share
 * LOOKS_WORK, and each final search has SOLVE_WORK (the runner-up a quarter) of `work`, which the glances' schedule
 * alone bounds.
 */
function autoAttempt(text: string, a: Alphabet, pinned: Int32Array, effort: number, work: Work): Attempt {
  const glances = LANGUAGES.map((l) =>
    attempt(text, a, l, pinned, { restarts: GLANCE_RESTARTS * effort, letters: GLANCE_LETTERS }, work),
  );
  const lead = Math.max(...glances.map(score));
  const near = glances.filter((g) => score(g) > lead - GLANCE_MARGIN);
  // Scores of the glance and of the longer look read different letters: only those looked at longer are ranked.
  const quick = (
    near.length === 1
      ? near
      : near.map((g) =>
          withShare(work, (LOOKS_WORK * effort) / near.length, (w) => look(text, a, g.language, pinned, effort, w)),
        )
  ).sort((x, y) => score(y) - score(x));
  const top = score(quick[0] as Attempt);
  const finals = quick
    .filter((q, i) => i === 0 || (i < 2 && score(q) > top - AUTO_MARGIN))
    // The runner-up with a quarter of the effort: it is most often wrong, and a wrong language's search is the
    // dearest (its restarts never settle).
    .map((q, i) => {
      const e = i === 0 ? effort : effort / 4;
      return withShare(work, SOLVE_WORK * e, (w) => attempt(text, a, q.language, pinned, { effort: e }, w));
    });
  return finals.reduce((x, y) => (score(y) > score(x) ? y : x));
}

/** The longer look at a language that glanced near the likeliest. */
function look(text: string, a: Alphabet, language: Language, pinned: Int32Array, effort: number, work: Work): Attempt {
  return attempt(text, a, language, pinned, { restarts: AUTO_RESTARTS * effort, letters: AUTO_LETTERS }, work);
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
  // Auto's parts each have an allowance of their own (autoAttempt); a language given, the solve has one.
  const work = workOf(language === 'auto' ? Number.POSITIVE_INFINITY : SOLVE_WORK * effort);
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
  const signature = (plainOf: Int32Array) => Array.from(best.grams.present, (x) => plainOf[x]).join(',');
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
