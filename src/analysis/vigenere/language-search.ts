// The seven stages of one language's key search (fitLanguage in search.ts runs them in order), and what they share.
import type { Alphabet } from '../../core/index.js';
import type { Language } from '../language-model/index.js';
import { HiddenBreaks } from '../readings/index.js';
import { type FrequentWords, frequentWords } from '../words/index.js';
import {
  edgeWindows,
  insideWindows,
  type Polished,
  polishHidden,
  rankUnderHiddenBreaks,
  scoredUnderHiddenBreaks,
  searchHidden,
  searchWindows,
} from './hidden-search.js';
import { type Budget, KeySearch } from './key-search.js';
import type { SearchPlan } from './plan.js';
import { type Reading, readingOf } from './reading.js';
import { type Evaluation, improveByCribs, period, type Rough, sameKey, unigramKey } from './search-steps.js';
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
  WIDE_LENGTHS,
  WIDE_LETTERS_PER_KEY_LETTER,
  WINDOW_WORK,
} from './tuning.js';

/** The hidden-break scoring of a short letters-only text: its scorer, temperature and allowance of work. */
interface Hidden {
  scorer: HiddenBreaks;
  T: number;
  left: number;
}

/** A stage's allowance of work: what is left of it. */
interface Stage {
  left: number;
}

/**
 * The state one language's search carries from stage to stage: the sampled reading, each length's best key so far
 * (rough), whether the text has revealed its key, what a unit of beam width costs, and the final scores by length.
 * Each stage spends from its own allowance of work (see docs/solver.md, "Budgets").
 */
export class LanguageSearch {
  readonly reading: Reading;
  private readonly n: number;
  readonly T: number;
  private readonly sampled: number;
  /**
   * Of a length whose keys will be climbed under hidden breaks, the best BEAM_KEEP distinct keys its beams found:
   * the joined model is what ranks them, and there it often puts a wrong key above the true one.
   */
  private readonly alternatives = new Map<number, Rough[]>();
  private readonly cribWords: FrequentWords | undefined;
  private readonly rough = new Map<number, Rough>();
  private threshold = 0;
  private revealed = false;
  private perWidth = 0;
  private readonly scoutWidths = new Map<number, number>();
  hidden: Hidden | undefined;
  polish: Reading;
  /** The budget's count at which the plan's allowance is spent. */
  private readonly ceiling: number;
  readonly byLength = new Map<number, Evaluation>();

  constructor(
    private readonly text: string,
    private readonly a: Alphabet,
    private readonly language: Language,
    private readonly letters: Uint16Array,
    private readonly plan: SearchPlan,
    private readonly budget: Budget,
  ) {
    this.reading = readingOf(text, a, language, plan.sample);
    this.n = a.size;
    this.T = this.reading.ngrams.temperature;
    this.sampled = this.reading.tokens.letters;
    this.cribWords =
      plan.cribWork > 0 && this.reading.words ? frequentWords(this.reading.model, CRIB_WORDS) : undefined;
    this.polish = this.reading;
    this.ceiling = budget.spent + plan.allowance;
  }

  private beamable(k: number): boolean {
    const { beamWidth } = this.plan;
    return (
      beamWidth > 0 &&
      this.sampled < BEAM_LETTERS_PER_KEY_LETTER * k &&
      (this.plan.period === undefined || this.plan.period % k === 0)
    );
  }

  private score(ll: number, k: number): number {
    return ll / this.T - k * Math.log(this.n);
  }

  /**
   * Runs `work` when the stage's allowance still holds `estimate` (and more than nothing), and charges what it
   * spent; `work` gets the spent count at which the allowance runs out, where its ascents stop.
   */
  private within(stage: Stage, work: (limit: number) => void, estimate = 0): boolean {
    const left = this.left(stage.left);
    if (left <= 0 || left < estimate) return false;
    const before = this.budget.spent;
    work(before + left);
    stage.left -= this.budget.spent - before;
    return true;
  }

  /** What a stage with `left` look-ups of its own may spend now: no more than what remains of the plan's allowance. */
  private left(left: number): number {
    return Math.min(left, this.ceiling - this.budget.spent);
  }

  private kept(k: number): number {
    return this.plan.hiddenBreaks && scoredUnderHiddenBreaks(this.reading, k) ? BEAM_KEEP : 0;
  }

  private beamSearch(k: number, width: number, keep: number, limit: number): Rough {
    const search = new KeySearch(this.reading, k, this.budget);
    const found: Rough[] = [];
    for (const start of search.beam(width, Math.max(keep, this.kept(k)))) {
      search.setKey(start);
      search.climb(undefined, limit);
      const ll = search.total();
      found.push({ k, key: Int32Array.from(search.key), ll, score: this.score(ll, k) });
    }
    if (this.kept(k) > 0) {
      const list = [...(this.alternatives.get(k) ?? []), ...found].sort((x, y) => y.score - x.score);
      this.alternatives.set(
        k,
        list.filter((r, i) => list.findIndex((x) => sameKey(x.key, r.key)) === i).slice(0, this.kept(k)),
      );
    }
    const none: Rough = { k, key: new Int32Array(k), ll: Number.NEGATIVE_INFINITY, score: Number.NEGATIVE_INFINITY };
    return found.reduce((x, y) => (y.score > x.score ? y : x), none);
  }

  private cribbed(k: number): boolean {
    return this.sampled <= CRIB_LETTERS_PER_KEY_LETTER * k;
  }

  private withCribs(r: Rough): Rough {
    if (!this.cribWords || !this.cribbed(r.k)) return r;
    const search = new KeySearch(this.reading, r.k, this.budget);
    search.setKey(r.key);
    const { key, ll } = improveByCribs(search, r.key, search.total(), this.cribWords, CRIB_TRIES);
    return { k: r.k, key, ll, score: this.score(ll, r.k) };
  }

  private judged(k: number, key: Int32Array): Rough {
    const judge = new KeySearch(this.reading, k, this.budget);
    judge.setKey(key);
    const ll = judge.total();
    return { k, key: Int32Array.from(key), ll, score: this.score(ll, k) };
  }

  private check(r: Rough): void {
    if (r.ll >= this.threshold + r.k * Math.log(this.n)) this.revealed = true;
  }

  private likeliest(): Rough[] {
    return [...this.rough.values()].sort((x, y) => y.score - x.score);
  }

  /** 1. Every length first gets each column's best unigram shift, judged by the full model (a pass over the text). */
  unigrams(): void {
    const { lengths } = this.plan;
    for (const k of lengths) this.rough.set(k, this.judged(k, unigramKey(this.reading, this.letters, k, this.budget)));
    // The text has revealed its key once a decryption is likelier as the language than as uniformly random letters
    // by more than choosing its key letters and its length could explain: random letters bring any of the n^k keys
    // of any length tried that far with probability under e^−REVEAL_MARGIN, whatever the search (Markov's inequality
    // on the likelihood ratio, summed over the keys). Then no other length is searched: a wrong length's decryption
    // reads as random letters, and the evidence for this one is already beyond doubt.
    this.threshold = REVEAL_MARGIN + Math.log(lengths.length) - this.sampled * Math.log(this.n);
    for (const r of this.rough.values()) this.check(r);
  }

  private guided(guides: Stage, r: Rough): void {
    this.within(guides, (limit) => {
      const guide = new KeySearch(this.reading, r.k, this.budget, true);
      guide.setKey(r.key);
      guide.climb(undefined, limit);
      const better = this.judged(r.k, guide.key);
      this.rough.set(r.k, better);
      this.check(better);
    });
  }

  /**
   * 2. Lengths whose key letters have many letters of text climb under the trigram guide, likeliest first, while
   * its allowance lasts; lengths with short columns get a beam search (3), and the guide where the beam does not.
   * Returns the guides' allowance, which stage 3 goes on spending.
   */
  guides(): Stage {
    const guides = { left: this.plan.guideWork };
    for (const r of this.likeliest().filter((x) => !this.beamable(x.k))) if (!this.revealed) this.guided(guides, r);
    return guides;
  }

  /**
   * 3. Scout beams, the shortest lengths first (their key letters have the most letters of text each, so the
   * text can reveal them), as wide as the scouts' allowance can pay for on every one of them, at most
   * BEAM_SCOUT_WIDTH (JOINED_SCOUT_WIDTH for letters run together); what a unit of width costs is learnt as they
   * go. When the allowance cannot pay for one prefix on every length, the shortest get width 1 until it runs out.
   */
  scouts(guides: Stage): void {
    const beamed = this.plan.lengths.filter((k) => this.beamable(k)).sort((x, y) => x - y);
    const scoutWidth = this.reading.tokens.joined ? JOINED_SCOUT_WIDTH : BEAM_SCOUT_WIDTH;
    const scouts = { left: this.plan.scoutWork };
    // A first guess at a unit of width: the beam's look-ups and one pass of the ascent after it.
    this.perWidth = 2 * this.n * this.reading.ngrams.order * Math.max(1, this.sampled);
    beamed.forEach((k, i) => {
      if (this.revealed) return;
      const width = Math.max(1, Math.min(scoutWidth, Math.floor(scouts.left / (this.perWidth * (beamed.length - i)))));
      const before = this.budget.spent;
      const ran = this.within(
        scouts,
        (limit) => {
          const better = this.beamSearch(k, width, 1, limit);
          this.rough.set(k, better);
          this.check(better);
        },
        width * this.perWidth,
      );
      if (!ran) return;
      this.perWidth = (this.budget.spent - before) / width;
      this.scoutWidths.set(k, width);
    });
    for (const r of this.likeliest().filter((x) => this.beamable(x.k) && !this.scoutWidths.has(x.k)))
      if (!this.revealed) this.guided(guides, r);
  }

  private open(r: Rough, best: number): boolean {
    return r.score >= best - SEARCH_MARGIN;
  }

  /**
   * 4. Crib moves can lift the true length above the rest, but each scans the word lists: the scouts' best
   * few lengths with short columns get them, within their allowance.
   * Lengths far behind the best are left alone: when the scouts have already found a key the text reveals,
   * searching the keys the text cannot reveal (a key letter with two or three letters of text) is wasted.
   */
  cribs(): void {
    const cribs = { left: this.plan.cribWork };
    const scouted = this.likeliest();
    if (this.cribWords && !this.revealed)
      for (const r of scouted
        .filter((x) => this.scoutWidths.has(x.k) && this.cribbed(x.k) && this.open(x, (scouted[0] as Rough).score))
        .slice(0, CRIB_LENGTHS))
        this.within(cribs, () => this.rough.set(r.k, this.withCribs(r)));
  }

  /**
   * 5. Wide beams, where a key letter has so few letters that a narrow beam often loses the key: as wide as the
   * allowance pays for, what a unit of width costs learnt as for the scouts.
   */
  wideBeams(): void {
    const cribbedAll = this.likeliest();
    const wide = this.revealed
      ? []
      : cribbedAll
          .filter(
            (r) =>
              this.scoutWidths.has(r.k) &&
              this.sampled <= WIDE_LETTERS_PER_KEY_LETTER * r.k &&
              this.open(r, (cribbedAll[0] as Rough).score),
          )
          .slice(0, WIDE_LENGTHS);
    const wideStage = { left: this.plan.wideWork };
    wide.forEach((r, i) => {
      const width = Math.min(this.plan.beamWidth, Math.floor(wideStage.left / (this.perWidth * (wide.length - i))));
      if (width <= (this.scoutWidths.get(r.k) ?? 0)) return;
      const before = this.budget.spent;
      this.within(wideStage, (limit) => {
        const better = this.withCribs(this.beamSearch(r.k, width, BEAM_KEEP, limit));
        if (better.score > r.score) this.rough.set(r.k, better);
      });
      this.perWidth = (this.budget.spent - before) / width;
    });
  }

  /**
   * 6a. The likeliest lengths, the full model's ascent and scoring to come (6b). Lengths far behind the best cannot
   * win, and add nothing to the posterior.
   */
  finals(): Rough[] {
    const ranked = this.likeliest();
    const top = (ranked[0] as Rough).score;
    const likeliestFinals = ranked.slice(0, this.plan.finalLengths).filter((r) => r.score >= top - FINAL_MARGIN);
    // A short letters-only text: every final key is climbed again and scored with its word breaks summed over, the
    // likeliest length first; a length the allowance cannot pay for is left out (its likelihood would be of
    // another kind). The best is always climbed, until the allowance is spent. (Such a text has at most
    // HIDDEN_LETTERS_PER_KEY_LETTER letters a key letter, fewer than the final sample below reads: `polish` is
    // `reading` itself.)
    this.hidden =
      this.plan.hiddenBreaks && scoredUnderHiddenBreaks(this.reading, (ranked[0] as Rough).k)
        ? { scorer: new HiddenBreaks(this.reading.model), T: this.reading.model.spaced.temperature, left: HIDDEN_WORK }
        : undefined;
    const byHidden = this.rankedByHidden(ranked);
    return [
      ...likeliestFinals,
      ...byHidden
        .filter((x) => x.score >= (byHidden[0]?.score ?? 0) - FINAL_MARGIN && !likeliestFinals.some((r) => r.k === x.k))
        .slice(0, HIDDEN_RANKED)
        .map((x) => this.rough.get(x.k) as Rough),
    ];
  }

  /**
   * The joined model ranks such a text's lengths poorly (a longer key's wrong decryption often reads likelier to
   * it than the true one): the HIDDEN_RANKED lengths whose keys read likeliest with the breaks summed over are
   * scored beside the likeliest, unless the text has revealed its key, or they trail the likeliest so read by
   * more than FINAL_MARGIN.
   */
  private rankedByHidden(ranked: Rough[]): { k: number; score: number }[] {
    const { hidden, reading, budget } = this;
    return hidden && !this.revealed
      ? rankUnderHiddenBreaks(
          reading,
          hidden.scorer,
          ranked
            .filter((r) => scoredUnderHiddenBreaks(reading, r.k))
            .map((r) => ({
              k: r.k,
              keys: [r.key, ...(this.alternatives.get(r.k) ?? []).map((x) => x.key).filter((x) => !sameKey(x, r.key))],
            })),
          budget,
          budget.spent + this.left(HIDDEN_RANK_WORK),
        )
      : [];
  }

  /**
   * 6b. The final lengths climbed and scored alike, on a prefix of FINAL_PER_KEY_LETTER letters per key letter of
   * the longest: on a long text the scouts have already found the key, and the full model's climb over all of it
   * would cost the most.
   */
  scoreFinals(finals: Rough[]): void {
    const finalSample = Math.max(MIN_SAMPLE_ANY_ALPHABET, FINAL_PER_KEY_LETTER * Math.max(...finals.map((r) => r.k)));
    this.polish = finalSample < this.sampled ? readingOf(this.text, this.a, this.language, finalSample) : this.reading;
    const { polish, budget, hidden } = this;
    // The best length is always scored; the others while the allowance pays for scoring one (the mass of nearby
    // keys reads every shift of every key letter: a pass over the text per letter of the alphabet).
    const finalStage = { left: this.plan.finalWork };
    const scoring = this.plan.spread
      ? this.n * polish.ngrams.order * polish.tokens.codes.length
      : polish.tokens.codes.length;
    finals.forEach((r, i) => {
      // The best length is scored even when the allowance cannot pay for it: the answer needs it.
      if (i > 0 && this.left(finalStage.left) < scoring) return;
      const before = budget.spent;
      const hiddenBefore = hidden?.left ?? 0;
      this.evaluate(r, before + Math.max(this.left(finalStage.left), scoring), scoring);
      // What the hidden-break climb spent is its own allowance's.
      finalStage.left -= budget.spent - before - (hiddenBefore - (hidden?.left ?? 0));
    });
  }

  private record(e: Evaluation): void {
    const old = this.byLength.get(e.length);
    if (!old || e.score > old.score) this.byLength.set(e.length, e);
  }

  /**
   * A key climbed under the hidden breaks, scored at their temperature. A climb that ends on a repetition of a shorter
   * key has found that key (its spread is of the longer).
   */
  private recordHidden(p: Polished, T: number): void {
    const found = period(p.key);
    const spread = this.plan.spread ? p.spread : 0;
    const length = found.length;
    this.record({ length, key: found, ll: p.ll, spread, score: p.ll / T + spread - length * Math.log(this.n) });
  }

  private evaluate(r: Rough, limit: number, scoring: number): void {
    const { polish, budget, hidden, T, n } = this;
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
      this.evaluateHidden(r, key, hidden);
      return;
    }
    const ll = search.total();
    const spread = this.plan.spread ? search.spread(T) : 0;
    this.record({ length: key.length, key, ll, spread, score: ll / T + spread - key.length * Math.log(n) });
  }

  /** The joined climb's key searched, and the beams' other keys climbed, under the hidden breaks. */
  private evaluateHidden(r: Rough, key: Int32Array, hidden: Hidden): void {
    const { polish, budget } = this;
    if (this.left(hidden.left) <= 0 && this.byLength.size > 0) return;
    const before = budget.spent;
    const limit = before + Math.max(0, this.left(hidden.left));
    const climbed: Polished[] = [searchHidden(polish, hidden.scorer, key, hidden.T, budget, limit)];
    for (const other of this.alternatives.get(r.k) ?? [])
      if (!sameKey(other.key, key))
        climbed.push(polishHidden(polish, hidden.scorer, other.key, hidden.T, budget, limit));
    hidden.left -= budget.spent - before;
    for (const p of climbed) this.recordHidden(p, hidden.T);
  }

  /**
   * 7. The best key of such a text, its edges and then windows inside it searched again (edgeWindows, insideWindows),
   * each within its own allowance.
   */
  windows(): void {
    const { hidden, polish, budget } = this;
    if (!hidden) return;
    const winner = [...this.byLength.values()].reduce((x, y) => (y.score > x.score ? y : x));
    const start = { key: winner.key, ll: winner.ll, spread: winner.spread };
    const { scorer } = hidden;
    const windows = edgeWindows(polish, start.key.length);
    const edges = searchWindows(polish, scorer, start, windows, hidden.T, budget, budget.spent + this.left(EDGE_WORK));
    const inside = insideWindows(polish, edges);
    const p = searchWindows(polish, scorer, edges, inside, hidden.T, budget, budget.spent + this.left(WINDOW_WORK));
    if (p !== start) this.recordHidden(p, hidden.T);
  }
}
