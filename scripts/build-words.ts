// Builds src/analysis/words/<lang>.txt from the training corpus: how often each word occurs.
//
// Usage: npx tsx scripts/build-words.ts   (reads the corpus folder as scripts/corpus.ts says)
//
// Only the training part's lines are counted (scripts/corpus/split.ts: never development, which the Vigenère
// analyser is tuned on, nor validation or final test); of each source, the share scripts/corpus/mix.ts gives it.
// A word is a run of the model's symbols between word boundaries (letters of the language's alphabet in
// lower case, '#' for any other letter), exactly as the character models read text. Words seen at least
// MIN_COUNT times are written, one "word<TAB>count<TAB>lower<TAB>capital<TAB>upper<TAB>before<TAB>after" a line
// in code-unit order (so that every word with a given prefix is one contiguous range): how often the word
// stood inside a sentence written in lower case, capitalised and in capitals, and how often an apostrophe
// alone tied it to the word before and to the word after (WordMarkReader in src/analysis/words/word-marks.ts).
// Trailing zero counts are left out. A first line "#tokens<TAB>N<TAB>marks<TAB>marks" holds the number of
// word tokens counted (rare words included), then those five counts over all words and over the words not
// listed (each five numbers separated by spaces).
//
// Beside it, <lang>.pairs: how often one listed word follows another (across any run of spaces and
// punctuation, as the models read it). After a first line "#pairs<TAB>N<TAB>D2<TAB>D3", N the pairs listed
// and D2, D3 the modified Kneser–Ney discounts of a pair seen twice and of one seen three times or more
// (Chen and Goodman: D_c = c − (c + 1)·Y·n_{c+1}/n_c, Y = n_1/(n_1 + 2·n_2), n_c the number of distinct
// pairs seen c times, every pair counted), one line per listed word i
// that some listed word followed at least MIN_COUNT times: "i<TAB>total<TAB>j:c j:c …", total being how
// often i was followed by any word at all, and j:c the followers seen at least MIN_COUNT times (j and i
// are 0-based ranks in <lang>.txt, j ascending).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assetDir, LANGUAGE_INFO, LANGUAGES } from '../src/analysis/index.js';
import { SKIP, symbolChars, textSymbol } from '../src/analysis/language-model/index.js';
import {
  CASE_CLASSES,
  CASE_NONE,
  JOIN_AFTER,
  JOIN_BEFORE,
  WORD_MARKS,
  WordMarkReader,
} from '../src/analysis/words/index.js';
import { namedAlphabet } from '../src/core/index.js';
import { corpusLines, corpusPart, mixFilter } from './corpus.js';

// CIPHER_MODEL_DIR moves the output as in scripts/build-models.ts (the lists never count development lines).
const OUT_DIR = assetDir('words');
mkdirSync(OUT_DIR, { recursive: true });
const MIN_COUNT = 2;

for (const language of LANGUAGES) {
  const a = namedAlphabet(LANGUAGE_INFO[language].alphabet);
  const chars = symbolChars(a);
  const boundary = a.size;
  const counts = new Map<string, number>();
  let tokens = 0;
  const pairs = new Map<string, Map<string, number>>();
  // Per word: how often it stood inside a sentence in each case class, then how often an apostrophe alone
  // tied it to the word before and to the word after.
  const marks = new Map<string, number[]>();
  const markAll = new Array<number>(WORD_MARKS).fill(0);
  const inMix = mixFilter(language);
  const part = corpusPart(language);
  corpusLines(language).forEach((line, i) => {
    if (part(i) !== 'train' || !inMix(i)) return;
    // Words are runs of the model's symbols between boundaries, as passageSymbols reads the line.
    const words: string[] = [];
    const reader = new WordMarkReader();
    let word = '';
    for (const ch of line) {
      const cp = ch.codePointAt(0) as number;
      const s = textSymbol(cp, a);
      if (s === SKIP) continue;
      if (s === boundary) {
        reader.separator(cp);
        if (word) words.push(word);
        word = '';
      } else {
        word += chars[s];
        reader.letter(cp);
      }
    }
    reader.end();
    if (word) words.push(word);
    words.forEach((w, k) => {
      counts.set(w, (counts.get(w) ?? 0) + 1);
      tokens++;
      const row = marks.get(w) ?? new Array<number>(WORD_MARKS).fill(0);
      marks.set(w, row);
      const mark = (m: number): void => {
        row[m] = (row[m] as number) + 1;
        markAll[m] = (markAll[m] as number) + 1;
      };
      const cls = reader.cases[k] as number;
      const join = reader.joins[k] as number;
      if (cls !== CASE_NONE) mark(cls);
      if (join & JOIN_BEFORE) mark(CASE_CLASSES);
      if (join & JOIN_AFTER) mark(CASE_CLASSES + 1);
      if (k === 0) return;
      const previous = words[k - 1] as string;
      const next = pairs.get(previous) ?? new Map<string, number>();
      pairs.set(previous, next);
      next.set(w, (next.get(w) ?? 0) + 1);
    });
  });
  const kept = [...counts].filter(([, c]) => c >= MIN_COUNT).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
  const listed = new Set(kept.map(([w]) => w));
  const markRare = new Array<number>(WORD_MARKS).fill(0);
  for (const [w, row] of marks) {
    if (listed.has(w)) continue;
    row.forEach((c, m) => {
      markRare[m] = (markRare[m] as number) + c;
    });
  }
  const out = [
    `#tokens\t${tokens}\t${markAll.join(' ')}\t${markRare.join(' ')}`,
    // Trailing zero marks are left out (the reader takes a missing mark as 0).
    ...kept.map(([w, c]) => [w, c, ...(marks.get(w) as number[])].join('\t').replace(/(\t0)+$/, '')),
  ].join('\n');
  writeFileSync(join(OUT_DIR, `${language}.txt`), `${out}\n`);
  const rank = new Map(kept.map(([w], i) => [w, i]));
  const rows: string[] = [];
  let pairCount = 0;
  kept.forEach(([w], i) => {
    const next = pairs.get(w);
    if (!next) return;
    let total = 0;
    const followers: [number, number][] = [];
    for (const [x, c] of next) {
      total += c;
      const j = rank.get(x);
      if (j !== undefined && c >= MIN_COUNT) followers.push([j, c]);
    }
    if (followers.length === 0) return;
    followers.sort((x, y) => x[0] - y[0]);
    pairCount += followers.length;
    rows.push(`${i}\t${total}\t${followers.map(([j, c]) => `${j}:${c}`).join(' ')}`);
  });
  const n = [0, 0, 0, 0, 0];
  for (const next of pairs.values()) for (const c of next.values()) if (c < n.length) n[c] = (n[c] as number) + 1;
  const [, n1, n2, n3, n4] = n as [number, number, number, number, number];
  const Y = n1 / (n1 + 2 * n2);
  const discounts = [2 - 3 * Y * (n3 / n2), 3 - 4 * Y * (n4 / n3)].map((d) => d.toFixed(4));
  const pairText = [`#pairs\t${pairCount}\t${discounts.join('\t')}`, ...rows].join('\n');
  writeFileSync(join(OUT_DIR, `${language}.pairs`), `${pairText}\n`);
  console.log(
    `${language}: ${tokens} tokens, ${counts.size} distinct, ${kept.length} kept, ${out.length} bytes, ` +
      `marks lower/capital/upper/joined-before/joined-after ${markAll.join('/')} (not listed ${markRare.join('/')}); ` +
      `${pairCount} pairs (D2 ${discounts[0]}, D3 ${discounts[1]}), ${pairText.length} bytes`,
  );
}
