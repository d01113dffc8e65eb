// The search plan of one text: which key lengths the search tries, how much of the text it reads, what it may spend.
import { candidateLengths, evidentPeriod } from './ioc.js';
import {
  BEAM_WIDTH,
  CRIB_WORK,
  FINAL_LENGTHS,
  FINAL_WORK,
  FULL_SEARCH_LETTERS,
  GUIDE_WORK,
  LONG_FINAL_LENGTHS,
  LONG_SCREEN_LENGTHS,
  MIN_SAMPLE,
  MIN_SAMPLE_ANY_ALPHABET,
  SAMPLE_PER_KEY_LETTER,
  SAMPLE_WORK,
  SCOUT_WORK,
  SCREEN_FINAL_WORK,
  SCREEN_GUIDE_WORK,
  SCREEN_LENGTHS,
  SCREEN_SAMPLE,
  WIDE_WORK,
} from './tuning.js';

/** What fitLanguage searches, and how hard (see docs/solver.md, "The search plan"). */
export interface SearchPlan {
  /** The key lengths searched, most promising first. */
  readonly lengths: readonly number[];
  /**
   * The period the coincidences show beyond doubt (evidentPeriod in ioc.ts): then only it and its multiples
   * are searched, and of those only it gets a beam, since a multiple can only repeat its key at a higher cost.
   */
  readonly period: number | undefined;
  /** Letters of the text the scouts read. */
  readonly sample: number;
  /** How many of the scouts' best lengths are climbed under the full model and scored in the end. */
  readonly finalLengths: number;
  /** The widest beam a length with short columns gets; 0 searches every length by ascent alone. */
  readonly beamWidth: number;
  /**
   * Look-ups the scouts' beams may spend together, the guide's ascents, the crib moves (short spaced texts only;
   * 0 for none) and the wide beams.
   */
  readonly scoutWork: number;
  readonly guideWork: number;
  readonly cribWork: number;
  readonly wideWork: number;
  /** Look-ups the final climbs and scores may spend (the best length is scored whatever it costs). */
  readonly finalWork: number;
  /**
   * Whether a short letters-only text's final keys are climbed and scored with the word breaks summed over
   * (hidden-search.ts). Not on the language screen, whose languages compare on one kind of likelihood.
   */
  readonly hiddenBreaks: boolean;
  /** Whether the lengths are scored with the mass of the keys near theirs (the language screen compares likelihoods). */
  readonly spread: boolean;
  /**
   * Look-ups the whole search may spend, every stage together, past which no stage starts more (the best length is
   * still scored): unbounded but for the stages' own allowances, except where variant auto shares one analysis's
   * work among several searches.
   */
  readonly allowance: number;
}

/** Letters the key search reads for keys up to `longestKey` letters over an alphabet of n. */
export function sampleLetters(longestKey: number, n: number): number {
  const wanted = Math.max(MIN_SAMPLE, SAMPLE_PER_KEY_LETTER * longestKey);
  return Math.max(MIN_SAMPLE_ANY_ALPHABET, Math.min(wanted, Math.floor(SAMPLE_WORK / n)));
}

/**
 * The plan for a text of `letters` letters over an alphabet of n, given the lengths ranked by coincidence:
 * a short text searches them all; a long one only those the IoC favours; either, when
 * the coincidences leave no doubt about the period, only the period and its multiples.
 */
export function searchPlan(letters: number, n: number, ranked: number[], ioc: Float64Array): SearchPlan {
  const full = letters <= FULL_SEARCH_LETTERS;
  const candidates = full ? ranked : candidateLengths(ranked, ioc, n);
  // Where the coincidences show the period beyond doubt, only it, its divisors and its multiples are searched.
  const period = evidentPeriod(ioc, letters, n, ranked.length);
  const lengths = period ? [period, ...candidates.filter((k) => k !== period && showsPeriod(k, period))] : candidates;
  const sample = sampleLetters(Math.max(...lengths), n);
  return {
    lengths,
    period,
    sample,
    finalLengths: full ? FINAL_LENGTHS : LONG_FINAL_LENGTHS,
    beamWidth: full ? BEAM_WIDTH : 0,
    scoutWork: full ? SCOUT_WORK : 0,
    guideWork: GUIDE_WORK,
    cribWork: full ? CRIB_WORK : 0,
    wideWork: full ? WIDE_WORK : 0,
    finalWork: FINAL_WORK,
    hiddenBreaks: true,
    spread: true,
    allowance: Number.POSITIVE_INFINITY,
  };
}

/**
 * Whether a key of length k can show the text's period: a key of length k repeats every k letters, so its
 * ciphertext shows every multiple of k as a period; a period seen is a multiple of the key's length, or a length that
 * repeats it (a plaintext phrase met again a multiple of the key's length on shows that distance as the period).
 */
function showsPeriod(k: number, period: number): boolean {
  return period % k === 0 || k % period === 0;
}

/**
 * The quick fit on which the languages compete under 'auto': the plan's likeliest lengths on a short
 * sample, one length scored, no beam, no crib moves.
 */
export function screenPlan(plan: SearchPlan): SearchPlan {
  const sample = Math.min(plan.sample, SCREEN_SAMPLE);
  return {
    lengths: plan.lengths.slice(0, plan.beamWidth > 0 ? SCREEN_LENGTHS : LONG_SCREEN_LENGTHS),
    period: plan.period,
    sample,
    finalLengths: 1,
    beamWidth: 0,
    scoutWork: 0,
    guideWork: SCREEN_GUIDE_WORK,
    cribWork: 0,
    wideWork: 0,
    finalWork: SCREEN_FINAL_WORK,
    hiddenBreaks: false,
    spread: false,
    allowance: plan.allowance,
  };
}
