// The search of one language: every key length scouted, the likeliest polished and restarted, each scored.
import { type Alphabet, letterIndices } from '../../core/index.js';
import type { Language } from '../languages.js';
import { mulberry32 } from '../random.js';
import { type FrequentWords, frequentWords } from '../word-lists.js';
import { type Budget, KeySearch } from './key-search.js';
import { type SearchPlan, sampleLetters } from './plan.js';
import { type Reading, readingOf } from './reading.js';
import {
  BEAM_KEEP,
  BEAM_LETTERS_PER_KEY_LETTER,
  BEAM_SCOUT_WIDTH,
  CRIB_LENGTHS,
  CRIB_LETTERS_PER_KEY_LETTER,
  CRIB_ROUGH,
  CRIB_TRIES,
  CRIB_WORDS,
  PATIENCE,
  POLISH_MARGIN,
  RESTART_LETTERS_PER_KEY_LETTER,
  SCOUT_WORK,
  SHORT_LETTERS,
  SHORT_WIDE_WORK,
  WIDE_WORK,
} from './tuning.js';

interface Evaluation {
  length: number;
  key: Int32Array;
  /** Log-likelihood of the searched decryption. */
  ll: number;
  /** Tempered log posterior of the length, up to a constant shared by all lengths of one language. */
  score: number;
  /** Σ ln Σ exp over the key letters (see KeySearch.spread). */
  spread: number;
}

/** Best shift of each column on its own, by the letters' unigram log-likelihood. */
function unigramKey(reading: Reading, letters: Uint16Array, k: number): Int32Array {
  const { n, cand, ngrams } = reading;
  const counts = new Int32Array(k * n);
  let col = 0;
  for (let i = 0; i < letters.length; i++) {
    counts[col * n + (letters[i] as number)]!++;
    col = col + 1 === k ? 0 : col + 1;
  }
  const logp = Float64Array.from(cand, (s) => ngrams.uni[s] as number);
  const key = new Int32Array(k);
  for (let j = 0; j < k; j++) {
    let best = Number.NEGATIVE_INFINITY;
    for (let s = 0; s < n; s++) {
      let ll = 0;
      for (let c = 0; c < n; c++) {
        const f = counts[j * n + c] as number;
        if (f) ll += f * (logp[c >= s ? c - s : c - s + n] as number);
      }
      if (ll > best) {
        best = ll;
        key[j] = s;
      }
    }
  }
  return key;
}

/** The shortest key that repeats to this one. */
function period(key: Int32Array): Int32Array {
  const k = key.length;
  for (let p = 1; p < k; p++) {
    if (k % p !== 0) continue;
    let repeats = true;
    for (let i = p; i < k && repeats; i++) repeats = key[i] === key[i - p];
    if (repeats) return key.slice(0, p);
  }
  return key;
}

/** A length's key from the first, cheaper search, and its tempered log-likelihood less the key's cost. */
interface Rough {
  k: number;
  key: Int32Array;
  score: number;
}

export interface LanguageFit {
  language: Language;
  evaluations: Evaluation[];
  best: Evaluation;
}

/**
 * Tries the best crib moves from a key: each is applied, the key climbed again from there, and kept if
 * the decryption got likelier. Returns the best key found and its log-likelihood.
 */
function improveByCribs(
  s: KeySearch,
  key: Int32Array,
  ll: number,
  words: FrequentWords,
  tries: number,
): { key: Int32Array; ll: number } {
  s.setKey(key);
  for (const move of s.wordMoves(words, tries)) {
    s.setKey(key);
    const dirty = new Uint8Array(s.k);
    move.columns.forEach((c, i) => {
      s.setColumn(c, move.shifts[i] as number);
      s.markNeighbours(dirty, c);
    });
    s.climb(dirty);
    const v = s.total();
    if (v > ll + 1e-9) {
      ll = v;
      key = Int32Array.from(s.key);
    }
  }
  return { key, ll };
}

class LengthSearch {
  readonly search: KeySearch;
  bestKey: Int32Array;
  bestLl: number;

  private readonly pairs: boolean;

  constructor(reading: Reading, start: Int32Array, budget: Budget) {
    this.pairs = reading.tokens.letters < SHORT_LETTERS;
    this.search = new KeySearch(reading, start.length, budget);
    this.search.setKey(start);
    if (this.pairs) this.search.deepClimb();
    else this.search.climb();
    this.bestKey = Int32Array.from(this.search.key);
    this.bestLl = this.search.total();
  }

  /** Crib moves from the best key (see improveByCribs). */
  cribs(words: FrequentWords, tries: number): void {
    const better = improveByCribs(this.search, this.bestKey, this.bestLl, words, tries);
    this.bestKey = better.key;
    this.bestLl = better.ll;
  }

  /**
   * Iterated local search: re-draw a few key letters at random, climb again from there, keep the result
   * if the decryption got likelier. Escapes the local optima that short columns leave the ascent in.
   */
  restart(rng: () => number, n: number): boolean {
    const s = this.search;
    const k = s.k;
    s.setKey(this.bestKey);
    const dirty = new Uint8Array(k);
    const moves = 1 + Math.floor(rng() * Math.min(3, k));
    for (let m = 0; m < moves; m++) {
      const j = Math.floor(rng() * k);
      s.setColumn(j, Math.floor(rng() * n));
      s.markNeighbours(dirty, j);
    }
    s.climb(dirty);
    let ll = s.total();
    if (this.pairs && ll > this.bestLl + 1e-9 && s.pairClimb()) {
      s.deepClimb();
      ll = s.total();
    }
    if (ll > this.bestLl + 1e-9) {
      this.bestLl = ll;
      this.bestKey = Int32Array.from(s.key);
      return true;
    }
    return false;
  }
}

/**
 * Searches the key of every length the plan names under one language's model, and scores each length
 * found: the scouts, the wide beams and crib moves of short columns, the full model's polish, restarts.
 */
export function fitLanguage(
  text: string,
  a: Alphabet,
  language: Language,
  letters: Uint16Array,
  plan: SearchPlan,
): LanguageFit {
  const { lengths, sample, polishSample, polishLengths, restartBudget, beamWidth } = plan;
  const reading = readingOf(text, a, language, sample);
  // The full model polishes a prefix: on a long text the guide has already found the key.
  const polish = polishSample < sample ? readingOf(text, a, language, polishSample) : reading;
  const n = a.size;
  const T = reading.ngrams.temperature;
  const budget: Budget = { spent: 0 };

  // Every length: short columns get a narrow beam search under the full model, each of its best keys
  // climbed; long ones a quick ascent under the trigram guide. The full model judges.
  const sampled = reading.tokens.letters;
  const beamed = (k: number): boolean => beamWidth > 0 && sampled < BEAM_LETTERS_PER_KEY_LETTER * k;
  // A beam costs about width × alphabet × order × letters look-ups: the widths shrink to keep the whole
  // search bounded when many lengths need one (a short text with a large max_key_length).
  const beamCost = n * reading.ngrams.order * Math.max(1, sampled);
  const beamedCount = lengths.filter(beamed).length;
  const scoutWidth = Math.max(
    2,
    Math.min(BEAM_SCOUT_WIDTH, Math.floor(SCOUT_WORK / (beamCost * Math.max(1, beamedCount)))),
  );
  const wideWidth = Math.max(
    scoutWidth,
    Math.min(
      beamWidth,
      Math.floor((sampled < SHORT_LETTERS ? SHORT_WIDE_WORK : WIDE_WORK) / (beamCost * polishLengths)),
    ),
  );
  const cribWords = restartBudget > 0 && reading.words ? frequentWords(reading.model, CRIB_WORDS) : undefined;
  const cribbed = (k: number): boolean => sampled <= CRIB_LETTERS_PER_KEY_LETTER * k;
  const beamSearch = (k: number, width: number, keep: number): Rough => {
    const search = new KeySearch(reading, k, budget);
    let best: Rough = { k, key: new Int32Array(k), score: Number.NEGATIVE_INFINITY };
    for (const start of search.beam(width, keep)) {
      search.setKey(start);
      search.climb();
      const score = search.total() / T - k * Math.log(n);
      if (score > best.score) best = { k, key: Int32Array.from(search.key), score };
    }
    return best;
  };
  const withCribs = (r: Rough): Rough => {
    if (!cribWords || !cribbed(r.k)) return r;
    const search = new KeySearch(reading, r.k, budget);
    search.setKey(r.key);
    const { key, ll } = improveByCribs(search, r.key, search.total(), cribWords, CRIB_ROUGH);
    return { k: r.k, key, score: ll / T - r.k * Math.log(n) };
  };
  const rough = lengths.map((k): Rough => {
    if (beamed(k)) return beamSearch(k, scoutWidth, 1);
    const guide = new KeySearch(reading, k, budget, true);
    guide.setKey(unigramKey(reading, letters, k));
    guide.climb();
    const judge = new KeySearch(reading, k, budget);
    judge.setKey(guide.key);
    return { k, key: Int32Array.from(guide.key), score: judge.total() / T - k * Math.log(n) };
  });
  if (cribWords) {
    // Crib moves can lift the true length above the rest, but each scans the word lists: the scouts'
    // best few lengths with short columns get them, so a large max_key_length costs no more.
    const picked = rough
      .filter((r) => beamed(r.k) && cribbed(r.k))
      .sort((x, y) => y.score - x.score)
      .slice(0, CRIB_LENGTHS);
    for (const r of picked) rough[rough.indexOf(r)] = withCribs(r);
  }
  rough.sort((x, y) => y.score - x.score);
  // The scouts' best lengths are searched again with the full beam.
  for (let i = 0; i < Math.min(polishLengths, rough.length); i++) {
    const r = rough[i] as Rough;
    if (!beamed(r.k) || wideWidth <= scoutWidth) continue;
    const wide = withCribs(beamSearch(r.k, wideWidth, BEAM_KEEP));
    if (wide.score > r.score) rough[i] = wide;
  }
  rough.sort((x, y) => y.score - x.score);

  // The likeliest lengths: the full model's ascent, then restarts round-robin until none improves.
  // Lengths far behind the best cannot win, and add nothing to the posterior: they are not polished.
  const top = (rough[0] as (typeof rough)[number]).score;
  const searches = rough
    .slice(0, polishLengths)
    .filter((r) => r.score >= top - POLISH_MARGIN)
    .map((r) => new LengthSearch(polish, r.key, budget));
  if (cribWords) for (const x of searches) if (cribbed(x.search.k)) x.cribs(cribWords, CRIB_TRIES);
  if (restartBudget > 0) {
    const rng = mulberry32(0x9e3779b9 ^ letters.length);
    // Long columns leave the ascent few local optima to escape; only short ones get restarts.
    const idle = new Map(
      searches.filter((x) => sampled < RESTART_LETTERS_PER_KEY_LETTER * x.search.k).map((x) => [x, 0]),
    );
    const limit = budget.spent + restartBudget;
    while (budget.spent < limit && idle.size > 0) {
      for (const [x, misses] of [...idle]) {
        if (budget.spent >= limit) break;
        if (x.restart(rng, n)) idle.set(x, 0);
        else if (misses + 1 >= PATIENCE + x.search.k) idle.delete(x);
        else idle.set(x, misses + 1);
      }
    }
  }

  const byLength = new Map<number, Evaluation>();
  for (const x of searches) {
    let key = period(x.bestKey);
    let s = x.search;
    let ll = x.bestLl;
    if (key.length < x.search.k) {
      // A key that repeats a shorter one is that shorter key: refit it at its own length.
      const refit = new LengthSearch(polish, key, budget);
      key = period(refit.bestKey);
      s = refit.search;
      ll = refit.bestLl;
      if (key.length < refit.search.k) continue;
    } else s.setKey(key);
    const spread = s.spread(T);
    const e: Evaluation = { length: key.length, key, ll, spread, score: ll / T + spread - key.length * Math.log(n) };
    const old = byLength.get(e.length);
    if (!old || e.score > old.score) byLength.set(e.length, e);
  }
  const evaluations = [...byLength.values()];
  const best = evaluations.reduce((x, y) => (y.score > x.score ? y : x));
  return { language, evaluations, best };
}

/**
 * The evidence the analysis weighs for one given key (a diagnostic for the accuracy bench): the
 * decryption's log-likelihood and the length score the search compares (tempered likelihood plus
 * the mass of nearby keys, less ln(alphabet size) per key letter).
 */
export function keyEvidence(
  text: string,
  a: Alphabet,
  language: Language,
  key: ArrayLike<number>,
): { ll: number; score: number } {
  const letters = letterIndices(text, a);
  const sample = sampleLetters(key.length, a.size);
  const reading = readingOf(text, a, language, Math.min(sample, letters.length));
  const s = new KeySearch(reading, key.length, { spent: 0 });
  s.setKey(key);
  const ll = s.total();
  const spread = s.spread(reading.ngrams.temperature);
  return { ll, score: ll / reading.ngrams.temperature + spread - key.length * Math.log(a.size) };
}
