// The decryption under one key, kept up to date as key letters move: ascent, crib and beam moves.
import { logSumExp } from '../scoring/index.js';
import type { FrequentWords } from '../words/index.js';
import { keyLayout } from './key-layout.js';
import type { Reading } from './reading.js';
import { CRIB_CHECK_COST, FAST_COST, NEW_WORD_COST, SETUP_COST, WORD_COST } from './tuning.js';

/** Shared by the searches of one analysis: the work they have spent, in model look-ups (other steps weighed by tuning.ts). */
export interface Budget {
  spent: number;
}

/**
 * The decryption under one key of length k, kept up to date as key letters change. Only the n-grams
 * that hold a letter of a column change with its shift, so moving one key letter re-scores only them.
 */
export class KeySearch {
  readonly k: number;
  readonly key: Int32Array;
  private readonly reading: Reading;
  private readonly N: number;
  private readonly S: number;
  private readonly syms: Int32Array;
  private readonly places: Int32Array[];
  private readonly codes: Int32Array[];
  /** Per column, the positions (in syms) of the last symbol of every n-gram that holds one of its letters. */
  private readonly ends: Int32Array[];
  /** locals[j·n + s]: log-likelihood of column j's n-grams with key letter j at s, the others as they are. */
  readonly locals: Float64Array;
  private readonly budget: Budget;
  /** Scores with the plain trigram table instead of the full model: cruder, many times faster. */
  private readonly fast: boolean;
  /** The model's plain tables of orders 1…3, read once (the model computes them on first use). */
  private readonly plain: readonly Float64Array[];
  /** Words (runs between boundaries holding a key-moved letter): their span in syms, and if cut by the end. */
  private readonly wordFrom: Int32Array;
  private readonly wordTo: Int32Array;
  private readonly wordCut: Uint8Array;
  /** The listed word right before each word (−1 for none), whose letters a follower's score also reads. */
  private readonly wordPrev: Int32Array;
  /** Per word, its case class inside its sentence (CASE_NONE for no evidence), and its joins (Tokens.joinAt). */
  private readonly wordCase: Int8Array;
  private readonly wordJoins: Int8Array;
  /** Per column, the words whose score reads one of its letters (a follower reads the word before it too); and
   * the words whose own letters that column completes (in key order). */
  private readonly wordsOf: Int32Array[];
  private readonly wordsDoneAt: Int32Array[];
  /** Per column, the words read as followers whose pair of words it completes (in key order). */
  private readonly followersDoneAt: Int32Array[];
  private readonly allWords: Int32Array;
  /** Per position in syms: the column of a key-moved letter (−1 for a fixed symbol), and its cipher code. */
  private readonly columnAt: Int32Array;
  private readonly codeAt: Int32Array;
  /**
   * Per column, computed on first use, each shift's twin: the first shift that puts the same model symbols in
   * every one of the column's places, so reads exactly alike and is scored once. Only where the model reads
   * several letters as one symbol (a custom alphabet's letters the model does not know are all its "other"
   * symbol): over 256 such letters most shifts of a short column are twins. Undefined for an alphabet without.
   */
  private readonly twins: (Int32Array | undefined)[] | undefined;

  /** twins: false scores every shift, twin or not (the tests compare). */
  constructor(reading: Reading, k: number, budget: Budget, fast = false, twins = true) {
    const { model, ngrams, n } = reading;
    this.reading = reading;
    this.k = k;
    this.budget = budget;
    this.fast = fast;
    this.plain = ngrams.short;
    this.N = fast ? 3 : ngrams.order;
    this.S = model.symbolCount;
    this.key = new Int32Array(k);
    this.locals = new Float64Array(k * n);
    const layout = keyLayout(reading, k, this.N, fast);
    this.syms = layout.syms;
    this.columnAt = layout.columnAt;
    this.codeAt = layout.codeAt;
    this.places = layout.places;
    this.codes = layout.codes;
    this.ends = layout.ends;
    this.wordFrom = layout.wordFrom;
    this.wordTo = layout.wordTo;
    this.wordCut = layout.wordCut;
    this.wordPrev = layout.wordPrev;
    this.wordCase = layout.wordCase;
    this.wordJoins = layout.wordJoins;
    this.allWords = layout.allWords;
    this.wordsOf = layout.wordsOf;
    this.wordsDoneAt = layout.wordsDoneAt;
    this.followersDoneAt = layout.followersDoneAt;
    this.twins = twins && reading.plainOf.includes(-2) ? new Array(k) : undefined;
    for (let j = 0; j < k; j++) this.setColumn(j, 0);
    budget.spent += SETUP_COST * this.syms.length;
  }

  /** Column j's twin shifts (see twins), or undefined when no two shifts read alike. */
  private twinsOf(j: number): Int32Array | undefined {
    if (!this.twins) return undefined;
    const known = this.twins[j];
    if (known) return known;
    const { cand, n } = this.reading;
    const cs = this.codes[j] as Int32Array;
    const symbolAt = (i: number, s: number): number => {
      const p = (cs[i] as number) - s;
      return cand[p < 0 ? p + n : p] as number;
    };
    // A hash of each shift's symbols finds the candidates; a twin is confirmed symbol by symbol.
    const out = new Int32Array(n);
    const seen = new Map<number, number[]>();
    for (let s = 0; s < n; s++) {
      let h = 0;
      for (let i = 0; i < cs.length; i++) h = Math.imul(h ^ symbolAt(i, s), 0x01000193);
      const earlier = seen.get(h) ?? [];
      const twin = earlier.find((t) => {
        for (let i = 0; i < cs.length; i++) if (symbolAt(i, s) !== symbolAt(i, t)) return false;
        return true;
      });
      if (twin === undefined) seen.set(h, [...earlier, s]);
      out[s] = twin ?? s;
    }
    this.twins[j] = out;
    return out;
  }

  /**
   * Charges what scoring a twin would have cost (sumAt or partialSum, then wordSum over each list of words, none
   * of them new), so that the searches' budgets, and so their results, do not depend on which shifts are
   * twins: twins only save the time.
   */
  private chargeTwin(symbolsCost: number, ...words: Int32Array[]): void {
    // The same additions in the same order as scoring makes them: the count is a float (FAST_COST).
    this.budget.spent += symbolsCost;
    const bonus = this.reading.words;
    for (const ws of words) if (bonus && ws.length > 0) this.budget.spent += WORD_COST * ws.length;
  }

  /**
   * Summed word bonus of the given words, as the key now reads them: in full, or (for the beam, which
   * meets a word before the word ahead of it is read) each word alone, or what reading it as the
   * follower of the word before adds to that.
   */
  private wordSum(ws: Int32Array, part: 'full' | 'alone' | 'follower' = 'full'): number {
    const bonus = this.reading.words;
    if (!bonus || ws.length === 0) return 0;
    let sum = 0;
    const met = bonus.size;
    for (let i = 0; i < ws.length; i++) {
      const w = ws[i] as number;
      const id = bonus.wordId(this.syms, this.wordFrom[w] as number, this.wordTo[w] as number, this.wordCut[w] === 1);
      const p = part === 'alone' ? -1 : (this.wordPrev[w] as number);
      sum +=
        p < 0 ? bonus.alone(id) : bonus.follower(id, this.syms, this.wordFrom[p] as number, this.wordTo[p] as number);
      if (part === 'follower') sum -= bonus.alone(id);
      else sum += bonus.markScore(id, this.wordCase[w] as number, this.wordJoins[w] as number);
    }
    this.budget.spent += WORD_COST * ws.length + NEW_WORD_COST * (bonus.size - met);
    return sum;
  }

  setColumn(j: number, s: number): void {
    const { cand, n } = this.reading;
    const at = this.places[j] as Int32Array;
    const cs = this.codes[j] as Int32Array;
    for (let i = 0; i < at.length; i++) {
      const p = (cs[i] as number) - s;
      this.syms[at[i] as number] = cand[p < 0 ? p + n : p] as number;
    }
    this.key[j] = s;
  }

  setKey(key: ArrayLike<number>): void {
    for (let j = 0; j < this.k; j++) this.setColumn(j, key[j] as number);
  }

  /** Sum of ln P over the n-grams ending at the given positions. */
  private sumAt(es: Int32Array): number {
    const { syms, N, S } = this;
    const lp = this.reading.ngrams;
    let sum = 0;
    if (this.fast) {
      const tri = this.plain[3] as Float64Array;
      for (let i = 0; i < es.length; i++) {
        const e = es[i] as number;
        sum += tri[((syms[e - 2] as number) * S + (syms[e - 1] as number)) * S + (syms[e] as number)] as number;
      }
      this.budget.spent += FAST_COST * es.length;
      return sum;
    }
    for (let i = 0; i < es.length; i++) {
      const e = es[i] as number;
      let ctx = 0;
      for (let r = e - N + 1; r < e; r++) ctx = ctx * S + (syms[r] as number);
      sum += lp.logProb(ctx, syms[e] as number);
    }
    this.budget.spent += es.length;
    return sum;
  }

  /** Fills locals for column j: its n-grams' log-likelihood under every shift, the rest held fixed. */
  evaluate(j: number): void {
    const n = this.reading.n;
    const keep = this.key[j] as number;
    const es = this.ends[j] as Int32Array;
    const ws = this.wordsOf[j] as Int32Array;
    const twins = this.twinsOf(j);
    for (let s = 0; s < n; s++) {
      const twin = twins ? (twins[s] as number) : s;
      if (twin !== s) {
        this.locals[j * n + s] = this.locals[j * n + twin] as number;
        this.chargeTwin(this.fast ? FAST_COST * es.length : es.length, ws);
        continue;
      }
      this.setColumn(j, s);
      this.locals[j * n + s] = this.sumAt(es) + this.wordSum(ws);
    }
    this.setColumn(j, keep);
  }

  /** Log-likelihood of the whole decryption. */
  total(): number {
    const { syms, N, S } = this;
    const lp = this.reading.ngrams;
    let sum = 0;
    for (let e = N - 1; e < syms.length; e++) {
      let ctx = 0;
      for (let r = e - N + 1; r < e; r++) ctx = ctx * S + (syms[r] as number);
      sum += lp.logProb(ctx, syms[e] as number);
    }
    this.budget.spent += syms.length;
    return sum + this.wordSum(this.allWords);
  }

  /**
   * Coordinate ascent: each key letter in turn takes the shift that maximises the likelihood, the
   * others held fixed, until none improves. A column is revisited only when a letter close enough to
   * share an n-gram with it has changed. Stops early once the budget's spent count reaches `limit`.
   */
  climb(dirty = new Uint8Array(this.k).fill(1), limit = Number.POSITIVE_INFINITY, maxPasses = 12): void {
    const { k } = this;
    const n = this.reading.n;
    for (let pass = 0; pass < maxPasses && dirty.includes(1); pass++) {
      for (let j = 0; j < k; j++) {
        if (!dirty[j]) continue;
        if (this.budget.spent >= limit) return;
        dirty[j] = 0;
        this.evaluate(j);
        // Only a strictly better shift moves a key letter, so ties cannot make the search cycle.
        let best = this.key[j] as number;
        for (let s = 0; s < n; s++)
          if ((this.locals[j * n + s] as number) > (this.locals[j * n + best] as number)) best = s;
        if (best !== this.key[j]) {
          this.setColumn(j, best);
          this.markNeighbours(dirty, j);
        }
      }
    }
  }

  private union(...lists: Int32Array[]): Int32Array {
    const all = new Set<number>();
    for (const l of lists) for (const x of l) all.add(x);
    return Int32Array.from(all);
  }

  /**
   * Crib moves: every listed word of the right length tried in every whole word of the text, each
   * setting the key letters that would decipher it so; scored on the n-grams and words those letters
   * reach, the rest of the key as it is. Returns the `keep` best as (columns, shifts) pairs, best first.
   * One move sets several key letters at once, so it reaches keys that single-letter moves cannot.
   */
  wordMoves(words: FrequentWords, keep: number): WordMove[] {
    const { k, syms, columnAt, codeAt } = this;
    const { plainOf, n } = this.reading;
    const moves: WordMove[] = [];
    const shifts = new Int32Array(k);
    const set = new Int32Array(k);
    let stamp = 0;
    for (let w = 0; w < this.wordFrom.length; w++) {
      if (this.wordCut[w] === 1) continue;
      const from = this.wordFrom[w] as number;
      const m = (this.wordTo[w] as number) - from;
      const list = words.lists[m];
      if (!list) continue;
      const cols = [...new Set(Array.from(columnAt.subarray(from, from + m)).filter((c) => c >= 0))];
      const es = this.union(...cols.map((c) => this.ends[c] as Int32Array));
      const ws = this.union(...cols.map((c) => this.wordsOf[c] as Int32Array));
      const saved = cols.map((c) => this.key[c] as number);
      // Checking whether a listed word fits costs about half a look-up per letter (measured).
      this.budget.spent += CRIB_CHECK_COST * list.length;
      const base = this.sumAt(es) + this.wordSum(ws);
      for (let at = 0; at < list.length; at += m) {
        stamp++;
        let fits = true;
        for (let i = 0; i < m && fits; i++) {
          const p = from + i;
          const x = list[at + i] as number;
          const c = columnAt[p] as number;
          if (c < 0) {
            fits = syms[p] === x;
            continue;
          }
          const plain = x >= 0 ? (plainOf[x] as number) : -1;
          if (plain < 0) {
            fits = false;
            continue;
          }
          let shift = (codeAt[p] as number) - plain;
          if (shift < 0) shift += n;
          if (set[c] === stamp) fits = shifts[c] === shift;
          else {
            set[c] = stamp;
            shifts[c] = shift;
          }
        }
        if (!fits) continue;
        let same = true;
        cols.forEach((c, i) => {
          if (shifts[c] !== saved[i]) same = false;
          this.setColumn(c, shifts[c] as number);
        });
        if (same) continue;
        const gain = this.sumAt(es) + this.wordSum(ws) - base;
        // Only the best `keep` are kept, in order: most candidates never allocate.
        if (moves.length === keep && gain <= (moves[keep - 1] as WordMove).gain) continue;
        let i = moves.length;
        while (i > 0 && (moves[i - 1] as WordMove).gain < gain) i--;
        moves.splice(i, 0, {
          columns: Int32Array.from(cols),
          shifts: Int32Array.from(cols, (c) => shifts[c] as number),
          gain,
        });
        if (moves.length > keep) moves.pop();
      }
      cols.forEach((c, i) => {
        this.setColumn(c, saved[i] as number);
      });
    }
    return moves;
  }

  /**
   * ln P of the symbol at e given as much of its context as is known (letters of columns not yet
   * chosen are −1): the full model with a whole context, the plain model of the right order otherwise.
   */
  private partialAt(e: number): number {
    const { syms, N, S } = this;
    const x = syms[e] as number;
    if (x < 0) return 0;
    let known = 0;
    while (known < N - 1 && (syms[e - 1 - known] as number) >= 0) known++;
    const lp = this.reading.ngrams;
    if (known === N - 1) {
      let ctx = 0;
      for (let r = e - N + 1; r < e; r++) ctx = ctx * S + (syms[r] as number);
      return lp.logProb(ctx, x);
    }
    const order = Math.min(known + 1, 3);
    let ctx = 0;
    for (let r = e - order + 1; r < e; r++) ctx = ctx * S + (syms[r] as number);
    return (this.plain[order] as Float64Array)[ctx * S + x] as number;
  }

  private partialSum(es: Int32Array): number {
    let sum = 0;
    for (let i = 0; i < es.length; i++) sum += this.partialAt(es[i] as number);
    this.budget.spent += es.length;
    return sum;
  }

  private clearColumn(j: number): void {
    const at = this.places[j] as Int32Array;
    for (let i = 0; i < at.length; i++) this.syms[at[i] as number] = -1;
  }

  /**
   * Beam search over the key, one key letter at a time in order: every kept prefix is extended by
   * every shift, scored on what it deciphers (contexts cut where letters are still unknown), and the
   * best `width` prefixes go on. Unlike column-by-column fitting it weighs the n-grams that join
   * neighbouring columns, which is what short columns are decided by. Returns the final keys, best first.
   */
  beam(width: number, keep: number): Int32Array[] {
    const { k } = this;
    const n = this.reading.n;
    // States live in flat arrays: keys[i·k …] and scores[i]; candidates are (parent, shift) pairs.
    let keys = new Int32Array(k);
    let scores = new Float64Array(1);
    let count = 1;
    const candScore = new Float64Array(width * n);
    const order: number[] = [];
    for (let j = 0; j < k; j++) {
      const es = this.ends[j] as Int32Array;
      const done = this.wordsDoneAt[j] as Int32Array;
      const followers = this.followersDoneAt[j] as Int32Array;
      for (let c = j; c < k; c++) this.clearColumn(c);
      for (let st = 0; st < count; st++) {
        for (let c = 0; c < j; c++) this.setColumn(c, keys[st * k + c] as number);
        this.clearColumn(j);
        const old = this.partialSum(es);
        const twins = this.twinsOf(j);
        for (let shift = 0; shift < n; shift++) {
          const twin = twins ? (twins[shift] as number) : shift;
          if (twin !== shift) {
            candScore[st * n + shift] = candScore[st * n + twin] as number;
            this.chargeTwin(es.length, done, followers);
            continue;
          }
          this.setColumn(j, shift);
          candScore[st * n + shift] =
            (scores[st] as number) +
            this.partialSum(es) -
            old +
            this.wordSum(done, 'alone') +
            this.wordSum(followers, 'follower');
        }
      }
      // The best `width` candidates: a native numeric sort finds the cut-off, then only those are ordered.
      const total = count * n;
      let cutoff = Number.NEGATIVE_INFINITY;
      if (total > width) {
        const sorted = candScore.slice(0, total).sort();
        cutoff = sorted[total - width] as number;
      }
      order.length = 0;
      for (let i = 0; i < total; i++) if ((candScore[i] as number) >= cutoff) order.push(i);
      order.sort((x, y) => (candScore[y] as number) - (candScore[x] as number) || x - y);
      const next = Math.min(width, order.length);
      const nextKeys = new Int32Array(next * k);
      const nextScores = new Float64Array(next);
      for (let i = 0; i < next; i++) {
        const c = order[i] as number;
        const parent = Math.floor(c / n);
        nextKeys.set(keys.subarray(parent * k, parent * k + j), i * k);
        nextKeys[i * k + j] = c % n;
        nextScores[i] = candScore[c] as number;
      }
      keys = nextKeys;
      scores = nextScores;
      count = next;
    }
    return Array.from({ length: Math.min(keep, count) }, (_, i) => keys.slice(i * k, (i + 1) * k));
  }

  /** Marks the columns whose letters can share an n-gram with a letter of column j. */
  markNeighbours(dirty: Uint8Array, j: number): void {
    const k = this.k;
    dirty[j] = 1;
    for (let d = 1; d < this.N && d < k; d++) {
      dirty[(j + d) % k] = 1;
      dirty[(((j - d) % k) + k) % k] = 1;
    }
  }

  /** Σ over key letters of ln Σ_s exp((local(s) − local(key))/T): the mass of the keys near this one. */
  spread(T: number): number {
    const n = this.reading.n;
    const scaled = new Float64Array(n);
    let sum = 0;
    for (let j = 0; j < this.k; j++) {
      this.evaluate(j);
      const top = this.locals[j * n + (this.key[j] as number)] as number;
      for (let s = 0; s < n; s++) scaled[s] = ((this.locals[j * n + s] as number) - top) / T;
      sum += logSumExp(scaled);
    }
    return sum;
  }
}

/** Key letters that make one word of the text read as a listed word, and what they gain on the rest. */
interface WordMove {
  columns: Int32Array;
  shifts: Int32Array;
  gain: number;
}
