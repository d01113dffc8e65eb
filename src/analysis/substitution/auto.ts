// Breaking a cryptogram in a language not given: a glance at every language, a longer look at those near the likeliest,
// and the search in full of the likeliest (and of the language its words name, and of a close runner-up), each going
// on from what came before it.
import type { Alphabet } from '../../core/index.js';
import { LANGUAGES, type Language, type LanguageModel } from '../language-model/index.js';
import { tokenize } from '../readings/index.js';
import { getWindowTable, WINDOW_LETTERS, windowLogLikelihood } from '../words/index.js';
import { patternLogLikelihood } from './patterns.js';
import { type Attempt, attempt, carried } from './search.js';
import { wordCountsOf, wordSpans } from './words.js';
import { LOOKS_WORK, SOLVE_WORK, type Work, withShare } from './work.js';

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
 * likeliest (and, with a quarter of the effort, the language spaced text's words name and any close behind) searched
 * whole. The glance spares the longer look of languages far behind, which never settle and cost the most (5
 * languages × 16 restarts of 300 letters took 2–4 s). All of it draws on `work`, auto's whole allowance (AUTO_WORK):
 * the glances as their schedule says, the looks share LOOKS_WORK less what the final search keeps (SOLVE_WORK) and
 * (spaced) a quarter, and the runners-up's finals run only if enough is left. A look goes on from its language's
 * glance, and a final search from its look, where both read the whole text and started as hot (search.ts, JoinedRun):
 * either way, of a text of up to GLANCE_LETTERS letters run together (whose final starts cooler, afresh) or of
 * 200–300 (whose final goes on from its look, if it had one), the search in the language named is the search a solve
 * in that language makes. The glances and looks keep the search's hotter start (`ranks`): cooler, a wrong
 * language's key read nearly as well as the right one's (dev, 100 letters, 20 passages a cell: auto named 97 % of
 * spaced passages and 94 % of letters alone hot, 92 % and 90 % with the solve's cooler start).
 */
export function autoAttempt(text: string, a: Alphabet, pinned: Int32Array, effort: number, work: Work): Attempt {
  const glances = LANGUAGES.map((l) =>
    attempt(text, a, l, pinned, { restarts: GLANCE_RESTARTS * effort, letters: GLANCE_LETTERS, ranks: true }, work),
  );
  const lead = Math.max(...glances.map(score));
  const near = glances.filter((g) => score(g) > lead - GLANCE_MARGIN);
  // The language the patterns of repeated letters name (the words', or letters run together the windows'): if the
  // glances and looks name another, it is searched too.
  const models = glances.map((g) => g.model);
  const named = byWordPatterns(text, a, models) ?? byWindowPatterns(text, a, models);
  const quarter = (SOLVE_WORK * effort) / 4;
  // The looks never take what the final search in the language chosen may spend, nor (spaced) that runner-up's
  // quarter. At 100 letters with all five near, each look's share is less than its glance spent, and no look runs
  // (docs/solver-results.md, 2026-12-02 afternoon).
  const looks = Math.min(LOOKS_WORK * effort, work.limit - work.spent - SOLVE_WORK * effort - (named ? quarter : 0));
  // Scores of the glance and of the longer look read different letters: only those looked at longer are ranked.
  const quick = (
    near.length === 1
      ? near
      : near.map((g) =>
          withShare(work, looks / near.length - carried(g.joined, lookOf(effort)), (w) =>
            attempt(text, a, g.language, pinned, lookOf(effort), w, g.joined),
          ),
        )
  ).sort((x, y) => score(y) - score(x));
  const top = score(quick[0] as Attempt);
  const final = (q: Attempt, e: number) =>
    withShare(work, SOLVE_WORK * e - carried(q.joined, { effort: e }), (w) =>
      attempt(text, a, q.language, pinned, { effort: e }, w, q.joined),
    );
  const first = quick[0] as Attempt;
  const finals = [final(first, effort)];
  // The runners-up, a quarter of the effort each and only from what is left of auto's whole allowance: they are most
  // often wrong, and a wrong language's search is the dearest (its restarts never settle). First the language the
  // words' patterns name, if the glances and looks named another; then the next of the looks, if close.
  const runnersUp = new Set([
    named === first.language
      ? undefined
      : (quick.find((q) => q.language === named) ?? glances.find((g) => g.language === named)),
    quick[1] && score(quick[1]) > top - AUTO_MARGIN ? quick[1] : undefined,
  ]);
  // Spaced, one may start on half its quarter: the first final's last restart overruns its allowance (dev, 100
  // letters: 1.8 million look-ups were left of the 2.75 reserved, and the runner-up named by the patterns was right).
  const least = named ? quarter / 2 : quarter;
  for (const q of runnersUp) if (q && work.limit - work.spent >= least) finals.push(final(q, effort / 4));
  return finals.reduce((x, y) => (score(y) > score(x) ? y : x));
}

/**
 * The language whose listed words hold the cipher words' patterns of repeated letters likeliest, undefined for text
 * without word breaks: the key cannot change it, and where the glances rank the text's own language second to fourth
 * (4 hot restarts on 100 letters seldom find a key) it most often still names it (docs/solver-results.md, 2026-12-07).
 */
export function byWordPatterns(text: string, a: Alphabet, models: readonly LanguageModel[]): Language | undefined {
  return likeliest(models, (model) => {
    const tokens = tokenize(text, a, model, 'auto', AUTO_LETTERS);
    const spans = wordSpans(tokens, model);
    return spans.length === 0
      ? undefined
      : patternLogLikelihood(tokens.codes, spans, wordCountsOf(model.language, model));
  });
}

/**
 * Of letters run together over A–Z, the language whose running text's windows of 12 letters hold the text's patterns
 * of repeated letters likeliest (words/window-patterns.ts); undefined for spaced text, other alphabets and texts
 * shorter than a window. On dev passages of 100 letters it names the language first in about 7 of 10, where the
 * glances, which must find a key, most often miss (docs/solver-results.md, 2026-12-08).
 */
export function byWindowPatterns(text: string, a: Alphabet, models: readonly LanguageModel[]): Language | undefined {
  return likeliest(models, (model) => {
    if (model.alphabet.name !== 'basic') return undefined;
    const tokens = tokenize(text, a, model, 'auto', AUTO_LETTERS);
    const letters = tokens.codes.filter((c) => c >= 0);
    if (!tokens.joined || letters.length < WINDOW_LETTERS) return undefined;
    return windowLogLikelihood(letters, getWindowTable(model.language));
  });
}

/** The language `scoreOf` rates highest; undefined as soon as it rates none (the text lacks what it reads). */
function likeliest(
  models: readonly LanguageModel[],
  scoreOf: (model: LanguageModel) => number | undefined,
): Language | undefined {
  let named: Language | undefined;
  let most = Number.NEGATIVE_INFINITY;
  for (const model of models) {
    const s = scoreOf(model);
    if (s === undefined) return undefined;
    if (s > most) [named, most] = [model.language, s];
  }
  return named;
}

/** The longer look at a language that glanced near the likeliest (going on from the glance where it read as much). */
function lookOf(effort: number) {
  return { restarts: AUTO_RESTARTS * effort, letters: AUTO_LETTERS, ranks: true };
}
