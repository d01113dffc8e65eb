// The Vigenère search's tuning: how much of a text it reads, which lengths it searches and how, its budgets.
//
// Every budget counts work, not time (model look-ups, each other step weighed as so many of them by the *_COST
// constants below), so an analysis does the same work, and gives the same answer, on any machine and under any load;
// ANALYSIS_WORK bounds the whole. docs/solver.md ("Budgets") says where the allowances go and why;
// docs/solver-results.md (2026-11-25, budgets) has what they cost and what they find.
import { LANGUAGES } from '../language-model/index.js';

/** Up to this many letters every length is searched; longer texts search the lengths the IoC favours. */
export const FULL_SEARCH_LETTERS = 1200;
/** Lengths with the best index of coincidence that a long text searches. */
export const TOP_LENGTHS = 4;
/** Letters of a long text the key search reads: 80 per key letter, at least 1,500. */
export const MIN_SAMPLE = 1500;
export const SAMPLE_PER_KEY_LETTER = 80;
/** Bounds alphabet size × sampled letters, so huge custom alphabets stay fast. */
export const SAMPLE_WORK = 400_000;
export const MIN_SAMPLE_ANY_ALPHABET = 600;
/** With language 'auto', texts longer than this pick the language from a rough fit on this many letters. */
export const SCREEN_SAMPLE = 1500;
/** Lengths, best first, that the language screen under 'auto' fits on a short text, and on a long one. */
export const SCREEN_LENGTHS = 6;
export const LONG_SCREEN_LENGTHS = 2;
/** What the guide's ascents of one language's screen may spend. */
export const SCREEN_GUIDE_WORK = 150_000;
/** What the final climb of one language's screen may spend. */
export const SCREEN_FINAL_WORK = 150_000;
/**
 * Nats by which a decryption must be likelier as the language than as random letters, beyond ln(alphabet size) per
 * key letter and ln(lengths tried), before the text counts as having revealed its key and the search stops (the
 * chance that random letters get there is below e^−15, 3·10^−7).
 */
export const REVEAL_MARGIN = 15;
/** Lengths whose scouted score trails the best by more than this many nats get no crib moves or wide beam. */
export const SEARCH_MARGIN = 40;
/** Lengths whose score trails the best by more than this many nats are not evaluated in the end. */
export const FINAL_MARGIN = 25;
/** The lengths, best first by the scouts, whose keys are climbed under the full model and scored in the end. */
export const FINAL_LENGTHS = 4;
/** The final climb and score read this many letters per key letter of the longest length scored (at least 600). */
export const FINAL_PER_KEY_LETTER = 25;
/** Look-ups the final climbs and scores may spend (the best length is scored whatever it costs). */
export const FINAL_WORK = 1_000_000;
/** Lengths, best first by the guide, that a long text climbs and scores in the end. */
export const LONG_FINAL_LENGTHS = 2;
/** A word scored by the word bonus costs about this many n-gram look-ups (measured on short spaced texts). */
export const WORD_COST = 4;
/** Setting up the search of one key length costs about this many look-ups per symbol of the text it reads. */
export const SETUP_COST = 3;
/** Adding one letter's log-probability under one shift (the unigram keys) costs about this share of a look-up. */
export const UNIGRAM_COST = 0.05;
/** A word met for the first time is spelt and looked up in the word lists: about this many look-ups more. */
export const NEW_WORD_COST = 20;
/** A look-up in the plain trigram table (the guide) costs about this share of a full-model look-up. */
export const FAST_COST = 0.25;
/** Checking a letter of a listed word against the text (crib moves) costs about this share of one. */
export const CRIB_CHECK_COST = 0.5;
/**
 * Where some length's columns coincide this many standard deviations above random letters, the period is beyond
 * doubt: the shortest length whose columns coincide at least IOC_SHARE as far above random (evidentPeriod in ioc.ts).
 */
export const IOC_SIGNIFICANT = 8;
export const IOC_SHARE = 0.5;
/**
 * A doubtful analysis looks for a key longer than max_key_length in the coincidences of lengths up to this many times
 * the limit (longerPeriod in ioc.ts), and takes a longer length as the key's when no length within the limit coincides
 * LONGER_KEY_SHARE as far above random as it does. A key within the limit coincides as well at its own length as at
 * its multiples; a longer key's divisors show only part of its excess: about half at half its length, more when the
 * key repeats letters that far apart (CRYPTOGRAPHY's 6: two thirds), never near all of it.
 */
export const LONGER_KEY_FACTOR = 2;
export const LONGER_KEY_SHARE = 0.75;
/** Columns shorter than this many letters are searched by beam; longer ones by ascent alone. */
export const BEAM_LETTERS_PER_KEY_LETTER = 12;
/** The beam width every short-column length gets (narrower when the scouts' budget cannot pay for it). */
export const BEAM_SCOUT_WIDTH = 16;
/**
 * The same for letters run together, whose joined model has no word breaks to go by: 16 wide, its first key letters
 * (read without context) lost the key even at 6 letters a key letter. On the development split (letters only, 32 a
 * cell) 64 lifted 3·L from 86.3 to 87.7 % and 4·L from 93.8 to 96.7; 128 and 256 added under half a point. Spaced
 * text gained nothing from it. A short text's scouts are paid for by SCOUT_WORK as before, so no bound moves.
 */
export const JOINED_SCOUT_WIDTH = 64;
/** Look-ups all the scout beams of one analysis may spend. */
export const SCOUT_WORK = 3_500_000;
/** Look-ups the guide's ascents of the lengths with long columns may spend (each FAST_COST of one). */
export const GUIDE_WORK = 1_500_000;
/** Look-ups the crib moves after the scouts may spend. */
export const CRIB_WORK = 2_000_000;
/**
 * Only lengths whose key letters have at most this many letters of text each get a wide beam, the best
 * WIDE_LENGTHS of them by the scouts, up to BEAM_WIDTH wide within WIDE_WORK look-ups together.
 */
export const WIDE_LETTERS_PER_KEY_LETTER = 3;
export const WIDE_LENGTHS = 2;
export const BEAM_WIDTH = 128;
export const WIDE_WORK = 1_200_000;
/**
 * The beam's final keys that are climbed and compared; of a length searched under hidden breaks, the best this many
 * distinct keys its beams found are each climbed under them in the end (the joined model often ranks the true key
 * below a wrong one there: dev, letters only, 3·L 87.7 -> 91.0 %, 4·L 96.7 -> 97.2).
 */
export const BEAM_KEEP = 4;
/**
 * Crib moves (short spaced texts): the most frequent words of each length placed in the text's words; the
 * best CRIB_TRIES such moves are climbed from, on the scouts' best CRIB_LENGTHS lengths and after each wide beam.
 */
export const CRIB_WORDS = 300;
export const CRIB_TRIES = 3;
/** Crib moves only where the key's columns are this short: a longer column pins its letter anyway. */
export const CRIB_LETTERS_PER_KEY_LETTER = 3;
/** How many of the scouts' lengths get crib moves, best first. */
export const CRIB_LENGTHS = 8;
/** Texts up to this many letters are also scored word by word. */
export const WORD_LETTERS = 160;
/** Weight λ of the word model in its mixture with the character model. */
export const WORD_LAMBDA = 0.5;
/**
 * Letters-only texts with at most this many letters per key letter of the likeliest length have the final keys
 * climbed and scored with their word breaks summed over (hidden-search.ts): below it the joined model often
 * prefers a wrong key (letters only, dev split: 75 % exact at 3·L, 91 % at 4·L, 99 % at 6·L).
 */
export const HIDDEN_LETTERS_PER_KEY_LETTER = 8;
/** Shifts of each key letter, the joined model's best, that the hidden-break climb tries. */
export const HIDDEN_SHIFTS = 5;
/** A key climbed under hidden breaks whose one-letter neighbours hold less than 1 − this of its mass gets no beams. */
export const HIDDEN_SETTLED = 0.9;
/** The beam under hidden breaks: its width, and how many of its keys are climbed beside the joined model's. */
export const HIDDEN_BEAM_WIDTH = 16;
export const HIDDEN_BEAM_KEEP = 2;
/** Shifts of each key letter, the joined model's best, that the beam under hidden breaks tries. */
export const HIDDEN_BEAM_SHIFTS = 10;
/** Passes of that climb over the key letters, at most. */
export const HIDDEN_PASSES = 4;
/** Look-ups the climbs under hidden breaks may spend (the likeliest length's is always started). */
export const HIDDEN_WORK = 2_000_000;
/**
 * Besides the likeliest lengths by the joined model, the final climbs under hidden breaks take the HIDDEN_RANKED
 * lengths whose scouted keys read likeliest with the breaks summed over; reading them may spend HIDDEN_RANK_WORK
 * (development split, letters only, 32 a cell: 3·L 91.0 -> 91.3 %, 4·L 97.0 -> 97.2).
 */
export const HIDDEN_RANKED = 2;
export const HIDDEN_RANK_WORK = 300_000;
/**
 * The best key under hidden breaks has its edges searched again (edgeWindows): the key letters of the text's first
 * EDGE_KEY_LETTERS letters, then of its last, over every shift, by a beam EDGE_WIDTH wide, within EDGE_WORK look-ups
 * (development split, letters only, 32 a cell: 3·L 91.3 -> 92.1 %, 4·L 97.2 -> 97.7, 6·L 99.8 -> 100; 64 wide found
 * the same at twice the work, 16 wide 91.9 / 97.5 / 100; 3 key letters 91.7 / 97.2 / 100, 5 key letters 92.3 / 97.5
 * / 100; an allowance of 1 million the same as 600,000 on every cell: a real text's edges spend 150,000-600,000,
 * random letters all of it).
 */
export const EDGE_KEY_LETTERS = 4;
export const EDGE_WIDTH = 32;
export const EDGE_WORK = 600_000;
/**
 * Then windows inside the key are searched the same way (insideWindows): WINDOW_KEY_LETTERS key letters from every
 * WINDOW_STRIDE-th on, so that any 4 neighbouring key letters lie whole in one window, each by a beam WINDOW_WIDTH
 * wide, within WINDOW_WORK look-ups (development split, letters only, 32 a cell: 3·L 92.1 -> 93.3 %, 4·L 97.7 ->
 * 97.8, 6·L 100; L = 20 at 4·L, 128 a cell: mean 97.0 -> 97.6, pl 93.0 -> 95.3. With edges of 6 and unlimited
 * work, 32 wide, windows of 6 every 3 or of 5 every 2: 93.3 / 97.7-97.8 / 100 on the 32 a cell, pl 96.1 on the 128,
 * at twice the work; 8 wide: pl 95.3, en 96.9. 600,000 look-ups: pl 93.8, where a 20-letter key's 7 windows spend
 * about 900,000).
 */
export const WINDOW_KEY_LETTERS = 6;
export const WINDOW_STRIDE = 3;
export const WINDOW_WIDTH = 16;
export const WINDOW_WORK = 900_000;
/**
 * The windows are searched only when the key's decryption reads at least WINDOW_MIN_MARGIN nats a letter above
 * uniformly random letters, net of ln(alphabet size) a key letter: on the development split (letters only, L = 5, 8,
 * 20 at 3 and 4·L, en and pl) 317 of 320 texts read above −0.3 a letter, the lowest −0.41; random letters of 80 to
 * 400 letters −0.33 to −0.60, and there the windows would spend their whole allowance for nothing.
 */
export const WINDOW_MIN_MARGIN = -0.3;
/**
 * The windows are searched only on texts of at most WINDOW_LETTERS_PER_KEY_LETTER letters a key letter: at 6·L the
 * development and held-out cells read the same with and without them, and a real 80-letter text under a 10-letter
 * key spent their whole allowance for nothing (bench:cost).
 */
export const WINDOW_LETTERS_PER_KEY_LETTER = 5;
/**
 * With variant auto (variants.ts), the look-ups a periodic search may spend when its quick look did not settle
 * (SearchPlan.allowance). Such a search on a text of another variant, or of none, cannot read it and spends every
 * stage's allowance (random letters, 20–72 letters, on the development part: 2–7.6 million look-ups); with two of
 * them and autokey's and Porta's searches, auto took 1.5–2 s on such texts. A text of the variant whose look did not
 * settle mostly reveals its key sooner (searched in full, 32 of 35 such texts spent 0.3–2.9 million look-ups, the
 * others 4.6–7.4 million): on the development part every text got the same verdict as without the allowance
 * (docs/solver-results.md, 2026-12-03, later).
 */
export const UNSETTLED_ALLOWANCE = 3_000_000;
/** The passes over the text every length tried costs (its unigram key and the set-up of its searches), at most. */
const PASS_WORK = 2_000_000;
/**
 * The most one analysis may count, in look-ups, every stage and language screen included: the allowances above, the
 * passes over the text, and what a length started within an allowance spends past it (an allowance is checked before
 * each length, not inside its beam), which PASS_WORK's slack covers. bench:cost measures 40–100 ns of CPU a look-up
 * on its costliest inputs; test/analysis/vigenere/budget.test.ts holds those inputs to this bound.
 */
export const ANALYSIS_WORK =
  GUIDE_WORK +
  SCOUT_WORK +
  CRIB_WORK +
  WIDE_WORK +
  FINAL_WORK +
  HIDDEN_WORK +
  HIDDEN_RANK_WORK +
  EDGE_WORK +
  WINDOW_WORK +
  LANGUAGES.length * (SCREEN_GUIDE_WORK + SCREEN_FINAL_WORK) +
  PASS_WORK;
