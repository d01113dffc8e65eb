// From evidence to probabilities: every (cipher, language) explanation weighed against every other and against the
// null model, with a temperature and a bias per family fitted on the development split, then shared out within
// each family.
import type { NamedAlphabetName } from '../../core/index.js';
import type { Language } from '../language-model/index.js';
import type { Evidence } from './evidence.js';

export type Cipher =
  | 'plain'
  | 'caesar'
  | 'atbash'
  | 'affine'
  | 'substitution'
  | 'vigenere'
  | 'beaufort'
  | 'autokey'
  | 'porta'
  | 'unknown';

/** The families a searched key stands for, each with its key and the search's confidence in it. */
const KEYED = ['vigenere', 'beaufort', 'autokey', 'porta'] as const;

/**
 * The calibration: each family's evidence is read against the null model's, d = evidence − unknown, and
 * posterior ∝ exp(d / temperature[cipher] + bias[cipher]) (unknown: exp(0)). A temperature per family, because the
 * evidence of a key found by search on a short text is far less sure of itself than that of a shift scored exactly.
 */
export interface Calibration {
  temperature: Record<Exclude<Cipher, 'unknown'>, number>;
  /** ln prior odds of each family against unknown. */
  bias: Record<Exclude<Cipher, 'unknown'>, number>;
}

/**
 * Fitted on 1,620 texts of the development split with development models (`--calibrate`, docs/identify.md: maximum
 * likelihood of the true family and language), Beaufort, autokey and Porta then on 1,416 more with the others held;
 * the identity is temperature 1 and bias 0 throughout.
 */
export const CALIBRATION: Calibration = {
  temperature: {
    plain: 3.556,
    caesar: 4.538,
    atbash: 5.792,
    affine: 4.116,
    substitution: 11.467,
    vigenere: 10.921,
    beaufort: 11.467,
    autokey: 15.367,
    porta: 10.401,
  },
  bias: {
    plain: 0,
    caesar: 0,
    atbash: -0.75,
    affine: -0.5,
    substitution: 1.5,
    vigenere: -0.25,
    beaufort: 0,
    autokey: 1,
    porta: 1.25,
  },
};

/** One explanation of the text, before its text is written out. */
export interface Verdict {
  cipher: Cipher;
  language: Language;
  shift?: number;
  /** vigenere, beaufort, autokey (the primer), porta: the key; substitution: the cipher alphabet, `?` where unsaid. */
  key?: string;
  /** vigenere: the same decryption as variant Beaufort (and Gronsfeld, when every shift is 0–9), with their keys. */
  equivalents?: { variant: 'variant_beaufort' | 'gronsfeld'; key: string }[];
  /** affine: plain letter i became a·i + b. */
  a?: number;
  b?: number;
  /**
   * The other languages the same reading was weighed in, likeliest first (named as the answer names it): a shift
   * reads the text alike whichever language it was scored in, so it is one explanation, not one per language.
   */
  other_languages?: Language[];
  /** Present when the reading is in another alphabet than the one asked for: the language's own (see Reading). */
  alphabet?: NamedAlphabetName;
  confidence: number;
}

/** The evidence of one alphabet the text was read in: the one asked for (no name), or a language's own. */
export interface Reading {
  evidence: Evidence;
  alphabet?: NamedAlphabetName;
}

/** A family in a language and its evidence: the units the calibration weighs against each other. */
export interface FamilyScore {
  cipher: Cipher;
  language?: Language;
  evidence: number;
}

/** Every (family, language) the evidence holds, unknown included once. */
export function familyScores(e: Evidence): FamilyScore[] {
  const out: FamilyScore[] = [{ cipher: 'unknown', evidence: e.unknown }];
  for (const l of e.languages) {
    out.push({ cipher: 'plain', language: l.language, evidence: l.plain });
    out.push({ cipher: 'caesar', language: l.language, evidence: l.caesar });
    out.push({ cipher: 'atbash', language: l.language, evidence: l.atbash });
    out.push({ cipher: 'affine', language: l.language, evidence: l.affine });
    if (l.substitution) out.push({ cipher: 'substitution', language: l.language, evidence: l.substitution.evidence });
    for (const family of KEYED) {
      const k = l[family];
      if (k) out.push({ cipher: family, language: l.language, evidence: k.evidence });
    }
  }
  return out.filter((f) => f.evidence > Number.NEGATIVE_INFINITY);
}

/** Each family score's logit against its own null model (unknown: 0), under a calibration. */
function logits(scores: FamilyScore[], c: Calibration): number[] {
  const null_ = scores.find((f) => f.cipher === 'unknown')?.evidence ?? 0;
  return scores.map((f) =>
    f.cipher === 'unknown' ? 0 : (f.evidence - null_) / c.temperature[f.cipher] + c.bias[f.cipher],
  );
}

function softmax(xs: number[]): number[] {
  const max = Math.max(...xs);
  const weights = xs.map((x) => Math.exp(x - max));
  const sum = weights.reduce((s, w) => s + w, 0);
  return weights.map((w) => w / sum);
}

/** The posterior of each family score under a calibration, in the same order. */
export function familyPosterior(scores: FamilyScore[], c: Calibration): number[] {
  return softmax(logits(scores, c));
}

/** The explanations one family score stands for, each with its share of the family's posterior p. */
function explanations(f: FamilyScore, l: Evidence['languages'][number], p: number): Verdict[] {
  const language = l.language;
  switch (f.cipher) {
    case 'plain':
    case 'atbash':
      return [{ cipher: f.cipher, language, confidence: p }];
    case 'caesar':
      return l.shifts.map((s) => ({ cipher: 'caesar', language, shift: s.shift, confidence: p * s.share }));
    case 'affine':
      return l.affineKeys.map((k) => ({ cipher: 'affine', language, a: k.a, b: k.b, confidence: p * k.share }));
    case 'substitution': {
      const s = l.substitution;
      return s ? [{ cipher: 'substitution', language, key: s.key, confidence: p * s.confidence }] : [];
    }
    case 'vigenere': {
      const v = l.vigenere;
      if (!v) return [];
      return [{ cipher: 'vigenere', language, key: v.key, equivalents: v.equivalents, confidence: p * v.confidence }];
    }
    case 'beaufort':
    case 'autokey':
    case 'porta': {
      const k = l[f.cipher];
      return k ? [{ cipher: f.cipher, language, key: k.key, confidence: p * k.confidence }] : [];
    }
    case 'unknown':
      return [];
  }
}

/**
 * Every explanation worth listing, most likely first: plain in a language, Atbash, each likely shift and affine
 * key, the keys found by the searches, and unknown. A shift's confidence is its family's times its share of the
 * family; a searched key's, its family's times the search's probability that every letter of it is right (the rest
 * of that family is nearby keys, not listed, which is why the confidences sum to at most 1).
 *
 * Given several readings (alphabets), each family of a language is weighed in every alphabet it was read in against
 * that alphabet's own null model, its prior shared out among them (ln k off the logit of a language read in k), so
 * that reading a text in more alphabets does not by itself take probability from unknown.
 */
export function verdicts(e: Evidence | Reading[], fallback: Language, c: Calibration = CALIBRATION): Verdict[] {
  const readings = Array.isArray(e) ? e : [{ evidence: e }];
  const readIn = (l: Language | undefined) =>
    readings.filter((r) => r.evidence.languages.some((x) => x.language === l)).length;
  const scored = readings.flatMap((r, i) => {
    const scores = familyScores(r.evidence);
    const ls = logits(scores, c);
    return scores
      .map((f, j) => ({ f, r, logit: (ls[j] as number) - (f.cipher === 'unknown' ? 0 : Math.log(readIn(f.language))) }))
      .filter(({ f }) => i === 0 || f.cipher !== 'unknown');
  });
  const posterior = softmax(scored.map((x) => x.logit));
  const out = scored.flatMap(({ f, r }, i) => {
    const l = r.evidence.languages.find((x) => x.language === f.language);
    const vs = l ? explanations(f, l, posterior[i] as number) : [];
    // Plain reads the text as it is: it has no alphabet of its own to name.
    return r.alphabet ? vs.map((v) => (v.cipher === 'plain' ? v : { ...v, alphabet: r.alphabet })) : vs;
  });
  out.sort((x, y) => y.confidence - x.confidence);
  const listed = folded(out);
  const unknown = posterior[scored.findIndex(({ f }) => f.cipher === 'unknown')] ?? 0;
  // Unknown names the language the text came closest to being read in.
  listed.push({ cipher: 'unknown', language: listed[0]?.language ?? fallback, confidence: unknown });
  return listed.sort((x, y) => y.confidence - x.confidence);
}

/**
 * One explanation per distinct reading, from explanations sorted most likely first: the same cipher and key decrypt
 * the text alike in every language (plain reads it as it is), so their confidences, disjoint hypotheses, add up; the
 * reading names the language it was likeliest in, and lists the others.
 */
function folded(sorted: Verdict[]): Verdict[] {
  const byReading = new Map<string, Verdict>();
  for (const v of sorted) {
    // Plain reads the text as it is in any alphabet; a key decrypts it alike in every language of one alphabet.
    const reading = v.cipher === 'plain' ? 'plain' : [v.cipher, v.alphabet, v.shift, v.key, v.a, v.b].join('|');
    const first = byReading.get(reading);
    if (!first) byReading.set(reading, { ...v });
    else {
      first.confidence += v.confidence;
      // Plain in one language may come from two alphabets: the language is named once.
      if (v.language !== first.language && !first.other_languages?.includes(v.language))
        first.other_languages = [...(first.other_languages ?? []), v.language];
    }
  }
  return [...byReading.values()];
}
