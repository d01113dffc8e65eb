// The heavy solver calls as plain-data tasks, so the same code runs inline or in a worker thread.
import { AnalysisInputError, analyzeVigenere, identify, type Language, solveCaesar } from '../analysis/index.js';
import { type AlphabetName, resolveAlphabet } from '../core/index.js';

export interface AlphabetSpec {
  alphabet?: AlphabetName;
  custom_alphabet?: string;
}

export interface BulkSolveItem {
  shift: number;
  text: string;
  confidence: number;
}

/** An item the solver could not work with, named by its field (e.g. `text`). */
export interface BulkSolveFailure {
  field: string;
  message: string;
}

/** The alphabet a spec names (resolveAlphabet supplies the default). */
export const alphabetOf = (spec: AlphabetSpec) => resolveAlphabet(spec.alphabet, spec.custom_alphabet);

export const TASKS = {
  /** candidateChars: see CaesarSolveOptions (the answer-size budget, routers/answer-size.ts). */
  caesarSolve(args: { spec: AlphabetSpec; text: string; language: Language | 'auto'; candidateChars?: number }) {
    return solveCaesar(args.text, alphabetOf(args.spec), args.language, { candidateChars: args.candidateChars });
  },

  /** The one language of a bulk solve with auto: decided from all the texts together. */
  caesarBulkLanguage(args: { spec: AlphabetSpec; texts: string[] }): Language {
    return solveCaesar(args.texts.join('\n'), alphabetOf(args.spec), 'auto', { bestOnly: true }).language;
  },

  /** Best shift per item; one language for the batch (auto decides it from all the texts together). */
  caesarBulkSolve(args: { spec: AlphabetSpec; texts: string[]; language: Language | 'auto' }) {
    const a = alphabetOf(args.spec);
    const language = args.language === 'auto' ? TASKS.caesarBulkLanguage(args) : args.language;
    const items = args.texts.map((text): BulkSolveItem | BulkSolveFailure => {
      try {
        const best = solveCaesar(text, a, language, { bestOnly: true }).solutions[0]!;
        return { shift: best.shift, text: best.text, confidence: best.score };
      } catch (e) {
        if (e instanceof AnalysisInputError) return { field: e.field, message: e.message };
        throw e;
      }
    });
    return { language, items };
  },

  vigenereAnalyze(args: { spec: AlphabetSpec; text: string; language: Language | 'auto'; maxKeyLength: number }) {
    return analyzeVigenere(args.text, alphabetOf(args.spec), args.language, args.maxKeyLength);
  },

  identify(args: { spec: AlphabetSpec; text: string; language: Language | 'auto'; maxKeyLength: number }) {
    return identify(args.text, alphabetOf(args.spec), args.language, { maxKeyLength: args.maxKeyLength });
  },
};

export type TaskKind = keyof typeof TASKS;
export type TaskArgs<K extends TaskKind> = Parameters<(typeof TASKS)[K]>[0];
export type TaskResult<K extends TaskKind> = ReturnType<(typeof TASKS)[K]>;

/**
 * Rough cost in microseconds, measured on one core: below INLINE_COST a task runs on the calling thread,
 * because the hop to a worker (copying text both ways) would cost more than it saves.
 */
export function taskCost<K extends TaskKind>(kind: K, args: TaskArgs<K>): number {
  switch (kind) {
    case 'caesarSolve': {
      const a = args as TaskArgs<'caesarSolve'>;
      return a.text.length * (a.language === 'auto' ? 2 : 1);
    }
    case 'caesarBulkLanguage': {
      // As a solve with auto of the texts joined.
      let n = 0;
      for (const t of (args as TaskArgs<'caesarBulkLanguage'>).texts) n += t.length + 1;
      return n * 2;
    }
    case 'caesarBulkSolve': {
      const a = args as TaskArgs<'caesarBulkSolve'>;
      let n = 0;
      for (const t of a.texts) n += t.length + 300;
      return n * (a.language === 'auto' ? 2 : 1);
    }
    default:
      // Even a 20-letter analysis fits several key lengths and languages: always worth a worker.
      return Number.POSITIVE_INFINITY;
  }
}

export const INLINE_COST = 3000;

/**
 * A bulk solve runs as tasks of about this cost, one after another, so that the pool can take another client's task
 * between two of them instead of after the whole batch (1,000 texts of 400 letters are 1–2 s of one worker).
 */
export const BULK_CHUNK_COST = 20_000;

/** Consecutive runs of texts whose solve costs at most `limit` each (a text dearer than that runs alone). */
export function bulkChunks(texts: string[], limit = BULK_CHUNK_COST): string[][] {
  const chunks: string[][] = [];
  let current: string[] = [];
  let cost = 0;
  for (const text of texts) {
    const c = taskCost('caesarBulkSolve', { spec: {}, texts: [text], language: 'en' });
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

/**
 * Tasks that run as pieces, one after another (runPieces in compute.ts), so that the pool can take another
 * client's task between two of them: how to cut the arguments, and how to join the pieces' results.
 */
export const PIECES: {
  [K in TaskKind]?: { split(args: TaskArgs<K>): TaskArgs<K>[]; join(parts: TaskResult<K>[]): TaskResult<K> };
} = {
  caesarBulkSolve: {
    split: (args) => bulkChunks(args.texts).map((texts) => ({ ...args, texts })),
    // Every piece was given the same language (runPieces cuts only batches of two pieces or more).
    join: (parts) => ({ language: parts[0]!.language, items: parts.flatMap((p) => p.items) }),
  },
};

export function runTask<K extends TaskKind>(kind: K, args: TaskArgs<K>): TaskResult<K> {
  const fn = TASKS[kind] as (a: TaskArgs<K>) => TaskResult<K>;
  return fn(args);
}
