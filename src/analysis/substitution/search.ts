// The key search in one language: the n-gram search of the text as laid out and of its letters alone, the keys it
// finds judged by a fuller score, and (with auto) a glance or look that a later search of the same letters goes on from.
import type { Alphabet } from '../../core/index.js';
import { noAnswerLogLikelihood } from '../confidence/index.js';
import { AnalysisInputError, NO_LETTERS_MESSAGE } from '../errors.js';
import type { Language, LanguageModel, NgramModel } from '../language-model/index.js';
import { candidateSymbols, HiddenBreaks, ngramsFor, searchModel, type Tokens, tokenize } from '../readings/index.js';
import { type AnnealOptions, anneal, climbFrom, type Found, type Progress, readsDense, scorerOf } from './anneal.js';
import { completeByWords, type WordsView, wordsViewOf } from './complete.js';
import { type Grams, gramsOf, keySignature } from './grams.js';
import { patternIndex, patternStarts } from './patterns.js';
import { type FullScore, refine } from './refine.js';
import { frequentWords, wordBonusOf } from './words.js';
import { spentOut, type Work } from './work.js';

/**
 * The letters the key search reads. A cipher letter that first appears after them is not searched: its plain letter
 * in the decryption is arbitrary (and its key cell says `?`); in prose that is a letter rarer than one in a thousand.
 */
const SEARCH_LETTERS = 1000;

/** A language's view of the text: its model, tokens, n-grams and the search's state. */
export interface Attempt {
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
  /** Auto's glance and look: their search of the letters alone, for a later search of the same letters to go on with. */
  joined?: JoinedRun;
}

/**
 * A search of a text's letters alone in one language, so far: the letters it read (`whole` when that was every letter
 * of the text), where it stopped and the look-ups it has cost. With auto, a language's look goes on from its glance,
 * and its final search from its look, when they read the whole text (of up to GLANCE_LETTERS and AUTO_LETTERS
 * letters) and started as hot (a final search of fewer than FULL_HEAT_LETTERS starts cooler than the looks, and
 * afresh): restarts already made are not made again, and each later search's allowance is the one it would have
 * had, less what those restarts cost (`carried`).
 */
export interface JoinedRun {
  codes: Int32Array;
  letters: number;
  whole: boolean;
  /** The anneal's first temperature: a search goes on only from restarts that started as hot as its own. */
  t0: number;
  progress: Progress;
  spent: number;
}

/** Whether `tokens`, read up to `most` letters, hold every letter of the text (`further` reads one letter more). */
function readsAll(tokens: Tokens, most: number, further: () => Tokens): boolean {
  return tokens.letters < most || further().letters === tokens.letters;
}

/** Whether a later search starting at t0 may go on from `run`: it read the whole text and started as hot. */
function resumable(run: JoinedRun | undefined, t0: number): run is JoinedRun {
  return run?.whole === true && run.t0 === t0;
}

/** Whether a search of these tokens' letters alone may go on from `run` (it read the same letters). */
function continues(run: JoinedRun | undefined, tokens: Tokens, t0: number): run is JoinedRun {
  if (!resumable(run, t0) || !tokens.joined || run.codes.length !== tokens.codes.length) return false;
  return run.codes.every((c, i) => c === tokens.codes[i]);
}

type Scorer = ReturnType<typeof scorerOf>;

/**
 * The shipped search scaled (1 = the shipped effort), or a quick look: so many restarts on so many letters alone,
 * `ranks` for auto's glances and looks, whose scores rank the languages.
 */
type Effort = { effort: number } | { restarts: number; letters: number; ranks?: boolean };

/** What a search with effort `how` going on from `run` (of the same text) was charged already: 0 if it starts afresh. */
export function carried(run: JoinedRun | undefined, how: Effort): number {
  return run && resumable(run, startHeat(true, run.letters, how)) ? run.spent : 0;
}

/** How many keys an answer gives after the best. */
export const RUNNERS_UP = 4;

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

/**
 * Letters run together start cooler when short: the 4-gram's moves on 64 letters are decided by few n-grams, and at
 * 6 nats a restart wanders where 3 settles (dev, 64 letters alone, 80 passages a language: exact 70.5 -> 75.0 %,
 * letters wrong 6.9 -> 4.6 %; 100 letters: exact 85.0 -> 87.5 %). From FULL_HEAT_LETTERS on the search's own t0
 * holds: a constant 2 nats there missed 5 passages of 100 against 1. Auto's glances and looks keep t0 (`ranks`): a
 * wrong language's key gains by a cooler start as much as the right one's, and the language was named less often.
 */
const HEAT_LEAST = 3;
const FULL_HEAT_LETTERS = 200;

function startHeat(joined: boolean, letters: number, how: Effort): number {
  if (!joined || ('ranks' in how && how.ranks)) return SCHEDULE.t0;
  return Math.min(SCHEDULE.t0, Math.max(HEAT_LEAST, (SCHEDULE.t0 * letters) / FULL_HEAT_LETTERS));
}

/** The plain letters, most frequent in the language first. */
function byFrequencyOf(model: LanguageModel, cand: Int32Array): Int32Array {
  return Int32Array.from(cand.keys()).sort(
    (x, y) => (model.frequencies[cand[y] as number] ?? 0) - (model.frequencies[cand[x] as number] ?? 0),
  );
}

/**
 * Keys read off a spaced text's word patterns of repeated letters (patterns.ts), each climbed by the search's scorer.
 * The n-gram search misses a short text's key outright where its words name it (dev, 64 spaced letters, 300
 * passages: 20 search misses without them, 6 with). Climbed before the search, out of the same budget.
 */
function patternKeys(
  t: { view: WordsView; model: LanguageModel; grams: Grams; cand: Int32Array; scorer: Scorer },
  pinned: Int32Array,
): Found[] {
  const { view, model, grams, cand } = t;
  const index = patternIndex(frequentWords(model.language, model));
  const starts = patternStarts(view, index, grams.present, byFrequencyOf(model, cand));
  return starts.map((k) => climbFrom(t.scorer, grams, pinned, k));
}

/** The keys of both, best first, each once (by the plain letters of the text's letters). */
function merged(found: Found[], more: Found[], grams: Grams): Found[] {
  const seen = new Set<string>();
  const out: Found[] = [];
  for (const f of [...found, ...more].sort((x, y) => y.score - x.score)) {
    const sig = keySignature(grams.present, f.plainOf);
    if (seen.has(sig)) continue;
    seen.add(sig);
    out.push(f);
  }
  return out;
}

function searchOptions(
  t: { grams: Grams; model: LanguageModel; cand: Int32Array; letters: number; joined: boolean },
  pinned: Int32Array,
  how: Effort,
): AnnealOptions {
  const { grams, model, cand } = t;
  const most = t.joined ? SCHEDULE.restarts.joined : SCHEDULE.restarts.spaced;
  const byFrequency = byFrequencyOf(model, cand);
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
    t0: startHeat(t.joined, t.letters, how),
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
  t: { tokens: Tokens; model: LanguageModel; cand: Int32Array; grams: Grams; ngrams: NgramModel; n: number },
  language: Language,
): { full: FullScore; temperature: number } {
  const { tokens, model, cand } = t;
  if (tokens.joined) {
    const hidden = new HiddenBreaks(model);
    // The forward pass costs about a microsecond a letter and the climb judges hundreds of keys: a longer text is
    // judged on its first letters, by then far beyond doubt, and on the rest by the joined model's n-grams, so that
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
  t: { tokens: Tokens; model: LanguageModel; cand: Int32Array; grams: Grams; ngrams: NgramModel; n: number },
  judged: Int32Array,
): (key: Int32Array) => number {
  if (judged.length === t.tokens.codes.length) return () => 0;
  let letters = 0;
  for (const c of judged) if (c >= 0) letters++;
  const head: Tokens = { codes: judged, letters, joined: true, open: true };
  // Both exact: the search's own scorer reads a coarse table.
  const whole = scorerOf(t.grams, t.ngrams, t.cand, t.model.symbolCount);
  const prefix = scorerOf(gramsOf(head, t.n, t.model, t.ngrams), t.ngrams, t.cand, t.model.symbolCount);
  return (key) => {
    whole.set(key);
    prefix.set(key);
    return whole.total - prefix.total;
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
  from?: JoinedRun,
) {
  // Auto's first looks name a language, which the first letters do as well as all of them, for a fraction of the cost.
  const most = 'restarts' in how ? how.letters : SEARCH_LETTERS;
  const tokens = tokenize(text, a, model, spacing, most);
  if (tokens.letters === 0) throw new AnalysisInputError('text', NO_LETTERS_MESSAGE);
  const ngrams = ngramsFor(model, tokens);
  // Spaced text is searched one order lower, read from a dense table: the 5-gram's look-ups of the random keys a
  // search tries nearly all miss its cache (about 200 ns each against 50); the 5-gram judges the keys found.
  const read = tokens.joined || order === 'full' ? ngrams : (ngrams.lower ?? ngrams);
  const grams = gramsOf(tokens, a.size, model, read);
  const cand = candidateSymbols(a, model);
  const scorer = scorerOf(grams, read, cand, model.symbolCount, work);
  // A model with no dense table (the 5-gram's second search) has no coarse one: a second scorer would only be a second
  // cache, cold, beside the first.
  const walk = readsDense(read, model.symbolCount)
    ? scorerOf(grams, read, cand, model.symbolCount, work, 'coarse')
    : scorer;
  const options = {
    ...searchOptions({ grams, model, cand, letters: tokens.letters, joined: tokens.joined }, pinned, how),
    work,
  };
  const earlier = continues(from, tokens, options.t0) && order === 'lower' ? from : undefined;
  // The spaced search of a solve (not auto's looks, nor the 5-gram's second search) starts from the words' patterns too,
  // up to WEAK_LETTERS letters: past them the search finds the key at once, and the climbs cost in proportion.
  const view = wordsViewOf({ tokens, model, cand, letterCounts: grams.letterCounts, pinned }, model.language);
  const patterned =
    view && tokens.letters <= WEAK_LETTERS && order === 'lower' && !('restarts' in how)
      ? patternKeys({ view, model, grams, cand, scorer }, pinned)
      : [];
  const before = work.spent;
  const annealed = anneal(scorer, grams, options, earlier?.progress, walk);
  const { progress } = annealed;
  const found = patterned.length ? merged(annealed.found, patterned, grams) : annealed.found;
  const run = tokens.joined
    ? {
        codes: tokens.codes,
        letters: tokens.letters,
        t0: options.t0,
        whole: readsAll(tokens, most, () => tokenize(text, a, model, spacing, most + 1)),
        progress,
        spent: (earlier?.spent ?? 0) + work.spent - before,
      }
    : undefined;
  return { tokens, ngrams, grams, cand, scorer, found, run, view };
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
export function attempt(
  text: string,
  a: Alphabet,
  language: Language,
  pinned: Int32Array,
  how: Effort,
  work: Work,
  from?: JoinedRun,
): Attempt {
  const model = searchModel(text, a, language, SEARCH_LETTERS);
  if ('restarts' in how) {
    const q = search(text, a, model, 'joined', pinned, how, work, 'lower', from);
    const { tokens, grams, found } = q;
    return {
      language,
      model,
      temperature: q.ngrams.temperature,
      tokens,
      grams,
      found,
      ...(q.run && { joined: q.run }),
    };
  }
  const s = search(text, a, model, 'auto', pinned, how, work, 'lower', from);
  // Its restarts fall with the text's length as the spaced search's do: a long text's key is found at once.
  const seeding = {
    restarts: how.effort * SEED_RESTARTS * Math.min(1, LONG / s.tokens.letters),
    letters: SEARCH_LETTERS,
  };
  const seeds = s.tokens.joined
    ? []
    : search(text, a, model, 'joined', pinned, seeding, work, 'lower', from).found.slice(0, JOINED_SEEDS);
  const { full, temperature } = fullScoreOf({ ...s, model, n: a.size }, language);
  const judged = (q: typeof s, starts: Found[]) => judge(q, starts, { full, view: s.view, pinned });
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
export function logKeyCount(n: number, m: number): number {
  let sum = 0;
  for (let i = 0; i < m; i++) sum += Math.log(n - i);
  return sum;
}
