// The search plan of one text: which key lengths the search tries, how much of the text it reads, what it may spend.
import { candidateLengths } from './ioc.js';
import {
  BEAM_WIDTH,
  FULL_SEARCH_LETTERS,
  LONG_POLISH_LENGTHS,
  LONG_SCREEN_LENGTHS,
  MIN_SAMPLE,
  MIN_SAMPLE_ANY_ALPHABET,
  POLISH_PER_KEY_LETTER,
  RESTART_BUDGET,
  RESTART_LENGTHS,
  SAMPLE_PER_KEY_LETTER,
  SAMPLE_WORK,
  SCREEN_LENGTHS,
  SCREEN_SAMPLE,
  SHORT_LETTERS,
  SHORT_RESTART_BUDGET,
} from './tuning.js';

/** What fitLanguage searches, and how hard (see docs/solver.md, "The search plan"). */
export interface SearchPlan {
  /** Short texts (up to FULL_SEARCH_LETTERS): every length searched, with beams and restarts. */
  readonly full: boolean;
  /** The key lengths searched, most promising first. */
  readonly lengths: readonly number[];
  /** Letters of the text the scouts read. */
  readonly sample: number;
  /** Letters the full model's polish reads: the sample, or on a long text a shorter prefix. */
  readonly polishSample: number;
  /** How many of the scouts' best lengths are polished by the full model (and searched with a wide beam). */
  readonly polishLengths: number;
  /** Model look-ups the restarts may spend; 0 also turns crib moves off. */
  readonly restartBudget: number;
  /** The widest beam a length with short columns gets; 0 searches every length by ascent alone. */
  readonly beamWidth: number;
}

/** Letters the key search reads for keys up to `longestKey` letters over an alphabet of n. */
export function sampleLetters(longestKey: number, n: number): number {
  const wanted = Math.max(MIN_SAMPLE, SAMPLE_PER_KEY_LETTER * longestKey);
  return Math.max(MIN_SAMPLE_ANY_ALPHABET, Math.min(wanted, Math.floor(SAMPLE_WORK / n)));
}

/**
 * The plan for a text of `letters` letters over an alphabet of n, given the lengths ranked by coincidence:
 * a short text searches them all; a long one only those the IoC favours, and polishes a prefix.
 */
export function searchPlan(letters: number, n: number, ranked: number[], ioc: Float64Array): SearchPlan {
  const full = letters <= FULL_SEARCH_LETTERS;
  const lengths = full ? ranked : candidateLengths(ranked, ioc, n);
  const sample = sampleLetters(Math.max(...lengths), n);
  return {
    full,
    lengths,
    sample,
    polishSample: full ? sample : Math.max(MIN_SAMPLE_ANY_ALPHABET, POLISH_PER_KEY_LETTER * Math.max(...lengths)),
    polishLengths: full ? RESTART_LENGTHS : LONG_POLISH_LENGTHS,
    restartBudget: !full ? 0 : letters < SHORT_LETTERS ? SHORT_RESTART_BUDGET : RESTART_BUDGET,
    beamWidth: full ? BEAM_WIDTH : 0,
  };
}

/**
 * The quick fit on which the languages compete under 'auto': the plan's likeliest lengths on a short
 * sample, one length polished, no beam, no restarts.
 */
export function screenPlan(plan: SearchPlan): SearchPlan {
  const sample = Math.min(plan.sample, SCREEN_SAMPLE);
  return {
    full: plan.full,
    lengths: plan.lengths.slice(0, plan.full ? SCREEN_LENGTHS : LONG_SCREEN_LENGTHS),
    sample,
    polishSample: sample,
    polishLengths: 1,
    restartBudget: 0,
    beamWidth: 0,
  };
}
