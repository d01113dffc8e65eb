// The evidence for each explanation of a text, in nats: read as it is, a Caesar shift, Atbash, an affine key, a
// general substitution, a Vigenère key (each in every language weighed), or letters none of these explains (the null
// model).
import { type Alphabet, letterIndices, letterPrefix, vigenereDecrypt } from '../../core/index.js';
import { solveCaesar } from '../caesar/index.js';
import { LANGUAGES, type Language } from '../language-model/index.js';
import { logSumExp, scoreText } from '../scoring/index.js';
import { analyzeVigenere, keyConfidence, MIN_ANALYSIS_LETTERS, vigenereEquivalents } from '../vigenere/index.js';
import {
  type AffineEvidence,
  affineEvidence,
  letterKappa,
  type SubstitutionEvidence,
  substitutionEvidence,
} from './monoalphabetic.js';
import { type KeyedEvidence, type KeyedFamily, keyedEvidence } from './polyalphabetic.js';
import { normalise, type Presentation, presentationOf } from './presentation.js';

/**
 * Only the text up to this many letters is weighed: by then every explanation is thousands of nats apart or
 * more, and the cost of the rest would grow with the text for nothing.
 */
const SCORED_LETTERS = 1000;
/**
 * The Vigenère search reads this many letters per letter of the longest key (at least VIGENERE_MIN_LETTERS): the
 * solver finds every key from ten letters per key letter (docs/solver-results.md), and the search's cost grows with
 * the text, while the key it returns is then weighed on every scored letter.
 */
const VIGENERE_LETTERS_PER_KEY_LETTER = 15;
const VIGENERE_MIN_LETTERS = 300;
/** A text with fewer breaks between words than one per this many letters reads as letters run together. */
const LETTERS_PER_BREAK = 15;

interface LanguageEvidence extends AffineEvidence {
  language: Language;
  /** ln P(text | read as it is, this language). */
  plain: number;
  /** ln P(text | a Caesar shift other than 0 in this language), every such shift equally likely beforehand. */
  caesar: number;
  /** The likeliest shifts other than 0, with their share of the Caesar family, most likely first. */
  shifts: { shift: number; share: number }[];
  /** Set when the Vigenère search ran in this language and found a key that is not one letter repeated. */
  vigenere?: {
    /** ln P(text | this key) + ln P(key | Vigenère with a key of 2…max letters). */
    evidence: number;
    key: string;
    /** The search's calibrated probability that the key is exactly right, given that the text is a Vigenère cipher. */
    confidence: number;
    /** The same decryption under variant Beaufort and Gronsfeld. */
    equivalents: ReturnType<typeof vigenereEquivalents>;
  };
  /** Set when the cryptogram solver ran and found its key in this language. */
  substitution?: SubstitutionEvidence;
  /** Set when the family's analysis ran and found its key in this language. */
  beaufort?: KeyedEvidence;
  autokey?: KeyedEvidence;
  porta?: KeyedEvidence;
}

export interface Evidence {
  presentation: Presentation;
  /** Letters of the alphabet in the whole text. */
  letters: number;
  /** Letters weighed (the first SCORED_LETTERS). */
  scored: number;
  /** ln P(text | letters drawn from a distribution of their own, word breaks likewise): the null model. */
  unknown: number;
  languages: LanguageEvidence[];
  /** Whether the Vigenère search ran (it is skipped when a shift, Atbash or an affine key reads as the language). */
  searched: boolean;
  /** Whether the cryptogram solver ran (see WeighOptions.substituteFrom). */
  substituted: boolean;
  /** The key length the Vigenère search's coincidences show past maxKeyLength, when its key was doubtful for it. */
  evidentKeyLength?: number;
}

export interface WeighOptions {
  maxKeyLength: number;
  /**
   * The Vigenère search runs unless a reading by shift beats the null model by at least this many nats a letter
   * (Infinity: always). Such a text is read by one shift; a key of several letters could only fit it worse and
   * pay more for its letters. The default is checked on the development split (bench/accuracy identify).
   */
  skipVigenereAbove?: number;
  /**
   * The cryptogram solver, the dearest search, runs when nothing cheaper reads the text as the language (the same
   * threshold, and the Vigenère key found does not either) and its letters' kappa (letterKappa) is at least this:
   * letters in one alphabet keep the language's; below it, Beaufort and autokey are searched instead, beside
   * Vigenère. The default is checked on the development split.
   */
  substituteFrom?: number;
  /** For measurement: every search runs whatever the gates say (the bench's check of them). */
  everySearch?: boolean;
}

/**
 * Checked on the development split (`--calibrate`): of 83 texts it let skip the search, none would have given
 * Vigenère more than 1.2·10⁻³ of the posterior, or the verdict (docs/identify.md).
 */
const SKIP_VIGENERE_ABOVE = 0.8;
const SUBSTITUTE_FROM = 1.3;
/** Fewer letters than this are not searched for a cryptogram's key: they could spell almost anything. */
const MIN_SUBSTITUTION_LETTERS = 20;

/** ln k! for k = 0…max. */
function logFactorials(max: number): Float64Array {
  const out = new Float64Array(max + 1);
  for (let k = 1; k <= max; k++) out[k] = (out[k - 1] as number) + Math.log(k);
  return out;
}

/**
 * The null model's evidence: each letter drawn from a distribution of its own over the alphabet (uniform Dirichlet
 * prior, integrated out), and for a spaced text each letter followed by a word break with a probability of its own
 * (uniform Beta prior). Random letters, a transposition or another language's frequencies all fit it.
 */
export function nullEvidence(text: string, a: Alphabet, spaced: boolean): number {
  const indices = letterIndices(text, a);
  const L = indices.length;
  const n = a.size;
  const counts = new Int32Array(n);
  for (const i of indices) counts[i]!++;
  const lf = logFactorials(L + n);
  // Dirichlet(1, …, 1)-multinomial for a sequence: Γ(n) Π Γ(c+1) / Γ(L+n).
  let ll = (lf[n - 1] as number) - (lf[L + n - 1] as number);
  for (const c of counts) ll += lf[c] as number;
  if (spaced) {
    const breaks = wordBreaks(text, a);
    // Beta(1, 1)-binomial sequence over the L letters: B! (L − B)! / (L + 1)!.
    ll += (lf[breaks] as number) + (lf[Math.max(0, L - breaks)] as number) - (lf[L + 1] as number);
  }
  return ll;
}

/** Runs of non-letters that follow a letter: the places a word ends. */
function wordBreaks(text: string, a: Alphabet): number {
  let breaks = 0;
  let inWord = false;
  for (const ch of text) {
    const letter = a.lookup(ch.codePointAt(0) as number) >= 0;
    if (!letter && inWord) breaks++;
    inWord = letter;
  }
  return breaks;
}

/** A key that repeats one shorter one reduced to it ("ABAB" → "AB"). */
function period(key: string): string {
  const chars = [...key];
  for (let p = 1; p < chars.length; p++)
    if (chars.length % p === 0 && chars.every((c, i) => c === chars[i % p])) return chars.slice(0, p).join('');
  return key;
}

/** Caesar and plain in one language: the solver's posterior over shifts, anchored by the best one's likelihood. */
function shiftEvidence(text: string, a: Alphabet, language: Language): Omit<LanguageEvidence, keyof AffineEvidence> {
  const { solutions } = solveCaesar(text, a, language);
  const best = solutions[0]!;
  // The solver's scores are tempered likelihoods that share one normaliser: ratios to the best are what it knows.
  const anchor = scoreText(best.text, a, language);
  const rel = (score: number) => anchor + Math.log(score / best.score);
  const zero = solutions.find((s) => s.shift === 0)!;
  const others = solutions.filter((s) => s.shift !== 0);
  const total = others.reduce((sum, s) => sum + s.score, 0);
  // Past every shift's underflow the family has no weight left to share.
  const shifts = total > 0 ? others.slice(0, 10).map((s) => ({ shift: s.shift, share: s.score / total })) : [];
  return {
    language,
    plain: zero.score > 0 ? rel(zero.score) : Number.NEGATIVE_INFINITY,
    caesar: total > 0 ? rel(total) - Math.log(Math.max(1, a.size - 1)) : Number.NEGATIVE_INFINITY,
    shifts,
  };
}

/**
 * The best Vigenère key in the language it was found in, unless it is one letter (a shift, weighed already): searched
 * on `read`, a prefix of `scored`, and weighed on all of it.
 */
function vigenereEvidence(
  scored: string,
  read: string,
  a: Alphabet,
  language: Language | 'auto',
  maxKeyLength: number,
  languages: LanguageEvidence[],
): number | undefined {
  const scoredLetters = letterIndices(scored, a).length;
  const v = analyzeVigenere(read, a, language, maxKeyLength);
  const key = period(v.probable_key);
  const into = languages.find((e) => e.language === v.language);
  if (!into || [...key].length < 2) return v.evident_key_length;
  const maxLength = Math.min(maxKeyLength, Math.floor(scoredLetters / 2));
  const ll = scoreText(vigenereDecrypt(scored, key, a), a, v.language);
  // A key of k letters is one of n^k, its length one of 2…maxLength.
  const prior = -[...key].length * Math.log(a.size) - Math.log(Math.max(1, maxLength - 1));
  into.vigenere = { evidence: ll + prior, key, confidence: keyConfidence(v), equivalents: vigenereEquivalents(key, a) };
  return v.evident_key_length;
}

/** Weighs every explanation of a text (see Evidence). Throws AnalysisInputError when it has no letter of a. */
export function weigh(text: string, a: Alphabet, language: Language | 'auto', options: WeighOptions): Evidence {
  const presentation = presentationOf(text, a);
  const whole = normalise(text, a, presentation);
  const scored = letterPrefix(whole, a, SCORED_LETTERS);
  const letters = letterIndices(whole, a).length;
  const scoredLetters = Math.min(letters, SCORED_LETTERS);
  const languages = (language === 'auto' ? [...LANGUAGES] : [language]).map((l) => ({
    ...shiftEvidence(scored, a, l),
    ...affineEvidence(scored, a, l),
  }));
  const spaced = wordBreaks(scored, a) * LETTERS_PER_BREAK > scoredLetters;
  const unknown = nullEvidence(scored, a, spaced);

  // A reading by one key of one of these families beats the null model by this much a letter: a key of several
  // letters could only fit it worse and pay more for its letters.
  const margin = (ll: number) => (ll - unknown) / scoredLetters;
  const threshold = options.skipVigenereAbove ?? SKIP_VIGENERE_ABOVE;
  const every = options.everySearch === true;
  // Whether the explanations weighed so far leave the text unread (the gate of each dearer search).
  const unread = (ll: number) => every || margin(ll) < threshold;
  const cheap = Math.max(...languages.map((e) => logSumExp([e.plain, e.caesar, e.atbash, e.affine])));
  const searched = letters >= MIN_ANALYSIS_LETTERS && options.maxKeyLength >= 2 && unread(cheap);
  // The Vigenère family's searches read 15 letters per letter of the longest key, at least 300.
  const read = letterPrefix(
    scored,
    a,
    Math.max(VIGENERE_MIN_LETTERS, VIGENERE_LETTERS_PER_KEY_LETTER * options.maxKeyLength),
  );
  const longer = searched ? vigenereEvidence(scored, read, a, language, options.maxKeyLength, languages) : undefined;
  const vigenere = Math.max(...languages.map((e) => e.vigenere?.evidence ?? Number.NEGATIVE_INFINITY));
  const monoalphabetic = every || letterKappa(scored, a) >= (options.substituteFrom ?? SUBSTITUTE_FROM);
  // The best reading by a key so far: each dearer search after it runs only while the text is still unread, since a
  // family that reads it worse could only lose to the one that reads it (a Beaufort text paid for autokey and Porta).
  let byKey = vigenere;
  const keyed = (family: KeyedFamily) => {
    if (!unread(byKey)) return;
    const k = keyedEvidence(scored, read, a, language, options.maxKeyLength, family);
    const into = k && languages.find((e) => e.language === k.language);
    if (into && k) into[family] = k;
    if (k) byKey = Math.max(byKey, k.evidence);
  };
  // Beaufort and autokey spread the letters as Vigenère does: searched where the cryptogram is not.
  const spread = every || !monoalphabetic;
  if (searched && spread) for (const f of ['beaufort', 'autokey'] as const) keyed(f);
  const substituted = letters >= MIN_SUBSTITUTION_LETTERS && unread(Math.max(cheap, byKey)) && monoalphabetic;
  if (substituted) {
    const s = substitutionEvidence(scored, a, language);
    const into = languages.find((e) => e.language === s.language);
    if (into && s.evidence > Number.NEGATIVE_INFINITY) into.substitution = s;
    byKey = Math.max(byKey, s.evidence);
  }
  // Porta swaps the halves of the alphabet, shifting within them, and so keeps much of a language's kappa: searched
  // whatever the kappa, unless a key read the text already, the cryptogram's among them (measured: most Porta texts
  // passed the cryptogram's gate, and kappa-gated they were lost).
  if (searched) keyed('porta');
  // Beaufort too, where the letters kept a language's kappa but the cryptogram's key does not read them: a short key
  // over a large alphabet, or two key letters half the alphabet apart, keeps the kappa above the cryptogram's gate
  // (validation, spaced, 200 letters: 4 of 20 Beaufort texts, Polish and French, were called unknown at 1.0 so).
  if (searched && !spread) keyed('beaufort');
  const evidentKeyLength = longer === undefined ? {} : { evidentKeyLength: longer };
  return {
    presentation,
    letters,
    scored: scoredLetters,
    unknown,
    languages,
    searched,
    substituted,
    ...evidentKeyLength,
  };
}
