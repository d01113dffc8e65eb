// A solve's work budget, counted in n-gram look-ups as the Vigenère search counts its own, so that a text with no
// answer, whose restarts never settle, stops after bounded work (the same on any machine and under any load).

/** What the scorers of one solve have spent, and how much they may. */
export interface Work {
  spent: number;
  limit: number;
}

/**
 * What a read of the model itself weighs against one from a dense table: the 5-gram's reads through the look-up
 * cache cost 4–5 times as much CPU on random keys (measured, 200 random letters, 6 restarts: 357–459 ns a read
 * against 67–103 ns from the 4-gram's dense table).
 */
export const MODEL_READ_COST = 4;

/**
 * A solve's whole allowance (times its effort) in a language given; with auto, the search in the language chosen has
 * it (the runner-up a quarter), beside the glances (bounded by their schedule) and LOOKS_WORK. A text with no answer spends
 * every restart of every search it makes: before, 64 random letters spent 24–27 million (2–2.5 s of CPU here), auto
 * on real passages of 64–200 letters up to 66 million. On dev passages (8 a cell, 64–400 letters, five languages,
 * spaced, language given) real passages spent 6–18 million; held to 11 million, 147 of 160 were exact against 142
 * unbounded (the 5-gram's fallback, which no longer runs once the budget is spent, and fewer restarts move a few
 * passages either way; read by the shipped models, which counted those lines) and their CPU time fell (median per cell
 * 0.2–0.95 s against 0.25–1.06 s, on a loaded machine). Held-out, beside the code before: docs/solver-results.md.
 */
export const SOLVE_WORK = 11_000_000;

/**
 * The longer looks of `auto` at the languages that glanced near the likeliest, shared among them: without a share,
 * five languages' looks at 300 random letters took 3.4–6.8 s of CPU before the search in the chosen one began. On dev
 * passages of 100 letters (100, development models), the language was named right in 93 with 4 million, 98 with 8,
 * and 100 with 16, as unbounded.
 */
export const LOOKS_WORK = 16_000_000;

/**
 * Auto's whole allowance, whatever its effort (which scales its parts): the glances (bounded by their schedule), the
 * looks (LOOKS_WORK at most, and never what the final search may spend: SOLVE_WORK is kept for it) and the finals all
 * draw on it, the runner-up's only if its quarter is left. Unbounded, a text with no answer spent every allowance: 25
 * million look-ups at 64 letters, 43 at 1,000, and 65 of 160 such texts took over 1 s of CPU on dev (two processes
 * side by side); with 22 million, 9 (the most at 1,000 letters run together, median 933 ms), and real passages read
 * as before (dev, 8 a cell and language: exact 38 of 40 at 1,000 letters in both bounds; docs/solver-results.md,
 * 2026-12-02). Not scaled by the effort: identify's cryptogram search at half effort (about 17 million) would have
 * had its looks cut to a third, and named an English text of 200 letters Polish.
 */
export const AUTO_WORK = 22_000_000;

/** A solve's budget, nothing spent. */
export function workOf(limit: number): Work {
  return { spent: 0, limit };
}

/** Whether the budget is spent: a search then starts no restart after its first. */
export function spentOut(work: Work | undefined): boolean {
  return work !== undefined && work.spent >= work.limit;
}

/** Runs `f` with at most `most` of what is left of `work`, and counts what it spent there. */
export function withShare<T>(work: Work, most: number, f: (part: Work) => T): T {
  const part = workOf(Math.max(0, Math.min(most, work.limit - work.spent)));
  try {
    return f(part);
  } finally {
    work.spent += part.spent;
  }
}
