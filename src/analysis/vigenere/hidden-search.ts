// A short letters-only text's key, searched and climbed with its word breaks summed over (hidden-breaks.ts).

import { decodeSymbols, type ForwardState, HiddenBreaks, type Lattice } from '../readings/index.js';
import { logSumExp } from '../scoring/index.js';
import { type Budget, KeySearch } from './key-search.js';
import type { Reading } from './reading.js';
import {
  EDGE_KEY_LETTERS,
  EDGE_WIDTH,
  HIDDEN_BEAM_KEEP,
  HIDDEN_BEAM_SHIFTS,
  HIDDEN_BEAM_WIDTH,
  HIDDEN_LETTERS_PER_KEY_LETTER,
  HIDDEN_PASSES,
  HIDDEN_SETTLED,
  HIDDEN_SHIFTS,
  WINDOW_KEY_LETTERS,
  WINDOW_LETTERS_PER_KEY_LETTER,
  WINDOW_MIN_MARGIN,
  WINDOW_STRIDE,
  WINDOW_WIDTH,
} from './tuning.js';

/**
 * Whether a reading's keys of length k are scored with the word breaks summed over: letters run together, at most
 * HIDDEN_LETTERS_PER_KEY_LETTER letters per key letter (more, and the joined model finds the key alone).
 */
export function scoredUnderHiddenBreaks(reading: Reading, k: number): boolean {
  return reading.tokens.joined && reading.tokens.letters <= HIDDEN_LETTERS_PER_KEY_LETTER * k;
}

/** A key climbed under the hidden breaks: its log-likelihood there, and the mass of the keys near it. */
export interface Polished {
  key: Int32Array;
  ll: number;
  /** Σ over key letters of ln Σ_s exp((ll(s) − ll)/T) over the shifts tried (see KeySearch.spread). */
  spread: number;
}

/**
 * The key of one length under the hidden breaks: the joined model's key climbed; unless it is already beyond
 * local doubt (its one-letter neighbours hold little of its mass), beams from two points of the key (a stretch of
 * text read from a passage start misjudges its first letters) offer other starts, each climbed in turn. The best
 * by tempered likelihood and spread, as the lengths are compared.
 */
export function searchHidden(
  reading: Reading,
  scorer: HiddenBreaks,
  key: Int32Array,
  T: number,
  budget: Budget,
  limit: number,
): Polished {
  const polished = polishHidden(reading, scorer, key, T, budget, limit);
  const settled = Math.exp(-polished.spread) >= HIDDEN_SETTLED;
  const offsets = settled ? [] : [0, Math.floor(key.length / 2)];
  const starts = offsets.flatMap((offset) =>
    hiddenBeam(reading, scorer, key, offset, HIDDEN_BEAM_WIDTH, HIDDEN_BEAM_SHIFTS, HIDDEN_BEAM_KEEP, budget, limit),
  );
  const tried = [polished, ...starts.map((start) => polishHidden(reading, scorer, start, T, budget, limit))];
  return tried.reduce((x, y) => (y.ll / T + y.spread > x.ll / T + x.spread ? y : x));
}

/**
 * The lengths, likeliest first, each scored by the best of its keys read with the word breaks summed over (one
 * forward pass each; its tempered log-likelihood less ln(alphabet size) per key letter, as the lengths are
 * compared), the candidates taken in the order given while the work spent stays under `limit`.
 */
export function rankUnderHiddenBreaks(
  reading: Reading,
  scorer: HiddenBreaks,
  candidates: { k: number; keys: Int32Array[] }[],
  budget: Budget,
  limit: number,
): { k: number; score: number }[] {
  const T = reading.model.spaced.temperature;
  const scored: { k: number; score: number }[] = [];
  for (const { k, keys } of candidates) {
    if (budget.spent >= limit) break;
    const best = charged(scorer, budget, () =>
      Math.max(
        ...keys.map((key) =>
          scorer.logLikelihood(decodeSymbols(reading.tokens, key, reading.cand), reading.tokens.open),
        ),
      ),
    );
    scored.push({ k, score: best / T - k * Math.log(reading.n) });
  }
  return scored.sort((x, y) => y.score - x.score);
}

/**
 * Climbs `start` one key letter at a time under the spaced model with the breaks summed over. Each letter tries only
 * the HIDDEN_SHIFTS shifts the joined model likes best (its local scores, which cost a fraction of a forward pass),
 * each judged from the text's lattice by what it changes (HiddenBreaks.change), and the key's spread is summed over
 * those: the others lie far below under either model. Passes repeat until one moves nothing, at most HIDDEN_PASSES,
 * or until `limit` is spent; the spread is that of the last pass.
 */
export function polishHidden(
  reading: Reading,
  scorer: HiddenBreaks,
  start: Int32Array,
  T: number,
  budget: Budget,
  limit: number,
): Polished {
  const { tokens, cand } = reading;
  const k = start.length;
  const search = new KeySearch(reading, k, budget);
  search.setKey(start);
  const key = Int32Array.from(start);
  const symbols = decodeSymbols(tokens, key, cand);
  const columns = columnPositions(tokens.codes, k);

  let lattice = charged(scorer, budget, () => scorer.lattice(symbols, tokens.open));
  let spread = 0;
  const tried = new Float64Array(HIDDEN_SHIFTS + 1);
  for (let pass = 0; pass < HIDDEN_PASSES && budget.spent < limit; pass++) {
    let moved = false;
    spread = 0;
    for (let j = 0; j < k && budget.spent < limit; j++) {
      const keep = key[j] as number;
      const shifts = likedShifts(search, j, HIDDEN_SHIFTS, keep);
      const at = columns[j] as number[];
      let best = keep;
      let bestGain = 0;
      tried[0] = 0;
      shifts.forEach((s, i) => {
        const gain = charged(scorer, budget, () =>
          scorer.change(
            lattice,
            at,
            at.map((p) => plainAt(reading, p, s)),
          ),
        );
        tried[i + 1] = gain;
        if (gain > bestGain + 1e-9) {
          bestGain = gain;
          best = s;
        }
      });
      for (let i = 0; i <= shifts.length; i++) tried[i] = ((tried[i] as number) - bestGain) / T;
      spread += logSumExp(tried.subarray(0, shifts.length + 1));
      if (best !== keep) {
        moved = true;
        key[j] = best;
        search.setColumn(j, best);
        for (const p of at) symbols[p] = plainAt(reading, p, best);
        lattice = charged(scorer, budget, () => scorer.lattice(symbols, tokens.open));
      }
    }
    if (!moved) break;
  }
  return { key, ll: lattice.total, spread };
}

/**
 * Beam search of a key of length k under the hidden breaks, its letters chosen in order: a prefix is scored by
 * the forward pass over every stretch of text its letters decipher (each read from a passage start), so a key
 * letter is judged with the letters its neighbours decipher, words and breaks included, which the joined model
 * cannot see. Each key letter tries the `shifts` shifts the joined model likes best; the `width` best prefixes are
 * kept; returns the `keep` best keys. Where `limit` is spent before the
 * key is whole, the rest of each key is taken from `fallback`.
 */
function hiddenBeam(
  reading: Reading,
  scorer: HiddenBreaks,
  fallback: Int32Array,
  offset: number,
  width: number,
  shifts: number,
  keep: number,
  budget: Budget,
  limit: number,
): Int32Array[] {
  const { tokens, cand, n } = reading;
  const k = fallback.length;
  // The key letters are chosen from `offset` on (column offset + t at step t). Per stretch (the letters before
  // the first chosen column, then each run of k from it), per step: the fixed symbols before its letter, and it.
  const stretches: { fixed: number[]; code: number }[][] = [];
  let pending: number[] = [];
  let ordinal = 0;
  for (const c of tokens.codes) {
    if (c < 0) {
      pending.push(-1 - c);
      continue;
    }
    const r = Math.floor((ordinal - offset) / k) + 1;
    const t = (((ordinal - offset) % k) + k) % k;
    const first = ordinal === 0 || t === 0;
    const stretch = stretches[r] ?? [];
    stretches[r] = stretch;
    stretch[t] = { fixed: first ? [] : pending, code: c };
    pending = [];
    ordinal++;
  }
  interface Entry {
    key: number[];
    states: ForwardState[];
    score: number;
  }
  // Each key letter tries the shifts the joined model likes best at the fallback key (its local scores).
  const search = new KeySearch(reading, k, budget);
  search.setKey(fallback);
  const choices = Array.from({ length: k }, (_, t) => likedShifts(search, (offset + t) % k, shifts));
  let beam: Entry[] = [{ key: [], states: Array.from(stretches, () => scorer.startState()), score: 0 }];
  for (let j = 0; j < k; j++) {
    const before = scorer.lookups;
    const next: Entry[] = [];
    for (const e of beam) {
      for (const s of choices[j] as number[]) {
        let score = 0;
        const states = e.states.map((state, r) => {
          const at = stretches[r]?.[j];
          if (!at) return state;
          let st = state;
          for (const x of at.fixed) st = scorer.step(st, x);
          const p = at.code - s;
          st = scorer.step(st, cand[p < 0 ? p + n : p] as number);
          return st;
        });
        for (const st of states) score += HiddenBreaks.total(st);
        next.push({ key: [...e.key, s], states, score });
      }
    }
    next.sort((x, y) => y.score - x.score);
    beam = next.slice(0, width);
    budget.spent += scorer.lookups - before;
    if (budget.spent >= limit) break;
  }
  return beam.slice(0, keep).map((e) => {
    const key = Int32Array.from(fallback);
    e.key.forEach((s, t) => {
      key[(offset + t) % k] = s;
    });
    return key;
  });
}

/** A key's log-likelihood under the hidden breaks and its spread over every shift of every key letter (diagnostics). */
export function hiddenEvidence(reading: Reading, scorer: HiddenBreaks, key: Int32Array, T: number): Polished {
  const { tokens, cand, n } = reading;
  const k = key.length;
  const lattice = scorer.lattice(decodeSymbols(tokens, key, cand), tokens.open);
  const columns = columnPositions(tokens.codes, k);
  let spread = 0;
  for (let j = 0; j < k; j++) {
    const at = columns[j] as number[];
    const gains = Array.from({ length: n }, (_, s) =>
      s === key[j]
        ? 0
        : scorer.change(
            lattice,
            at,
            at.map((p) => plainAt(reading, p, s)),
          ) / T,
    );
    spread += logSumExp(gains);
  }
  return { key, ll: lattice.total, spread };
}

/** The positions in codes of each key letter's letters. */
function columnPositions(codes: Int32Array, k: number): number[][] {
  const columns: number[][] = Array.from({ length: k }, () => []);
  letterPositions(codes).forEach((p, ordinal) => {
    (columns[ordinal % k] as number[]).push(p);
  });
  return columns;
}

/** The model symbol the letter at position p deciphers to under shift s. */
function plainAt(reading: Reading, p: number, s: number): number {
  const x = (reading.tokens.codes[p] as number) - s;
  return reading.cand[x < 0 ? x + reading.n : x] as number;
}

/** The `count` shifts of key letter j the joined model likes best, the others held (without `except`). */
function likedShifts(search: KeySearch, j: number, count: number, except?: number): number[] {
  const n = search.locals.length / search.k; // locals holds every shift of every key letter
  search.evaluate(j);
  const locals = search.locals.subarray(j * n, j * n + n);
  return Array.from({ length: n }, (_, s) => s)
    .filter((s) => s !== except)
    .sort((x, y) => (locals[y] as number) - (locals[x] as number))
    .slice(0, count);
}

/**
 * The windows over the key letters that decipher the text's first EDGE_KEY_LETTERS letters, and then its last. A
 * letter at either edge of the text has context on one side only: the scouts choose the first key letters without
 * any and the beams judge the last with no letters after them, so neighbouring key letters there are often wrong
 * together, where no one-letter move of the climbs mends them (a dev miss: 48 letters of Polish under a 12-letter
 * key, NIEFNFJPBTWJ for NYPANFJPBTWJ, 16 nats below it, every key between them lower still). Each is searched by a
 * beam EDGE_WIDTH wide (searchWindows).
 */
export function edgeWindows(reading: Reading, k: number): Window[] {
  const span = Math.min(EDGE_KEY_LETTERS, k);
  const firsts = new Set([0, (((reading.tokens.letters - span) % k) + k) % k]);
  return [...firsts].map((first) => ({ first, span, width: EDGE_WIDTH }));
}

/**
 * The windows inside the key: WINDOW_KEY_LETTERS key letters from every WINDOW_STRIDE-th on, wrapping past the last
 * (so that any WINDOW_KEY_LETTERS − WINDOW_STRIDE + 1 neighbouring key letters lie whole in one window), each
 * searched by a beam WINDOW_WIDTH wide. Away from the edges too, neighbouring key letters are often wrong together
 * where no one-letter move mends them (a dev miss: 80 letters of Polish under a 20-letter key, IJTR then Y read as
 * UYYF then O, 20 nats below, every key between lower still). None for a key of WINDOW_KEY_LETTERS letters or fewer
 * (the edges hold it), for a text of more than WINDOW_LETTERS_PER_KEY_LETTER letters a key letter (the climbs have
 * pinned every key letter), or for a key whose decryption reads less than WINDOW_MIN_MARGIN nats a letter above
 * uniformly random letters, net of its key letters: windows mend a key right but for a few neighbouring letters, and
 * on random letters run together they would spend their whole allowance for nothing.
 */
export function insideWindows(reading: Reading, key: Polished): Window[] {
  const k = key.key.length;
  const { letters } = reading.tokens;
  const margin = key.ll + (letters - k) * Math.log(reading.n);
  if (k <= WINDOW_KEY_LETTERS || letters > WINDOW_LETTERS_PER_KEY_LETTER * k || margin < WINDOW_MIN_MARGIN * letters)
    return [];
  const windows: Window[] = [];
  for (let first = 0; first < k; first += WINDOW_STRIDE)
    windows.push({ first, span: WINDOW_KEY_LETTERS, width: WINDOW_WIDTH });
  return windows;
}

/**
 * Each window's key letters searched again together over every shift, in turn from `start`: a beam chooses them in
 * text order, each occurrence of the window read forward from the lattice's states before it (windowBeam); its keys
 * are judged whole by what they change in the lattice, and the best, if it gains, is climbed again (polishHidden) and
 * kept if likelier.
 */
export function searchWindows(
  reading: Reading,
  scorer: HiddenBreaks,
  start: Polished,
  windows: Window[],
  T: number,
  budget: Budget,
  limit: number,
): Polished {
  const letters = letterPositions(reading.tokens.codes);
  let current = start;
  for (const window of windows) current = searchWindow(reading, scorer, current, letters, window, T, budget, limit);
  return current;
}

/**
 * One window of key letters searched again over every shift (windowBeam) from `current`, the best of the beam
 * climbed again (polishHidden): the climbed key if likelier, else `current`.
 */
function searchWindow(
  reading: Reading,
  scorer: HiddenBreaks,
  current: Polished,
  letters: number[],
  window: Window,
  T: number,
  budget: Budget,
  limit: number,
): Polished {
  if (budget.spent >= limit) return current;
  const { tokens, cand } = reading;
  const k = current.key.length;
  const key = Int32Array.from(current.key);
  const lattice = charged(scorer, budget, () => scorer.lattice(decodeSymbols(tokens, key, cand), tokens.open));
  const shifts = windowBeam(reading, scorer, lattice, letters, k, window, budget, limit);
  if (!shifts) return current;
  for (let t = 0; t < window.span; t++) key[(window.first + t) % k] = shifts[t] as number;
  const next = polishHidden(reading, scorer, key, T, budget, limit);
  return next.ll > current.ll + 1e-9 ? next : current;
}

/** A window of `span` neighbouring key letters from column `first` on (wrapping), searched by a beam `width` wide. */
export interface Window {
  first: number;
  span: number;
  width: number;
}

/**
 * A window's beam over its key letters: the shifts it chose, in window order, when they make the text likelier than
 * the lattice's key does; undefined when nothing gains or `limit` was reached first.
 */
function windowBeam(
  reading: Reading,
  scorer: HiddenBreaks,
  lattice: Lattice,
  letters: number[],
  k: number,
  { first, span, width }: Window,
  budget: Budget,
  limit: number,
): number[] | undefined {
  const { n } = reading;
  // Each occurrence of the window: the code positions of its letters in window order, from window letter `from`
  // (a window that wraps past the last key letter also has its last letters at the text's start).
  const runs: { from: number; at: number[] }[] = [];
  const wrapped = first + span - k;
  if (first > 0 && wrapped > 0) runs.push({ from: span - wrapped, at: letters.slice(0, wrapped) });
  for (let o = first; o < letters.length; o += k) runs.push({ from: 0, at: letters.slice(o, o + span) });
  interface Entry {
    shifts: number[];
    states: ForwardState[];
  }
  let beam: Entry[] = [{ shifts: [], states: runs.map((run) => lattice.forward[run.at[0] as number] as ForwardState) }];
  for (let t = 0; t < span; t++) {
    // Each entry's runs that hold window letter t, read up to it (symbols between a window's letters, none when the
    // letters run together, as they are); every shift of it is then ranked by the runs' totals alone, and only the
    // extensions kept are stepped into states.
    const ready = charged(scorer, budget, () =>
      beam.map((e) => {
        let base = 0;
        const stepped: { r: number; state: ForwardState; p: number }[] = [];
        e.states.forEach((state, r) => {
          const { from, at } = runs[r] as (typeof runs)[number];
          const p = at[t - from];
          if (p === undefined) {
            base += HiddenBreaks.total(state);
            return;
          }
          let st = state;
          const previous = at[t - from - 1];
          if (previous !== undefined)
            for (let q = previous + 1; q < p; q++) st = scorer.step(st, lattice.symbols[q] as number);
          stepped.push({ r, state: st, p });
        });
        return { e, base, stepped };
      }),
    );
    const ranked: { i: number; s: number; score: number }[] = [];
    for (let i = 0; i < ready.length; i++) {
      if (budget.spent >= limit) return undefined;
      const { base, stepped } = ready[i] as (typeof ready)[number];
      charged(scorer, budget, () => {
        for (let s = 0; s < n; s++) {
          let score = base;
          for (const { state, p } of stepped) score += scorer.stepTotal(state, plainAt(reading, p, s));
          ranked.push({ i, s, score });
        }
      });
    }
    ranked.sort((x, y) => y.score - x.score);
    beam = charged(scorer, budget, () =>
      ranked.slice(0, width).map(({ i, s }) => {
        const { e, stepped } = ready[i] as (typeof ready)[number];
        const states = e.states.slice();
        for (const { r, state, p } of stepped) states[r] = scorer.step(state, plainAt(reading, p, s));
        return { shifts: [...e.shifts, s], states };
      }),
    );
  }
  // The beam's keys judged whole: what each changes in the lattice, the letters after the window included.
  const columns = Array.from({ length: span }, (_, t) => (first + t) % k);
  const at = letters.flatMap((p, i) => (columns.includes(i % k) ? [p] : []));
  const slot = letters.flatMap((_, i) => (columns.includes(i % k) ? [columns.indexOf(i % k)] : []));
  let best: number[] | undefined;
  let bestGain = 1e-9;
  for (const e of beam) {
    if (budget.spent >= limit) return undefined;
    const gain = charged(scorer, budget, () =>
      scorer.change(
        lattice,
        at,
        at.map((p, i) => plainAt(reading, p, e.shifts[slot[i] as number] as number)),
      ),
    );
    if (gain > bestGain) {
      bestGain = gain;
      best = e.shifts;
    }
  }
  return best;
}

/** Runs `work` and charges the look-ups the scorer made in it to `budget`. */
function charged<R>(scorer: HiddenBreaks, budget: Budget, work: () => R): R {
  const before = scorer.lookups;
  const out = work();
  budget.spent += scorer.lookups - before;
  return out;
}

/** The positions in codes of the text's letters, in order. */
function letterPositions(codes: Int32Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < codes.length; i++) if ((codes[i] as number) >= 0) out.push(i);
  return out;
}
