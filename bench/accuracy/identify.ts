// The identify table of one format (issues 18, 27): plain, Caesar, ROT13, Vigenère (keys of 3–12 letters), random
// letters, Atbash, affine and random cipher alphabets in every language, each identified with language auto; exact verdicts, unknown on random letters, plain
// called a cipher, the calibration error, and the fit of the identify calibration on the development split.
import { appendFileSync, readFileSync } from 'node:fs';
import {
  CALIBRATION,
  type Calibration,
  type Cipher,
  type Evidence,
  familyPosterior,
  familyScores,
  type Verdict,
  verdicts,
  weigh,
} from '../../src/analysis/identify/index.js';
import type { Language } from '../../src/analysis/index.js';
import {
  type Alphabet,
  affineEncrypt,
  affineKeyProblem,
  atbash,
  caesarEncrypt,
  letterIndices,
  namedAlphabet,
  rot13,
  substitutionEncrypt,
  variantEncrypt,
  vigenereEncrypt,
} from '../../src/core/index.js';
import { ece } from './calibration.js';
import { cellSeed, type FormatContext } from './context.js';
import { mulberry32 } from './internals.js';
import { median, pct } from './report.js';
import { cipherAlphabet, portaKey } from './samples.js';

// The kinds of issue 27 come last, so that the earlier kinds keep the seeds (and texts) they had before.
const IDENTIFY_KINDS = [
  'plain',
  'caesar',
  'rot13',
  'vigenere',
  'random',
  'atbash',
  'affine',
  'substitution',
  'shuffled',
  'beaufort',
  'autokey',
  'porta',
] as const;
type IdentifyKind = (typeof IDENTIFY_KINDS)[number];
/** The service's default. */
const MAX_KEY_LENGTH = 20;
const KEY_LENGTHS: [number, number] = [3, 12];

interface Truth {
  cipher: Cipher;
  language: Language;
  shift?: number;
  key?: string;
  a?: number;
  b?: number;
}

export interface IdentifyOutcome {
  format: string;
  language: Language;
  kind: IdentifyKind;
  letters: number;
  truth: Truth;
  evidence: Evidence;
  /** Wall time of the identification, and the CPU time this process spent on it (which other processes do not inflate). */
  ms: number;
  cpuMs?: number;
  /** For the first text of a cell whose Vigenère search was skipped (--calibrate only): the evidence had it run. */
  ungated?: Evidence;
}

function sample(
  ctx: FormatContext,
  language: Language,
  kind: IdentifyKind,
  letters: number,
  rng: () => number,
): { text: string; alphabet: Alphabet; truth: Truth } | undefined {
  const sampler = ctx.sampler(language);
  const a = sampler.alphabet;
  const plain = sampler.plaintext(letters, rng);
  switch (kind) {
    case 'plain':
      return { text: sampler.show(plain), alphabet: a, truth: { cipher: 'plain', language } };
    case 'caesar': {
      const shift = 1 + Math.floor(rng() * (a.size - 1));
      const text = sampler.show(caesarEncrypt(plain, shift, a));
      return { text, alphabet: a, truth: { cipher: 'caesar', language, shift } };
    }
    case 'rot13':
      // ROT13 moves A–Z only, whatever the language: read with the basic alphabet, it is shift 13.
      return {
        text: sampler.show(rot13(plain)),
        alphabet: namedAlphabet('basic'),
        truth: { cipher: 'caesar', language, shift: 13 },
      };
    case 'vigenere': {
      const [shortest, longest] = KEY_LENGTHS;
      const key = sampler.key(shortest + Math.floor(rng() * (longest - shortest + 1)), rng);
      return {
        text: sampler.show(vigenereEncrypt(plain, key, a)),
        alphabet: a,
        truth: { cipher: 'vigenere', language, key },
      };
    }
    case 'random':
      return {
        text: sampler.show(sampler.randomLetters(plain, rng)),
        alphabet: a,
        truth: { cipher: 'unknown', language },
      };
    case 'beaufort':
    case 'autokey':
    case 'porta': {
      // Porta needs an alphabet of even length: none of this kind in the others.
      if (kind === 'porta' && a.size % 2 !== 0) return undefined;
      const [shortest, longest] = KEY_LENGTHS;
      const key = sampler.key(shortest + Math.floor(rng() * (longest - shortest + 1)), rng);
      const text = sampler.show(variantEncrypt(plain, key, kind, a));
      return { text, alphabet: a, truth: { cipher: kind, language, key: kind === 'porta' ? portaKey(key, a) : key } };
    }
    case 'shuffled':
      // A passage's own letters in another order: the language's letter frequencies, and nothing else of it.
      return {
        text: sampler.show(sampler.shuffledLetters(plain, rng)),
        alphabet: a,
        truth: { cipher: 'unknown', language },
      };
    case 'atbash':
      return { text: sampler.show(atbash(plain, a)), alphabet: a, truth: { cipher: 'atbash', language } };
    case 'affine': {
      const key = affineKey(a.size, rng);
      return {
        text: sampler.show(affineEncrypt(plain, key, a)),
        alphabet: a,
        truth: { cipher: 'affine', language, ...key },
      };
    }
    case 'substitution': {
      const key = cipherAlphabet(a, rng);
      // The key as identify writes it: `?` for the plain letters the text does not use.
      const used = new Set(letterIndices(plain, a));
      const shown = [...key].map((c, i) => (used.has(i) ? c : '?')).join('');
      return {
        text: sampler.show(substitutionEncrypt(plain, key, a)),
        alphabet: a,
        truth: { cipher: 'substitution', language, key: shown },
      };
    }
  }
}

/** An affine key that is neither a shift (a = 1) nor Atbash, drawn uniformly. */
function affineKey(n: number, rng: () => number): { a: number; b: number } {
  for (;;) {
    const key = { a: 2 + Math.floor(rng() * (n - 2)), b: Math.floor(rng() * n) };
    if (!affineKeyProblem(key, n) && !(key.a === n - 1 && key.b === n - 1)) return key;
  }
}

/** A verdict's or a truth's key, whatever its cipher's is. */
const keyOf = (v: { shift?: number; key?: string; a?: number; b?: number }): string =>
  v.a !== undefined ? `a=${v.a} b=${v.b}` : `${v.shift ?? v.key ?? ''}`;

/** Whether a verdict is exactly the truth: cipher, shift or key, and language (any language for unknown). */
function exact(v: Verdict, t: Truth): boolean {
  if (v.cipher !== t.cipher) return false;
  if (t.cipher === 'unknown') return true;
  return v.language === t.language && v.shift === t.shift && v.key === t.key && v.a === t.a && v.b === t.b;
}

export function runIdentify(ctx: FormatContext, c: Calibration = CALIBRATION): IdentifyOutcome[] {
  const o = ctx.options;
  const lengths = o['identify-letters'];
  const out: IdentifyOutcome[] = [];
  for (const language of o.langs)
    IDENTIFY_KINDS.forEach((kind, k) => {
      for (const letters of lengths) {
        const rng = mulberry32(cellSeed(0x1de7, language, letters, k));
        for (let i = 0; i < o.identify; i++) {
          const drawn = sample(ctx, language, kind, letters, rng);
          if (!drawn) continue;
          const { text, alphabet, truth } = drawn;
          const started = performance.now();
          const cpu = process.cpuUsage();
          const evidence = weigh(text, alphabet, 'auto', { maxKeyLength: MAX_KEY_LENGTH });
          const ms = performance.now() - started;
          const used = process.cpuUsage(cpu);
          const cpuMs = (used.user + used.system) / 1000;
          const outcome: IdentifyOutcome = { format: ctx.format, language, kind, letters, truth, evidence, ms, cpuMs };
          // The gates' check costs full searches: the first text of each cell is enough to see them hold.
          if (o.calibrate && i === 0 && (!evidence.searched || !evidence.substituted) && kind !== 'random')
            outcome.ungated = weigh(text, alphabet, 'auto', { maxKeyLength: MAX_KEY_LENGTH, everySearch: true });
          out.push(outcome);
          if (o['identify-dump']) appendFileSync(o['identify-dump'], `${JSON.stringify(outcome)}\n`);
          const best = verdicts(evidence, 'en', c)[0] as Verdict;
          if (!exact(best, truth) && o.misses > 0)
            console.log(
              `  miss ${ctx.format} ${language} ${kind} ${letters}: ${best.cipher} ${best.language} ${keyOf(best)} ` +
                `(${best.confidence.toFixed(3)}), truth ${truth.cipher} ${keyOf(truth)} ${JSON.stringify(text.slice(0, 60))}`,
            );
        }
      }
    });
  return out;
}

/** The best verdict of every outcome under a calibration. */
const bests = (outcomes: IdentifyOutcome[], c: Calibration) =>
  outcomes.map((x) => ({ x, v: verdicts(x.evidence, 'en', c)[0] as Verdict }));

/** The identify table: exact verdicts per kind and length, per format, and the issue's targets. */
export function printIdentify(outcomes: IdentifyOutcome[], c: Calibration = CALIBRATION): void {
  const lengths = [...new Set(outcomes.map((x) => x.letters))].sort((p, q) => p - q);
  const formats = [...new Set(outcomes.map((x) => x.format))];
  const scored = bests(outcomes, c);
  console.log(
    `\n### Identify: exact verdict % (cipher, shift or key, language; language auto, max_key_length ${MAX_KEY_LENGTH}), n per cell in brackets\n`,
  );
  console.log(`| format | kind | ${lengths.map((l) => `${l} letters`).join(' | ')} |`);
  console.log(`|---|---|${lengths.map(() => '---').join('|')}|`);
  const rate = (xs: typeof scored): string =>
    `${pct(xs.filter(({ x, v }) => exact(v, x.truth)).length, xs.length)} (${xs.length})`;
  for (const f of formats)
    for (const kind of IDENTIFY_KINDS) {
      const cells = lengths.map((l) =>
        rate(scored.filter(({ x }) => x.format === f && x.kind === kind && x.letters === l)),
      );
      console.log(`| ${f} | ${kind} | ${cells.join(' | ')} |`);
    }
  const short = scored.filter(({ x }) => x.letters < 80 && x.letters >= 40);
  const long = scored.filter(({ x }) => x.letters >= 80);
  const random = scored.filter(({ x }) => x.kind === 'random');
  const shuffled = scored.filter(({ x }) => x.kind === 'shuffled');
  const plain = scored.filter(({ x }) => x.kind === 'plain');
  const cipherOnPlain = plain.filter(({ v }) => v.cipher !== 'plain' && v.cipher !== 'unknown' && v.confidence >= 0.5);
  const e = ece(scored.map(({ x, v }) => ({ conf: v.confidence, right: exact(v, x.truth) })));
  const timing = (xs: IdentifyOutcome[]): string => {
    const wall = xs.map((x) => x.ms);
    const cpu = xs.map((x) => x.cpuMs ?? Number.NaN);
    return `${median(wall).toFixed(0)}/${Math.max(...wall).toFixed(0)} (CPU ${median(cpu).toFixed(0)}/${Math.max(...cpu).toFixed(0)})`;
  };
  console.log('\n| target | measured | n |');
  console.log('|---|---|---|');
  console.log(
    `| exact verdict ≥ 95 % at 80 letters and more | ${rate(long).replace(/ \(.*/, '')} % | ${long.length} |`,
  );
  console.log(`| exact verdict ≥ 85 % at 40–79 letters | ${rate(short).replace(/ \(.*/, '')} % | ${short.length} |`);
  console.log(
    `| random letters called unknown ≥ 95 % | ${pct(random.filter(({ v }) => v.cipher === 'unknown').length, random.length)} % | ${random.length} |`,
  );
  console.log(
    `| shuffled letters called a cipher with confidence ≥ 0.5: ≤ 5 % | ${pct(shuffled.filter(({ v }) => v.cipher !== 'unknown' && v.confidence >= 0.5).length, shuffled.length)} % | ${shuffled.length} |`,
  );
  console.log(`| plain called a cipher with confidence ≥ 0.5: never | ${cipherOnPlain.length} | ${plain.length} |`);
  console.log(`| ECE ≤ 0.05 over all verdicts | ${e.toFixed(4)} | ${scored.length} |`);
  console.log('\nms an identification, median/worst wall (CPU):\n');
  console.log(`| letters | all | ${IDENTIFY_KINDS.join(' | ')} |`);
  console.log(`|---|---|${IDENTIFY_KINDS.map(() => '---').join('|')}|`);
  for (const l of lengths) {
    const at = outcomes.filter((x) => x.letters === l);
    console.log(
      `| ${l} | ${timing(at)} | ${IDENTIFY_KINDS.map((k) => timing(at.filter((x) => x.kind === k))).join(' | ')} |`,
    );
  }
  for (const [family, ran] of [
    ['vigenere', (e: Evidence) => e.searched],
    ['substitution', (e: Evidence) => e.substituted],
  ] as const) {
    const gated = outcomes.filter((x) => x.ungated && !ran(x.evidence));
    if (!gated.length) continue;
    const worst = Math.max(
      ...gated.map((x) => {
        const s = familyScores(x.ungated as Evidence);
        const p = familyPosterior(s, c);
        return s.reduce((m, f, i) => (f.cipher === family ? Math.max(m, p[i] as number) : m), 0);
      }),
    );
    const changed = gated.filter((x) => verdicts(x.ungated as Evidence, 'en', c)[0]?.cipher === family).length;
    console.log(
      `${family} search skipped on ${gated.length} texts; run anyway, its largest posterior was ${worst.toExponential(2)} and it won ${changed}`,
    );
  }
}

/**
 * The identify calibration by maximum likelihood (Platt's smoothed target) of the true family and language (any
 * language for random letters and Vigenère) on these outcomes: coordinate descent over each family's temperature and bias,
 * from the shipped calibration.
 */
export function fitIdentify(
  outcomes: IdentifyOutcome[],
  families: readonly Exclude<Cipher, 'unknown'>[] = [
    'plain',
    'caesar',
    'atbash',
    'affine',
    'substitution',
    'vigenere',
    'beaufort',
    'autokey',
    'porta',
  ],
): Calibration {
  const prepared = outcomes.map((x) => {
    const scores = familyScores(x.evidence);
    // The searches report one language: their families count as the truth's in whichever they found.
    const oneLanguage = (f: (typeof scores)[number]) =>
      ['vigenere', 'substitution', 'beaufort', 'autokey', 'porta'].includes(f.cipher);
    const truth = scores.flatMap((f, i) =>
      f.cipher === x.truth.cipher && (oneLanguage(f) || f.cipher === 'unknown' || f.language === x.truth.language)
        ? [i]
        : [],
    );
    return { scores, truth };
  });
  // Platt's smoothed target, as fitPlatt: texts the evidence separates perfectly cannot drive the fit to an edge.
  const y = (prepared.length + 1) / (prepared.length + 2);
  // A weak pull towards no bias and temperature 1, so that directions the texts cannot tell apart stay there.
  const pull = (c: Calibration): number =>
    Object.values(c.bias).reduce((s, b) => s + 0.01 * b * b, 0) +
    Object.values(c.temperature).reduce((s, t) => s + 0.01 * Math.log(t) ** 2, 0);
  const loss = (c: Calibration): number =>
    prepared.reduce((sum, { scores, truth }) => {
      const p = familyPosterior(scores, c);
      // Floored, so that a text no calibration could explain (a key the search missed) cannot outweigh the rest.
      const q = Math.min(
        1 - 1e-15,
        Math.max(
          1e-9,
          truth.reduce((s, i) => s + (p[i] as number), 0),
        ),
      );
      return sum - y * Math.log(q) - (1 - y) * Math.log1p(-q);
    }, pull(c));
  let best: Calibration = structuredClone(CALIBRATION);
  let bestLoss = loss(best);
  for (let round = 0; round < 4; round++)
    for (const cipher of families) {
      // Never sharper than the evidence itself: the Caesar shares are already calibrated by the models' temperatures.
      for (let t = 1; t <= 200; t *= 1.05) {
        const c = { ...best, temperature: { ...best.temperature, [cipher]: t } };
        const l = loss(c);
        if (l < bestLoss) [best, bestLoss] = [c, l];
      }
      for (let b = -60; b <= 60; b += 0.25) {
        const c = { ...best, bias: { ...best.bias, [cipher]: b } };
        const l = loss(c);
        if (l < bestLoss) [best, bestLoss] = [c, l];
      }
    }
  console.log(
    `\nIdentify calibration fit on ${outcomes.length} texts: ${JSON.stringify(best)} ` +
      `(log loss ${bestLoss.toFixed(1)}; ${loss(CALIBRATION).toFixed(1)} with the shipped calibration)`,
  );
  return best;
}

/** The identifications a --identify-dump file holds (JSON writes −∞ evidence as null: read back as −∞). */
export function readIdentifyDump(file: string): IdentifyOutcome[] {
  const infinite = (e: Evidence): void => {
    for (const l of e.languages) {
      l.plain ??= Number.NEGATIVE_INFINITY;
      l.caesar ??= Number.NEGATIVE_INFINITY;
      l.atbash ??= Number.NEGATIVE_INFINITY;
      l.affine ??= Number.NEGATIVE_INFINITY;
    }
  };
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const x = JSON.parse(line) as IdentifyOutcome;
      infinite(x.evidence);
      if (x.ungated) infinite(x.ungated);
      return x;
    });
}
