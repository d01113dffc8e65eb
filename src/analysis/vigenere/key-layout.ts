// Where a key's letters fall in the text: each column's places and cipher codes, and the n-grams and words each reaches.
import { CASE_NONE } from '../words/index.js';
import type { Reading } from './reading.js';

/** The text laid out for a key of length k: what KeySearch keeps up to date as key letters move (see its fields). */
export interface KeyLayout {
  syms: Int32Array;
  columnAt: Int32Array;
  codeAt: Int32Array;
  places: Int32Array[];
  codes: Int32Array[];
  ends: Int32Array[];
  wordFrom: Int32Array;
  wordTo: Int32Array;
  wordCut: Uint8Array;
  wordPrev: Int32Array;
  wordCase: Int8Array;
  wordJoins: Int8Array;
  allWords: Int32Array;
  wordsOf: Int32Array[];
  wordsDoneAt: Int32Array[];
  followersDoneAt: Int32Array[];
}

/** The layout for a key of length k under a model of order N (with no words for the fast trigram guide). */
export function keyLayout(reading: Reading, k: number, N: number, fast: boolean): KeyLayout {
  const pad = N - 1;
  const columns = columnsOf(reading, k, pad);
  const ends = endsOf(columns.places, k, N, reading.tokens.codes.length + pad);
  const words = wordsIn(reading, columns.columnOf, pad, fast);
  const reach = wordReach(words.cols, words.prev, k, reading.words?.pairs === true);
  const { syms, columnAt, codeAt, places, codes } = columns;
  const { wordFrom, wordTo, wordCut, wordPrev, wordCase, wordJoins, allWords } = words;
  return {
    syms,
    columnAt,
    codeAt,
    places,
    codes,
    ends,
    wordFrom,
    wordTo,
    wordCut,
    wordPrev,
    wordCase,
    wordJoins,
    allWords,
    ...reach,
  };
}

/** The symbols with every fixed one in place, and each column's places and cipher codes (pad boundaries first). */
function columnsOf(reading: Reading, k: number, pad: number) {
  const { model, tokens } = reading;
  const codes = tokens.codes;
  const len = codes.length;
  const syms = new Int32Array(len + pad).fill(model.boundary);
  const sizes = new Int32Array(k);
  const columnOf = new Int32Array(len).fill(-1);
  for (let i = 0, ordinal = 0; i < len; i++) {
    const c = codes[i] as number;
    if (c < 0) syms[i + pad] = -1 - c;
    else {
      const j = ordinal++ % k;
      columnOf[i] = j;
      sizes[j]!++;
    }
  }
  const columnAt = new Int32Array(len + pad).fill(-1);
  const codeAt = new Int32Array(len + pad).fill(-1);
  for (let i = 0; i < len; i++) {
    columnAt[i + pad] = columnOf[i] as number;
    codeAt[i + pad] = codes[i] as number;
  }
  const filled = new Int32Array(k);
  const places: Int32Array[] = [];
  const columnCodes: Int32Array[] = [];
  for (let j = 0; j < k; j++) {
    places.push(new Int32Array(sizes[j] as number));
    columnCodes.push(new Int32Array(sizes[j] as number));
  }
  for (let i = 0; i < len; i++) {
    const j = columnOf[i] as number;
    if (j < 0) continue;
    const f = filled[j]!++;
    (places[j] as Int32Array)[f] = i + pad;
    (columnCodes[j] as Int32Array)[f] = codes[i] as number;
  }
  return { syms, columnOf, columnAt, codeAt, places, codes: columnCodes };
}

/** Per column, the positions of the last symbol of every n-gram that holds one of its letters. */
function endsOf(places: Int32Array[], k: number, N: number, length: number): Int32Array[] {
  const ends: Int32Array[] = [];
  const stamp = new Int32Array(length).fill(-1);
  for (let j = 0; j < k; j++) {
    const list: number[] = [];
    for (const t of places[j] as Int32Array) {
      for (let e = t; e < t + N && e < length; e++) {
        if (stamp[e] !== j) {
          stamp[e] = j;
          list.push(e);
        }
      }
    }
    ends.push(Int32Array.from(list));
  }
  return ends;
}

/** Words: runs of symbols between boundaries that hold at least one letter the key moves. */
function wordsIn(reading: Reading, columnOf: Int32Array, pad: number, fast: boolean) {
  const { model, tokens } = reading;
  const codes = tokens.codes;
  const len = codes.length;
  const from: number[] = [];
  const to: number[] = [];
  const cut: number[] = [];
  const cols: number[][] = [];
  const prev: number[] = [];
  const cases: number[] = [];
  const joins: number[] = [];
  const useWords = !fast && reading.words !== undefined;
  // Whether the word just read was listed, so that the next one may be scored as its follower.
  let lastListed = false;
  for (let i = 0; useWords && i < len; ) {
    if ((codes[i] as number) === -1 - model.boundary) {
      i++;
      continue;
    }
    let e = i;
    const c: number[] = [];
    while (e < len && (codes[e] as number) !== -1 - model.boundary) {
      if ((columnOf[e] as number) >= 0) c.push(columnOf[e] as number);
      e++;
    }
    if (c.length > 0) {
      prev.push(lastListed ? from.length - 1 : -1);
      from.push(i + pad);
      to.push(e + pad);
      cut.push(e === len && tokens.open ? 1 : 0);
      cases.push(tokens.caseAt?.[i] ?? CASE_NONE);
      joins.push(tokens.joinAt?.[i] ?? 0);
      cols.push(c);
    }
    lastListed = c.length > 0;
    i = e;
  }
  return {
    cols,
    prev,
    wordFrom: Int32Array.from(from),
    wordTo: Int32Array.from(to),
    wordCut: Uint8Array.from(cut),
    wordPrev: Int32Array.from(prev),
    wordCase: Int8Array.from(cases),
    wordJoins: Int8Array.from(joins),
    allWords: Int32Array.from(from, (_, i) => i),
  };
}

/** Per column, the words whose score reads its letters, whose letters it completes, and whose pairs it completes. */
function wordReach(cols: number[][], prev: number[], k: number, pairs: boolean) {
  const of: number[][] = Array.from({ length: k }, () => []);
  const done: number[][] = Array.from({ length: k }, () => []);
  // A word scored as a follower also changes with the letters of the word before it.
  const followed: number[][] = Array.from({ length: k }, () => []);
  cols.forEach((own, w) => {
    const before = prev[w] as number;
    const c = pairs && before >= 0 ? [...own, ...(cols[before] as number[])] : own;
    for (const j of new Set(c)) (of[j] as number[]).push(w);
    (done[Math.max(...own)] as number[]).push(w);
    if (c !== own) (followed[Math.max(...c)] as number[]).push(w);
  });
  const wordsOf: Int32Array[] = [];
  const wordsDoneAt: Int32Array[] = [];
  const followersDoneAt: Int32Array[] = [];
  for (let j = 0; j < k; j++) {
    wordsOf.push(Int32Array.from(of[j] as number[]));
    wordsDoneAt.push(Int32Array.from(done[j] as number[]));
    followersDoneAt.push(Int32Array.from(followed[j] as number[]));
  }
  return { wordsOf, wordsDoneAt, followersDoneAt };
}
