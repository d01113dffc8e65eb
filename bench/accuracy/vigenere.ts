// The Vigenère table of one format: exact key of ours beside the χ² and quadgram baselines, per language, L and length.
import { appendFileSync } from 'node:fs';
import {
  type AnalyzedVariant,
  analyzeVariant,
  analyzeVigenereDetails,
  type Language,
} from '../../src/analysis/index.js';
import { type Alphabet, letterIndices, variantEncrypt, vigenereDecrypt } from '../../src/core/index.js';
import { vigenereChi, vigenereQuad } from './baselines.js';
import { CALIBRATING } from './caesar.js';
import type { EvidenceOutcome, Outcome } from './calibration.js';
import { cellSeed, type FormatContext } from './context.js';
import { keyEvidence, mulberry32 } from './internals.js';
import { cellOf, type Grid, median, pct, tallyText } from './report.js';
import { portaKey, reduceKey } from './samples.js';

export const MAX_KEY_LENGTH = 20;
/** Analysis needs this many letters; shorter cells are skipped. */
const MIN_LETTERS = 20;

export interface VigenereOutcome extends Outcome {
  /** The analyzer's confidence among the keys alone, before calibration. */
  raw: number;
  /** What the calibration of "no answer" reads. */
  evidence: EvidenceOutcome;
  /** Letters of text per letter of the returned key. */
  perKeyLetter: number;
}

/** The cells a run measures, as [L, m] pairs, in table order. */
export function vigenereCells(ctx: FormatContext): [number, number][] {
  const o = ctx.options;
  return o['key-lengths'].flatMap((L) =>
    o.multiples
      .filter((m) => m * L >= MIN_LETTERS && (!o.cells || o.cells.has(`${L}:${m}`)))
      .map((m): [number, number] => [L, m]),
  );
}

/** Platt's identity: calibrating Porta and autokey reads their confidence before any rescaling. */
const UNSCALED = { a: 1, b: 0 };

/**
 * Another variant's analysis where the section reads a Vigenère one's (its "no answer" figures left out: NaN). Porta
 * and autokey report their raw confidence, which --calibrate fits their Platt scaling on (unscaled then).
 */
function asDetails(
  cipher: string,
  a: Alphabet,
  language: Language,
  variant: AnalyzedVariant | 'auto',
  calibrate: boolean,
) {
  let raw = Number.NaN;
  // With auto the raw confidence is no one analysis's: none is read.
  const named = variant === 'porta' || variant === 'autokey';
  const tableau = named ? { ...(calibrate && { calibration: UNSCALED }), raw: (r: number) => (raw = r) } : {};
  const analysis = analyzeVariant(cipher, a, language, MAX_KEY_LENGTH, variant, { tableau });
  return { analysis, evidence: Number.NaN, inner: Number.NaN, raw, layoutClass: undefined };
}

export function runVigenere(ctx: FormatContext): { grid: Grid; outcomes: VigenereOutcome[] } {
  const o = ctx.options;
  const oracle = !o['baseline-ioc'];
  // Calibrating: "no answer" is not weighed, so the confidence is the keys' own (CALIBRATING in caesar.ts).
  const calibrating = { noAnswerFit: CALIBRATING };
  console.log(
    `\n### Vigenère, ${ctx.format}: exact key, % (${o.vigenere} ${ctx.split} snippets per cell, max_key_length ${MAX_KEY_LENGTH}; ` +
      `ours / χ² / quadgram${oracle ? ', the baselines told the true key length' : ''})\n`,
  );
  const cols = o.multiples.map((m) => `${m}·L`);
  console.log(`| lang | L | ${cols.join(' | ')} | ms/analysis |`);
  console.log(`|---|---|${cols.map(() => '---').join('|')}|---|`);
  // Columns in the order of --multiples, whichever cell is filled first.
  const grid: Grid = new Map(o.multiples.map((m) => [`${m}·L`, new Map()]));
  const outcomes: VigenereOutcome[] = [];
  const cells = vigenereCells(ctx);
  for (const language of o.langs) {
    const sampler = ctx.sampler(language);
    const a = sampler.alphabet;
    // Porta's 13 reciprocal alphabets need an alphabet of even length (spaced Polish and Spanish have not).
    if (o['vigenere-variant'].encrypt === 'porta' && a.size % 2 !== 0) continue;
    const b = ctx.baseline(language);
    for (const L of o['key-lengths']) {
      if (!cells.some(([l]) => l === L)) continue;
      const times: number[] = [];
      const row = o.multiples.map((m) => {
        if (!cells.some(([l, x]) => l === L && x === m)) return '—';
        const letters = m * L;
        const rng = mulberry32(cellSeed(0x71e9e7e, language, L, m));
        const t = cellOf(grid, `${m}·L`, `${language} L=${L}`);
        let shown = 0;
        for (let i = 0; i < o.vigenere; i++) {
          const plain = sampler.plaintext(letters, rng);
          const key = sampler.key(L, rng);
          const variant = o['vigenere-variant'];
          const cipher = sampler.show(variantEncrypt(plain, key, variant.encrypt, a));
          const started = performance.now();
          const d =
            variant.analyze === 'vigenere'
              ? analyzeVigenereDetails(cipher, a, language, MAX_KEY_LENGTH, o.calibrate ? calibrating : {})
              : asDetails(cipher, a, language, variant.analyze as AnalyzedVariant | 'auto', o.calibrate);
          const r = d.analysis;
          times.push(performance.now() - started);
          const truth = variant.encrypt === 'porta' ? portaKey(key, a) : key;
          const right = r.probable_key === truth && (!('variant' in r) || r.variant === variant.encrypt);
          const perKeyLetter = letters / [...r.probable_key].length;
          const evidence = { evidence: d.evidence, inner: d.inner, right, letters, layoutClass: d.layoutClass };
          outcomes.push({
            conf: r.confidence,
            right,
            noAnswer: r.no_answer,
            letters,
            perKeyLetter,
            raw: d.raw,
            evidence,
          });
          if (o.dump)
            appendFileSync(
              o.dump,
              `${JSON.stringify({ format: ctx.format, language, L, m, letters, got: r.probable_key.length, raw: d.raw, evidence: d.evidence, inner: d.inner, right, layoutClass: d.layoutClass })}\n`,
            );
          if (!right && (o.diag || shown++ < o.misses)) {
            let why = '';
            if (o.diag) {
              const truth = keyEvidence(cipher, a, language, letterIndices(key, a));
              const got = keyEvidence(cipher, a, language, letterIndices(r.probable_key, a));
              // Same length: the likelihoods decide (the length score marginalises each key letter, so a key
              // one letter off scores the same). Different lengths: the length score does.
              const search = key.length === r.probable_key.length ? truth.ll > got.ll : truth.score > got.score;
              why =
                ` ${search ? 'SEARCH' : 'MODEL'} true ${truth.score.toFixed(2)} (ll ${truth.ll.toFixed(1)})` +
                ` got ${got.score.toFixed(2)} (ll ${got.ll.toFixed(1)})`;
            }
            console.log(
              `  miss ${ctx.format} ${language} L=${L} ${m}·L conf ${r.confidence.toFixed(3)} true ${key} got ${r.probable_key}${why} | ` +
                `${JSON.stringify(vigenereDecrypt(cipher, r.probable_key, a).slice(0, 90))} | ${JSON.stringify(sampler.show(plain).slice(0, 90))}`,
            );
          }
          const l = letterIndices(cipher, a);
          const max = Math.min(MAX_KEY_LENGTH, Math.floor(l.length / 2));
          const name = (k: number[]): string =>
            reduceKey(k)
              .map((x) => a.letters[x])
              .join('');
          // The baselines are told the true key length; IoC alone picks it badly on texts this short.
          const told = oracle ? L : undefined;
          t.n++;
          t.ours += right ? 1 : 0;
          t.chi += name(vigenereChi(l, b, max, told)) === key ? 1 : 0;
          t.quad += name(vigenereQuad(l, b, max, told)) === key ? 1 : 0;
        }
        return tallyText(t);
      });
      console.log(`| ${language} | ${L} | ${row.join(' | ')} | ${median(times).toFixed(1)} |`);
    }
  }
  printWorst(grid, o['key-lengths']);
  return { grid, outcomes };
}

function printWorst(grid: Grid, keyLengths: number[]): void {
  console.log('\nWorst language per cell (ours, %):');
  for (const L of keyLengths) {
    const columns = [...grid].flatMap(([column, rows]) => {
      const rates = [...rows].filter(([r, t]) => r.endsWith(` L=${L}`) && t.n > 0).map(([, t]) => t.ours / t.n);
      return rates.length ? [`${column} ${pct(Math.min(...rates), 1)}`] : [];
    });
    if (columns.length) console.log(`  L=${L}: ${columns.join(', ')}`);
  }
}
