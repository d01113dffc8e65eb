// The null set of one format: inputs with no answer, and how often the solvers answer them with confidence ≥ 0.5.
//
// Three kinds, each cut from the held-out split like the cells' plaintexts and of the cells' lengths:
//   random    every letter replaced by a uniformly random one (the passage's case and layout kept);
//   shuffled  the passage's own letters in a random order (a transposition: the language's letter frequencies);
//   key       the passage under a Vigenère key longer than the solver can return: 21–40 letters for analyze
//             (max_key_length 20), 2–3 letters for Caesar solve (whose key is one letter; a longer key on a
//             text of 4–10 letters would only be random letters again).
import { appendFileSync } from 'node:fs';
import { analyzeVigenereDetails, type Language, type NoAnswerClass, solveCaesar } from '../../src/analysis/index.js';
import { vigenereEncrypt } from '../../src/core/index.js';
import { CALIBRATING } from './caesar.js';
import { cellSeed, type FormatContext } from './context.js';
import { mulberry32 } from './internals.js';
import { NULL_KINDS, type NullKind, type NullOutcome, nullText, type Solver } from './report.js';
import type { Sampler } from './samples.js';
import { MAX_KEY_LENGTH, vigenereCells } from './vigenere.js';

/** The key lengths of the `key` kind, [shortest, longest], per solver. */
const NULL_KEY_LENGTHS: Record<Solver, [number, number]> = {
  caesar: [2, 3],
  vigenere: [MAX_KEY_LENGTH + 1, 2 * MAX_KEY_LENGTH],
};

function nullInput(sampler: Sampler, solver: Solver, kind: NullKind, letters: number, rng: () => number): string {
  const plain = sampler.plaintext(letters, rng);
  if (kind === 'random') return sampler.show(sampler.randomLetters(plain, rng));
  if (kind === 'shuffled') return sampler.show(sampler.shuffledLetters(plain, rng));
  const [shortest, longest] = NULL_KEY_LENGTHS[solver];
  const key = sampler.key(shortest + Math.floor(rng() * (longest - shortest + 1)), rng);
  return sampler.show(vigenereEncrypt(plain, key, sampler.alphabet));
}

export function runNullSet(ctx: FormatContext): NullOutcome[] {
  const o = ctx.options;
  const per: Record<Solver, number> = { caesar: o['null-caesar'], vigenere: o['null-vigenere'] };
  // The cells' lengths, whether or not the cells themselves run (--skip=caesar,vigenere measures the null set alone).
  const lengths: Record<Solver, number[]> = {
    caesar: per.caesar ? o['caesar-letters'] : [],
    vigenere: per.vigenere ? [...new Set(vigenereCells(ctx).map(([L, m]) => L * m))].sort((x, y) => x - y) : [],
  };
  console.log(
    `\n### Null set, ${ctx.format}: % answered with confidence ≥ 0.5 (mean confidence); ` +
      `per kind, length and language ${per.caesar} inputs to Caesar solve at ${lengths.caesar.join('/') || '—'} letters, ` +
      `${per.vigenere} to Vigenère analyze at ${lengths.vigenere.join('/') || '—'}\n`,
  );
  const items: NullOutcome[] = [];
  const shown = new Map<string, number>();
  for (const language of o.langs) {
    const sampler = ctx.sampler(language);
    for (const solver of ['caesar', 'vigenere'] as const)
      NULL_KINDS.forEach((kind, k) => {
        for (const letters of lengths[solver]) {
          const rng = mulberry32(cellSeed(solver === 'caesar' ? 0x0c0ffee : 0x0b0a7, language, letters, k));
          for (let i = 0; i < per[solver]; i++) {
            const text = nullInput(sampler, solver, kind, letters, rng);
            const { conf, noAnswer, evidence, inner, layoutClass } = answer(
              text,
              sampler,
              language,
              solver,
              o.calibrate,
            );
            if (o.dump && solver === 'vigenere')
              appendFileSync(
                o.dump,
                `${JSON.stringify({ format: ctx.format, language, kind, letters, none: true, evidence, inner, conf, layoutClass })}\n`,
              );
            items.push({
              solver,
              kind,
              language,
              letters,
              conf,
              noAnswer,
              ...(evidence !== undefined && { evidence, inner }),
              ...(layoutClass && { layoutClass }),
            });
            const tag = `${solver} ${kind}`;
            if (conf >= 0.5 && (shown.get(tag) ?? 0) < o.misses) {
              shown.set(tag, (shown.get(tag) ?? 0) + 1);
              console.log(
                `  answered ${ctx.format} ${language} ${tag} ${letters} letters: conf ${conf.toFixed(3)} ${JSON.stringify(text.slice(0, 90))}`,
              );
            }
          }
        }
      });
  }
  const heads = (['caesar', 'vigenere'] as const).flatMap((s) => NULL_KINDS.map((k) => `${s} ${k}`));
  console.log(`| lang | ${heads.join(' | ')} | all |`);
  console.log(`|---|${heads.map(() => '---').join('|')}|---|`);
  for (const language of [...o.langs, 'all'] as const) {
    const mine = items.filter((i) => language === 'all' || i.language === language);
    const cells = (['caesar', 'vigenere'] as const).flatMap((s) =>
      NULL_KINDS.map((k) => nullText(mine.filter((i) => i.solver === s && i.kind === k))),
    );
    console.log(`| ${language} | ${cells.join(' | ')} | ${nullText(mine)} |`);
  }
  for (const solver of ['caesar', 'vigenere'] as const) {
    const byLength = lengths[solver].map(
      (n) => `${n}: ${nullText(items.filter((i) => i.solver === solver && i.letters === n))}`,
    );
    if (byLength.length) console.log(`\n${solver} by letters (every kind and language): ${byLength.join(', ')}`);
  }
  return items;
}

/** The confidence of the solver's answer, as the service reports it, with the evidence the calibration reads. */
function answer(
  text: string,
  sampler: Sampler,
  language: Language,
  solver: Solver,
  calibrate: boolean,
): { conf: number; noAnswer: number; evidence?: number; inner?: number; layoutClass?: NoAnswerClass } {
  if (solver === 'vigenere') {
    const d = analyzeVigenereDetails(text, sampler.alphabet, language, MAX_KEY_LENGTH, {
      ...(calibrate && { noAnswerFit: CALIBRATING }),
    });
    return {
      conf: d.analysis.confidence,
      noAnswer: d.noAnswer,
      evidence: d.evidence,
      inner: d.inner,
      layoutClass: d.layoutClass,
    };
  }
  const options = { bestOnly: true, ...(calibrate && { noAnswerFit: CALIBRATING }) };
  const r = solveCaesar(text, sampler.alphabet, language, options);
  const conf = r.solutions[0]?.score ?? 0;
  return { conf, noAnswer: r.noAnswer, evidence: r.evidence, inner: conf, layoutClass: r.noAnswerClass };
}
