// The search of one language: every key length scouted, the likeliest searched harder, climbed and scored.
import { type Alphabet, letterIndices } from '../../core/index.js';
import type { Language } from '../languages.js';
import { type FrequentWords, frequentWords } from '../words/word-lists.js';
import { HiddenBreaks } from './hidden-breaks.js';
import {
  edgeWindows,
  hiddenEvidence,
  insideWindows,
  type Polished,
  polishHidden,
  rankUnderHiddenBreaks,
  scoredUnderHiddenBreaks,
  searchHidden,
  searchWindows,
} from './hidden-search.js';
import { type Budget, KeySearch } from './key-search.js';
import { type SearchPlan, sampleLetters } from './plan.js';
import { type Reading, readingOf } from './reading.js';
import {
  BEAM_KEEP,
  BEAM_LETTERS_PER_KEY_LETTER,
  BEAM_SCOUT_WIDTH,
  CRIB_LENGTHS,
  CRIB_LETTERS_PER_KEY_LETTER,
  CRIB_TRIES,
  CRIB_WORDS,
  EDGE_WORK,
  FINAL_MARGIN,
  FINAL_PER_KEY_LETTER,
  HIDDEN_RANK_WORK,
  HIDDEN_RANKED,
  HIDDEN_WORK,
  JOINED_SCOUT_WIDTH,
  MIN_SAMPLE_ANY_ALPHABET,
  REVEAL_MARGIN,
  SEARCH_MARGIN,
  UNIGRAM_COST,
  WIDE_LENGTHS,
  WIDE_LETTERS_PER_KEY_LETTER,
  WINDOW_WORK,
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

/**
 * Best shift of each column on its own, by the letters' unigram log-likelihood: every shift of every distinct
 * letter of each column, charged as UNIGRAM_COST look-ups each.
 */
function unigramKey(reading: Reading, letters: Uint16Array, k: number, budget: Budget): Int32Array {
  const { n, cand, ngrams } = reading;
  const counts = new Int32Array(k * n);
  let col = 0;
  for (let i = 0; i < letters.length; i++) {
    counts[col * n + (letters[i] as number)]!++;
    col = col + 1 === k ? 0 : col + 1;
  }
  const logp = Float64Array.from(cand, (s) => ngrams.uni[s] as number);
  const key = new Int32Array(k);
  const ll = new Float64Array(n);
  let work = letters.length;
  for (let j = 0; j < k; j++) {
    ll.fill(0);
    for (let c = 0; c < n; c++) {
      const f = counts[j * n + c] as number;
      if (!f) continue;
      // Under shift s the letter c reads as plaintext letter c − s.
      for (let s = 0; s <= c; s++) ll[s]! += f * (logp[c - s] as number);
      for (let s = c + 1; s < n; s++) ll[s]! += f * (logp[c - s + n] as number);
      work += n;
    }
    let best = 0;
    for (let s = 1; s < n; s++) if ((ll[s] as number) > (ll[best] as number)) best = s;
    key[j] = best;
  }
  budget.spent += UNIGRAM_COST * work;
  return key;
}

/** Whether two keys are the same, letter for letter. */
function sameKey(x: Int32Array, y: Int32Array): boolean {
  return x.length === y.length && x.every((v, i) => v === y[i]);
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
  /** Log-likelihood of its decryption, and that tempered less the key's cost. */
  ll: number;
  score: number;
}

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
  const { lengths, sample, finalLengths, beamWidth } = plan;
  const reading = readingOf(text, a, language, sample);
  const n = a.size;
  const T = reading.ngrams.temperature;
  const sampled = reading.tokens.letters;
  const beamable = (k: number): boolean =>
    beamWidth > 0 && sampled < BEAM_LETTERS_PER_KEY_LETTER * k && (plan.period === undefined || plan.period % k === 0);
  const score = (ll: number, k: number): number => ll / T - k * Math.log(n);
  /**
   * Runs `work` when the stage's allowance still holds `estimate` (and more than nothing), and charges what it
   * spent; `work` gets the spent count at which the allowance runs out, where its ascents stop.
   */
  const within = (stage: { left: number }, work: (limit: number) => void, estimate = 0): boolean => {
    if (stage.left <= 0 || stage.left < estimate) return false;
    const before = budget.spent;
    work(before + stage.left);
    stage.left -= budget.spent - before;
    return true;
  };

  // Of a length whose keys will be climbed under hidden breaks, the best BEAM_KEEP distinct keys its beams found:
  // the joined model is what ranks them, and there it often puts a wrong key above the true one.
  const alternatives = new Map<number, Rough[]>();
  const kept = (k: number): number => (plan.hiddenBreaks && scoredUnderHiddenBreaks(reading, k) ? BEAM_KEEP : 0);
  const beamSearch = (k: number, width: number, keep: number, limit: number): Rough => {
    const search = new KeySearch(reading, k, budget);
    const found: Rough[] = [];
    for (const start of search.beam(width, Math.max(keep, kept(k)))) {
      search.setKey(start);
      search.climb(undefined, limit);
      const ll = search.total();
      found.push({ k, key: Int32Array.from(search.key), ll, score: score(ll, k) });
    }
    if (kept(k) > 0) {
      const list = [...(alternatives.get(k) ?? []), ...found].sort((x, y) => y.score - x.score);
      alternatives.set(k, list.filter((r, i) => list.findIndex((x) => sameKey(x.key, r.key)) === i).slice(0, kept(k)));
    }
    const none: Rough = { k, key: new Int32Array(k), ll: Number.NEGATIVE_INFINITY, score: Number.NEGATIVE_INFINITY };
    return found.reduce((x, y) => (y.score > x.score ? y : x), none);
  };
  const cribWords = plan.cribWork > 0 && reading.words ? frequentWords(reading.model, CRIB_WORDS) : undefined;
  const cribbed = (k: number): boolean => sampled <= CRIB_LETTERS_PER_KEY_LETTER * k;
  const withCribs = (r: Rough): Rough => {
    if (!cribWords || !cribbed(r.k)) return r;
    const search = new KeySearch(reading, r.k, budget);
    search.setKey(r.key);
    const { key, ll } = improveByCribs(search, r.key, search.total(), cribWords, CRIB_TRIES);
    return { k: r.k, key, ll, score: score(ll, r.k) };
  };

  // 1. Every length first gets each column's best unigram shift, judged by the full model (a pass over the text).
  const rough = new Map<number, Rough>();
  const judged = (k: number, key: Int32Array): Rough => {
    const judge = new KeySearch(reading, k, budget);
    judge.setKey(key);
    const ll = judge.total();
    return { k, key: Int32Array.from(key), ll, score: score(ll, k) };
  };
  for (const k of lengths) rough.set(k, judged(k, unigramKey(reading, letters, k, budget)));
  // The text has revealed its key once a decryption is likelier as the language than as uniformly random letters
  // by more than choosing its key letters and its length could explain: random letters bring any of the n^k keys
  // of any length tried that far with probability under e^−REVEAL_MARGIN, whatever the search (Markov's inequality
  // on the likelihood ratio, summed over the keys). Then no other length is searched: a wrong length's decryption
  // reads as random letters, and the evidence for this one is already beyond doubt.
  const threshold = REVEAL_MARGIN + Math.log(lengths.length) - sampled * Math.log(n);
  let revealed = false;
  const check = (r: Rough): void => {
    if (r.ll >= threshold + r.k * Math.log(n)) revealed = true;
  };
  for (const r of rough.values()) check(r);
  const likeliest = (): Rough[] => [...rough.values()].sort((x, y) => y.score - x.score);

  // 2. Lengths whose key letters have many letters of text climb under the trigram guide, likeliest first, while
  // its allowance lasts; lengths with short columns get a beam search (3), and the guide where the beam does not.
  const guides = { left: plan.guideWork };
  const guided = (r: Rough): void => {
    within(guides, (limit) => {
      const guide = new KeySearch(reading, r.k, budget, true);
      guide.setKey(r.key);
      guide.climb(undefined, limit);
      const better = judged(r.k, guide.key);
      rough.set(r.k, better);
      check(better);
    });
  };
  for (const r of likeliest().filter((x) => !beamable(x.k))) if (!revealed) guided(r);

  // 3. Scout beams, the shortest lengths first (their key letters have the most letters of text each, so the
  // text can reveal them), as wide as the scouts' allowance can pay for on every one of them, at most
  // BEAM_SCOUT_WIDTH (JOINED_SCOUT_WIDTH for letters run together); what a unit of width costs is learnt as they
  // go. When the allowance cannot pay for one prefix on every length, the shortest get width 1 until it runs out.
  const beamed = lengths.filter(beamable).sort((x, y) => x - y);
  const scoutWidth = reading.tokens.joined ? JOINED_SCOUT_WIDTH : BEAM_SCOUT_WIDTH;
  const scouts = { left: plan.scoutWork };
  // A first guess at a unit of width: the beam's look-ups and one pass of the ascent after it.
  let perWidth = 2 * n * reading.ngrams.order * Math.max(1, sampled);
  const scoutWidths = new Map<number, number>();
  beamed.forEach((k, i) => {
    if (revealed) return;
    const width = Math.max(1, Math.min(scoutWidth, Math.floor(scouts.left / (perWidth * (beamed.length - i)))));
    const before = budget.spent;
    const ran = within(
      scouts,
      (limit) => {
        const better = beamSearch(k, width, 1, limit);
        rough.set(k, better);
        check(better);
      },
      width * perWidth,
    );
    if (!ran) return;
    perWidth = (budget.spent - before) / width;
    scoutWidths.set(k, width);
  });
  for (const r of likeliest().filter((x) => beamable(x.k) && !scoutWidths.has(x.k))) if (!revealed) guided(r);

  // 4. Crib moves can lift the true length above the rest, but each scans the word lists: the scouts' best
  // few lengths with short columns get them, within their allowance.
  // Lengths far behind the best are left alone: when the scouts have already found a key the text reveals,
  // searching the keys the text cannot reveal (a key letter with two or three letters of text) is wasted.
  const open = (r: Rough, best: number): boolean => r.score >= best - SEARCH_MARGIN;
  const cribs = { left: plan.cribWork };
  const scouted = likeliest();
  if (cribWords && !revealed)
    for (const r of scouted
      .filter((x) => scoutWidths.has(x.k) && cribbed(x.k) && open(x, (scouted[0] as Rough).score))
      .slice(0, CRIB_LENGTHS))
      within(cribs, () => rough.set(r.k, withCribs(r)));

  // 5. Wide beams, where a key letter has so few letters that a narrow beam often loses the key: as wide as the
  // allowance pays for, what a unit of width costs learnt as for the scouts.
  const cribbedAll = likeliest();
  const wide = revealed
    ? []
    : cribbedAll
        .filter(
          (r) =>
            scoutWidths.has(r.k) &&
            sampled <= WIDE_LETTERS_PER_KEY_LETTER * r.k &&
            open(r, (cribbedAll[0] as Rough).score),
        )
        .slice(0, WIDE_LENGTHS);
  const wideStage = { left: plan.wideWork };
  wide.forEach((r, i) => {
    const width = Math.min(beamWidth, Math.floor(wideStage.left / (perWidth * (wide.length - i))));
    if (width <= (scoutWidths.get(r.k) ?? 0)) return;
    const before = budget.spent;
    within(wideStage, (limit) => {
      const better = withCribs(beamSearch(r.k, width, BEAM_KEEP, limit));
      if (better.score > r.score) rough.set(r.k, better);
    });
    perWidth = (budget.spent - before) / width;
  });

  // 6. The likeliest lengths: the full model's ascent, then each scored. Lengths far behind the best cannot win,
  // and add nothing to the posterior.
  const ranked = likeliest();
  const top = (ranked[0] as Rough).score;
  const likeliestFinals = ranked.slice(0, finalLengths).filter((r) => r.score >= top - FINAL_MARGIN);
  // A short letters-only text: every final key is climbed again and scored with its word breaks summed over, the
  // likeliest length first; a length the allowance cannot pay for is left out (its likelihood would be of
  // another kind). The best is always climbed, until the allowance is spent. (Such a text has at most
  // HIDDEN_LETTERS_PER_KEY_LETTER letters a key letter, fewer than the final sample below reads: `polish` is
  // `reading` itself.)
  const hidden =
    plan.hiddenBreaks && scoredUnderHiddenBreaks(reading, (ranked[0] as Rough).k)
      ? { scorer: new HiddenBreaks(reading.model), T: reading.model.spaced.temperature, left: HIDDEN_WORK }
      : undefined;
  // The joined model ranks such a text's lengths poorly (a longer key's wrong decryption often reads likelier to
  // it than the true one): the HIDDEN_RANKED lengths whose keys read likeliest with the breaks summed over are
  // scored beside the likeliest, unless the text has revealed its key, or they trail the likeliest so read by
  // more than FINAL_MARGIN.
  const byHidden =
    hidden && !revealed
      ? rankUnderHiddenBreaks(
          reading,
          hidden.scorer,
          ranked
            .filter((r) => scoredUnderHiddenBreaks(reading, r.k))
            .map((r) => ({
              k: r.k,
              keys: [r.key, ...(alternatives.get(r.k) ?? []).map((x) => x.key).filter((x) => !sameKey(x, r.key))],
            })),
          budget,
          budget.spent + HIDDEN_RANK_WORK,
        )
      : [];
  const finals = [
    ...likeliestFinals,
    ...byHidden
      .filter((x) => x.score >= (byHidden[0]?.score ?? 0) - FINAL_MARGIN && !likeliestFinals.some((r) => r.k === x.k))
      .slice(0, HIDDEN_RANKED)
      .map((x) => rough.get(x.k) as Rough),
  ];
  // They are scored alike, on a prefix of FINAL_PER_KEY_LETTER letters per key letter of the longest: on a long
  // text the scouts have already found the key, and the full model's climb over all of it would cost the most.
  const finalSample = Math.max(MIN_SAMPLE_ANY_ALPHABET, FINAL_PER_KEY_LETTER * Math.max(...finals.map((r) => r.k)));
  const polish = finalSample < sampled ? readingOf(text, a, language, finalSample) : reading;
  // The best length is always scored; the others while the allowance pays for scoring one (the mass of nearby
  // keys reads every shift of every key letter: a pass over the text per letter of the alphabet).
  const finalStage = { left: plan.finalWork };
  const scoring = plan.spread ? n * polish.ngrams.order * polish.tokens.codes.length : polish.tokens.codes.length;
  const byLength = new Map<number, Evaluation>();
  const temperature = hidden ? hidden.T : T;
  const record = (e: Evaluation): void => {
    const old = byLength.get(e.length);
    if (!old || e.score > old.score) byLength.set(e.length, e);
  };
  // A key climbed under the hidden breaks, scored at their temperature. A climb that ends on a repetition of a shorter
  // key has found that key (its spread is of the longer).
  const recordHidden = (p: Polished, T: number): void => {
    const found = period(p.key);
    const spread = plan.spread ? p.spread : 0;
    const length = found.length;
    record({ length, key: found, ll: p.ll, spread, score: p.ll / T + spread - length * Math.log(n) });
  };
  const evaluate = (r: Rough, limit: number): void => {
    let search = new KeySearch(polish, r.k, budget);
    search.setKey(r.key);
    search.climb(undefined, limit - scoring);
    let key = period(search.key);
    while (key.length < search.k) {
      // A key that repeats a shorter one is that shorter key: refit it at its own length.
      search = new KeySearch(polish, key.length, budget);
      search.setKey(key);
      search.climb(undefined, limit - scoring);
      key = period(search.key);
    }
    if (hidden) {
      if (hidden.left <= 0 && byLength.size > 0) return;
      const before = budget.spent;
      const limit = before + hidden.left;
      // The joined climb's key searched, and the beams' other keys climbed, under the hidden breaks.
      const climbed: Polished[] = [searchHidden(polish, hidden.scorer, key, hidden.T, budget, limit)];
      for (const other of alternatives.get(r.k) ?? [])
        if (!sameKey(other.key, key))
          climbed.push(polishHidden(polish, hidden.scorer, other.key, hidden.T, budget, limit));
      hidden.left -= budget.spent - before;
      for (const p of climbed) recordHidden(p, hidden.T);
      return;
    }
    const ll = search.total();
    const spread = plan.spread ? search.spread(T) : 0;
    record({ length: key.length, key, ll, spread, score: ll / T + spread - key.length * Math.log(n) });
  };
  finals.forEach((r, i) => {
    // The best length is scored even when the allowance cannot pay for it: the answer needs it.
    if (i > 0 && finalStage.left < scoring) return;
    const before = budget.spent;
    const hiddenBefore = hidden?.left ?? 0;
    evaluate(r, before + Math.max(finalStage.left, scoring));
    // What the hidden-break climb spent is its own allowance's.
    finalStage.left -= budget.spent - before - (hiddenBefore - (hidden?.left ?? 0));
  });
  // 7. The best key of such a text, its edges and then windows inside it searched again (edgeWindows, insideWindows),
  // each within its own allowance.
  if (hidden) {
    const winner = [...byLength.values()].reduce((x, y) => (y.score > x.score ? y : x));
    const start = { key: winner.key, ll: winner.ll, spread: winner.spread };
    const { scorer } = hidden;
    const windows = edgeWindows(polish, start.key.length);
    const edges = searchWindows(polish, scorer, start, windows, hidden.T, budget, budget.spent + EDGE_WORK);
    const inside = insideWindows(polish, edges);
    const p = searchWindows(polish, scorer, edges, inside, hidden.T, budget, budget.spent + WINDOW_WORK);
    if (p !== start) recordHidden(p, hidden.T);
  }
  const evaluations = [...byLength.values()];
  const best = evaluations.reduce((x, y) => (y.score > x.score ? y : x));
  return { language, evaluations, best, scoredLetters: polish.tokens.letters, temperature };
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
