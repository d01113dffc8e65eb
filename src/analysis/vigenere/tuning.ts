// The Vigenère search's tuning: how much of a text it reads, which lengths it searches and how, its budgets.

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
/** Lengths whose guide score trails the best by more than this many nats are not polished. */
export const POLISH_MARGIN = 25;
/** Columns shorter than this many letters get restarts. */
export const RESTART_LETTERS_PER_KEY_LETTER = 20;
/** Prefixes a beam search keeps: wider finds more, costs width × alphabet × letters look-ups per length. */
export const BEAM_WIDTH = 128;
/** The beam width every short-column length gets first; the likeliest lengths then get BEAM_WIDTH. */
export const BEAM_SCOUT_WIDTH = 16;
/** Look-ups all the scout beams of one analysis may spend, and all the wide ones. */
export const SCOUT_WORK = 6_000_000;
export const WIDE_WORK = 8_000_000;
/** The wide beams' budget for texts shorter than SHORT_LETTERS, whose every look-up is cheap. */
export const SHORT_WIDE_WORK = 12_000_000;
/** The beam's final keys that are climbed and compared. */
export const BEAM_KEEP = 4;
/** Columns shorter than this many letters are searched by beam; longer ones by ascent alone. */
export const BEAM_LETTERS_PER_KEY_LETTER = 12;
/** A long text's full-model polish reads this many letters per key letter of its longest candidate. */
export const POLISH_PER_KEY_LETTER = 25;
/** Lengths, best first by the guide, that a long text polishes with the full model. */
export const LONG_POLISH_LENGTHS = 2;
/** Model look-ups the restarts of one analysis may spend (about 40 ns each). */
export const RESTART_BUDGET = 300_000;
/** Lengths, best first, that get restarts. */
export const RESTART_LENGTHS = 4;
/** Texts shorter than this many letters get pair moves and the larger restart budget. */
export const SHORT_LETTERS = 120;
export const SHORT_RESTART_BUDGET = 2_000_000;
/** A search stops after this many restarts in a row that found nothing better. */
export const PATIENCE = 12;
/**
 * Crib moves (short spaced texts): the most frequent words of each length placed in the text's words,
 * and how many of the best such moves are climbed from, after the polish (CRIB_TRIES) and after a
 * scout or wide beam (CRIB_ROUGH). On the development lines 8 and 3 did as well as 24 and 6.
 */
export const CRIB_WORDS = 300;
export const CRIB_TRIES = 8;
export const CRIB_ROUGH = 3;
/** Crib moves only where the key's columns are this short: a longer column pins its letter anyway. */
export const CRIB_LETTERS_PER_KEY_LETTER = 3;
/** How many of the scouts' lengths get crib moves, best first. */
export const CRIB_LENGTHS = 8;
/** Texts up to this many letters are also scored word by word. */
export const WORD_LETTERS = 160;
/** Weight λ of the word model in its mixture with the character model. */
export const WORD_LAMBDA = 0.5;
