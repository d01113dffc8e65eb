// Breaking a cryptogram (simple substitution): the request with its clues, the answer with its key, and the
// operation that runs the solver in the worker pool.
import { z } from 'zod';
import { UNKNOWN_KEY_LETTER } from '../../../src/analysis/index.js';
import { type Alphabet, alphabetOf, codePointLength, letterIndices } from '../../../src/core/index.js';
import { compute } from '../../compute.js';
import {
  type AlphabetFields,
  alphabetChoice,
  alphabetName,
  crossField,
  doubtReason,
  languageName,
  languageSchema,
  noAnswerField,
  requestAlphabet,
  success,
  textSchema,
  withAlphabetRules,
} from '../../fields.js';
import { post } from '../../operation.js';

const cluesSchema = z
  .record(z.string(), z.string(), { error: 'The clues must be an object of cipher letter to plain letter.' })
  .optional()
  .meta({
    description:
      'Letters you already know: each cipher letter (a key) to the plain letter it stands for (its value), e.g. ' +
      '{"X": "E"}. Every answer keeps them. Case does not matter; no two cipher letters may share a plain letter.',
    example: { Q: 'T' },
  });

/** The index of the one letter of `a` that `s` is, or −1. */
function letterIndex(s: string, a: Alphabet): number {
  const indices = letterIndices(s, a);
  return indices.length === 1 && codePointLength(s) === 1 ? (indices[0] as number) : -1;
}

/** The clues read as [cipher index, plain index] pairs, or the first problem with them. */
function readClues(clues: Record<string, string>, a: Alphabet): [number, number][] | string {
  const pairs: [number, number][] = [];
  const plainSeen = new Map<number, string>();
  const cipherSeen = new Set<number>();
  for (const [c, p] of Object.entries(clues)) {
    const x = letterIndex(c, a);
    const y = letterIndex(p, a);
    if (x < 0 || y < 0)
      return `The clues must map one letter of the selected alphabet to one letter: "${x < 0 ? c : p}" is not one.`;
    if (cipherSeen.has(x)) return `The clues give cipher letter ${a.letters[x]} twice.`;
    const other = plainSeen.get(y);
    if (other !== undefined) return `The clues give plain letter ${a.letters[y]} to both ${other} and ${c}.`;
    cipherSeen.add(x);
    plainSeen.set(y, c);
    pairs.push([x, y]);
  }
  return pairs;
}

const substitutionSolveInput = withAlphabetRules(
  z.object({
    text: textSchema,
    ...alphabetChoice,
    language: languageSchema,
    clues: cluesSchema,
  }),
).check(
  crossField((value, report) => {
    const { clues } = value as { clues?: unknown };
    if (typeof clues !== 'object' || clues === null || Array.isArray(clues)) return;
    if (Object.values(clues).some((v) => typeof v !== 'string')) return;
    // An unusable alphabet is the alphabet rules' to report.
    const a = requestAlphabet(value as AlphabetFields);
    if (!a) return;
    const read = readClues(clues as Record<string, string>, a);
    if (typeof read === 'string') report(['clues'], read);
  }),
);

const ruleSchema = z
  .object({
    cipher: z.enum(['caesar', 'atbash', 'affine', 'keyword']).meta({
      description:
        'caesar: a shift; atbash: the alphabet reversed; affine: plain letter i became a·i + b; keyword: the ' +
        "keyword's letters, then the rest of the alphabet in order.",
      example: 'keyword',
    }),
    shift: z.int().optional().meta({ description: 'caesar only.', example: 3 }),
    a: z.int().optional().meta({ description: 'affine only.', example: 5 }),
    b: z.int().optional().meta({ description: 'affine only.', example: 8 }),
    keyword: z.string().optional().meta({
      description: 'keyword only: the letters the key begins with (the keyword, each letter once).',
      example: 'ZEBRAS',
    }),
  })
  .meta({
    description:
      'Set when a rule made the key: the rule explains the text better than a key without one, and fills the cells ' +
      'the text does not use (`?` where keys of the rule that read the text alike disagree).',
  });

const solution = z
  .object({
    key: z.string().meta({
      description:
        `The cipher alphabet found: the i-th letter is what the i-th letter of the alphabet became; ` +
        `\`${UNKNOWN_KEY_LETTER}\` where the text does not use that plain letter.`,
      example: 'QWERTYUIOPASDFGHJKLZXCVBNM',
    }),
    rule: ruleSchema.optional(),
    text: z.string().meta({ description: 'The text decrypted with that key.', example: 'The quick brown fox' }),
    confidence: z.number().meta({
      description:
        'Probability that this key is right on every letter the text uses, "no answer" weighed too (see no_answer).',
      example: 0.97,
    }),
  })
  .meta({ description: 'One candidate decryption.' });

const substitutionSolveOutput = z.object({
  success,
  best_solution: solution.meta({ description: 'The most probable decryption.' }),
  runners_up: z
    .array(solution)
    .meta({ description: 'A few other keys, distinct from the best on the text’s letters, most probable first.' }),
  no_answer: noAnswerField('a simple substitution of prose'),
  reason: doubtReason('best_solution'),
  alphabet: alphabetName,
  language: languageName,
});

export const solve = post(
  {
    path: '/substitution/solve',
    summary: 'Break a cryptogram (simple substitution)',
    description:
      'Searches for the cipher alphabet under which the text reads best as prose in the language (n-gram model, ' +
      'and whole words where the text keeps its word breaks), keeping any clues you give. Reads the text as ' +
      'written, letters only or in groups, accents kept or folded to A–Z. Keys a rule makes (a Caesar shift, Atbash, ' +
      'an affine key, a keyword alphabet) are weighed against the general one: when one explains the text better, ' +
      'the answer names it in `rule` and its key fills the letters the text does not use. The confidence is the ' +
      'probability that the key is right on every letter the text uses; `reason` says why when it is below 0.5.',
  },
  {
    input: substitutionSolveInput,
    solver: true,
    output: substitutionSolveOutput,
    run: async (input, ctx) => {
      const a = alphabetOf(input);
      const clues = input.clues ? readClues(input.clues, a) : [];
      const result = await compute(ctx, 'substitutionSolve', {
        spec: { alphabet: input.alphabet, custom_alphabet: input.custom_alphabet },
        text: input.text,
        language: input.language,
        clues: typeof clues === 'string' ? [] : clues,
      });
      const [best, ...rest] = result.solutions.map((s) => ({
        key: s.key,
        ...(s.rule && { rule: s.rule }),
        text: s.text,
        confidence: s.score,
      }));
      return {
        success: true as const,
        best_solution: best!,
        runners_up: rest,
        no_answer: result.noAnswer,
        ...(result.reason && { reason: result.reason }),
        alphabet: input.alphabet,
        language: result.language,
      };
    },
    // A Tale of Two Cities (Dickens, public domain), enciphered with the keyword DICKENS: the text never shows plain C,
    // so the keyword's third letter and the cells of J and K are `?` (keywords alike on the text disagree there).
    example: {
      request: {
        text:
          'Bt wdr tae iert mn tbjer, bt wdr tae wmqrt mn tbjer, bt wdr tae dse mn wbrkmj, bt wdr tae dse mn ' +
          'nmmhbralerr.',
        language: 'en',
      },
    },
  },
);
