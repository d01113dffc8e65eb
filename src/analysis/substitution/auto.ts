// Breaking a cryptogram in a language not given: a glance at every language, a longer look at those near the likeliest,
// and the search in full of the likeliest (and of a close runner-up), each going on from what came before it.
import type { Alphabet } from '../../core/index.js';
import { LANGUAGES } from '../language-model/index.js';
import { type Attempt, attempt, carried } from './search.js';
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
 * likeliest (and any close behind it) searched whole. The glance spares the longer look of languages far behind,
 * which never settle and cost the most (5 languages × 16 restarts of 300 letters took 2–4 s). All of it draws on
 * `work`, auto's whole allowance (AUTO_WORK): the glances as their schedule says, the looks share LOOKS_WORK less what
 * the final search keeps (SOLVE_WORK), and the runner-up's final (a quarter) runs only if that much is left. A look goes
 * on from its language's glance, and a final search from its look, where both read the whole text and started as hot
 * (search.ts, JoinedRun): either way, of a text of up to GLANCE_LETTERS letters run together (whose final starts
 * cooler, afresh) or of 200–300 (whose final goes on from its look, if it had one), the search in the language named is the search a
 * solve in that language makes. The glances and looks keep the search's hotter start (`ranks`): cooler, a wrong
 * language's key read nearly as well as the right one's (dev, 100 letters, 20 passages a cell: auto named 97 % of
 * spaced passages and 94 % of letters alone hot, 92 % and 90 % with the solve's cooler start).
 */
export function autoAttempt(text: string, a: Alphabet, pinned: Int32Array, effort: number, work: Work): Attempt {
  const glances = LANGUAGES.map((l) =>
    attempt(text, a, l, pinned, { restarts: GLANCE_RESTARTS * effort, letters: GLANCE_LETTERS, ranks: true }, work),
  );
  const lead = Math.max(...glances.map(score));
  const near = glances.filter((g) => score(g) > lead - GLANCE_MARGIN);
  // The looks never take what the final search in the language chosen may spend. At 100 letters with all five near,
  // each look's share is less than its glance spent, and no look runs (docs/solver-results.md, 2026-12-02 afternoon).
  const looks = Math.min(LOOKS_WORK * effort, work.limit - work.spent - SOLVE_WORK * effort);
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
  const finals = [final(quick[0] as Attempt, effort)];
  const second = quick[1];
  // The runner-up with a quarter of the effort, and only from what is left of auto's whole allowance: it is most
  // often wrong, and a wrong language's search is the dearest (its restarts never settle).
  const left = work.limit - work.spent;
  if (second && score(second) > top - AUTO_MARGIN && left >= (SOLVE_WORK * effort) / 4)
    finals.push(final(second, effort / 4));
  return finals.reduce((x, y) => (score(y) > score(x) ? y : x));
}

/** The longer look at a language that glanced near the likeliest (going on from the glance where it read as much). */
function lookOf(effort: number) {
  return { restarts: AUTO_RESTARTS * effort, letters: AUTO_LETTERS, ranks: true };
}
