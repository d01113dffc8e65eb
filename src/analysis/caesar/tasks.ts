// Caesar's solver as plain-data tasks for the worker pool (src/compute): each call, what it costs, and how a bulk
// solve is cut into pieces, beside the solver whose speed they describe.
import { type AlphabetSpec, alphabetOf } from '../../core/index.js';
import { AnalysisInputError } from '../errors.js';
import type { Language } from '../language-model/index.js';
import { solveCaesar } from './solve.js';

/**
 * One item of a bulk solve: its best shift, or why the solver could not work with it, named by its field (e.g.
 * `text`). A type literal rather than an interface, so the client's declarations can spell it.
 */
type BulkSolveItem =
  | { shift: number; text: string; confidence: number; noAnswer: number }
  | { field: string; message: string };

type BulkArgs = { spec: AlphabetSpec; texts: string[]; language: Language | 'auto' };

/** Rough cost in microseconds of a solve of `chars` code units, measured on one core (`npm run bench:core`). */
const solveCost = (chars: number, language: Language | 'auto') => chars * (language === 'auto' ? 2 : 1);

/**
 * A bulk solve runs as pieces of about this cost, one after another, so that the pool can take another client's task
 * between two of them instead of after the whole batch (1,000 texts of 400 letters are 1–2 s of one worker).
 */
export const BULK_CHUNK_COST = 20_000;

/** Consecutive runs of texts whose solve costs at most `limit` each (a text dearer than that runs alone). */
export function bulkChunks(texts: string[], limit = BULK_CHUNK_COST): string[][] {
  const chunks: string[][] = [];
  let current: string[] = [];
  let cost = 0;
  for (const text of texts) {
    const c = bulkCost({ spec: {}, texts: [text], language: 'en' });
    if (current.length && cost + c > limit) {
      chunks.push(current);
      current = [];
      cost = 0;
    }
    current.push(text);
    cost += c;
  }
  if (current.length) chunks.push(current);
  return chunks;
}

/** The one language of a bulk solve with auto: decided from all the texts together. */
function bulkLanguage(args: { spec: AlphabetSpec; texts: string[] }): Language {
  return solveCaesar(args.texts.join('\n'), alphabetOf(args.spec), 'auto', { bestOnly: true }).language;
}

/** Best shift per item; one language for the batch (auto decides it from all the texts together). */
function bulkSolve(args: BulkArgs) {
  const a = alphabetOf(args.spec);
  const language = args.language === 'auto' ? bulkLanguage(args) : args.language;
  const items = args.texts.map((text): BulkSolveItem => {
    try {
      const solved = solveCaesar(text, a, language, { bestOnly: true });
      const best = solved.solutions[0]!;
      return { shift: best.shift, text: best.text, confidence: best.score, noAnswer: solved.noAnswer };
    } catch (e) {
      if (e instanceof AnalysisInputError) return { field: e.field, message: e.message };
      throw e;
    }
  });
  return { language, items };
}

function bulkCost(args: BulkArgs): number {
  let n = 0;
  for (const t of args.texts) n += t.length + 300;
  return solveCost(n, args.language);
}

export const caesarTasks = {
  /** candidateChars: see CaesarSolveOptions (the answer-size budget of the operation). */
  caesarSolve: {
    run: (args: { spec: AlphabetSpec; text: string; language: Language | 'auto'; candidateChars?: number }) =>
      solveCaesar(args.text, alphabetOf(args.spec), args.language, { candidateChars: args.candidateChars }),
    cost: (args: { text: string; language: Language | 'auto' }) => solveCost(args.text.length, args.language),
  },
  caesarBulkLanguage: {
    run: bulkLanguage,
    // As a solve with auto of the texts joined.
    cost: (args: { texts: string[] }) => {
      let n = 0;
      for (const t of args.texts) n += t.length + 1;
      return solveCost(n, 'auto');
    },
  },
  caesarBulkSolve: {
    run: bulkSolve,
    cost: bulkCost,
    pieces: {
      split: (args: BulkArgs): BulkArgs[] => bulkChunks(args.texts).map((texts) => ({ ...args, texts })),
      // Every piece was given the same language (runPieces cuts only batches of two pieces or more).
      join: (parts: ReturnType<typeof bulkSolve>[]) => ({
        language: parts[0]!.language,
        items: parts.flatMap((p) => p.items),
      }),
    },
  },
};
