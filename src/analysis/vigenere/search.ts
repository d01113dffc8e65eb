// The search of one language: every key length scouted, the likeliest searched harder, climbed and scored.
import { type Alphabet, letterIndices } from '../../core/index.js';
import type { Language } from '../language-model/index.js';
import { HiddenBreaks } from '../readings/index.js';
import { hiddenEvidence, scoredUnderHiddenBreaks } from './hidden-search.js';
import { type Budget, KeySearch } from './key-search.js';
import { LanguageSearch } from './language-search.js';
import { type SearchPlan, sampleLetters } from './plan.js';
import { readingOf } from './reading.js';
import type { Evaluation } from './search-steps.js';

export interface LanguageFit {
  language: Language;
  evaluations: Evaluation[];
  best: Evaluation;
  /** Letters of the text the evaluations scored (the "no answer" hypothesis is scored on the same). */
  scoredLetters: number;
  /** The temperature the evaluations' likelihoods were tempered with (the "no answer" hypothesis takes the same). */
  temperature: number;
}

/**
 * Searches the key of every length the plan names under one language's model, and scores each length found:
 * unigram keys, guided ascents where a key letter has many letters of text, scout beams where it has few, crib
 * moves, wide beams where it has two or three letters, the full model's climb. Each stage spends from its own
 * allowance of work (see docs/solver.md, "Budgets"); the search stops early once the text has revealed its key.
 */
export function fitLanguage(
  text: string,
  a: Alphabet,
  language: Language,
  letters: Uint16Array,
  plan: SearchPlan,
  budget: Budget = { spent: 0 },
): LanguageFit {
  const search = new LanguageSearch(text, a, language, letters, plan, budget);
  search.unigrams();
  const guides = search.guides();
  search.scouts(guides);
  search.cribs();
  search.wideBeams();
  search.scoreFinals(search.finals());
  search.windows();
  const temperature = search.hidden ? search.hidden.T : search.T;
  const evaluations = [...search.byLength.values()];
  const best = evaluations.reduce((x, y) => (y.score > x.score ? y : x));
  return { language, evaluations, best, scoredLetters: search.polish.tokens.letters, temperature };
}

/**
 * The evidence the analysis weighs for one given key (a diagnostic for the accuracy bench): the
 * decryption's log-likelihood and the length score the search compares (tempered likelihood plus
 * the mass of nearby keys, less ln(alphabet size) per key letter); for a short letters-only text, as the
 * search scores it in the end, with the word breaks summed over.
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
  const n = a.size;
  if (scoredUnderHiddenBreaks(reading, key.length)) {
    const T = reading.model.spaced.temperature;
    const { ll, spread } = hiddenEvidence(reading, new HiddenBreaks(reading.model), Int32Array.from(key), T);
    return { ll, score: ll / T + spread - key.length * Math.log(n) };
  }
  const s = new KeySearch(reading, key.length, { spent: 0 });
  s.setKey(key);
  const ll = s.total();
  const spread = s.spread(reading.ngrams.temperature);
  return { ll, score: ll / reading.ngrams.temperature + spread - key.length * Math.log(n) };
}
