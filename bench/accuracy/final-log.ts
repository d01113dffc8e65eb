// The committed log of final-test reads (docs/final-test-reads.md): which issue read the corpus's final-test part, when, at which commit.
import { isAbsolute, join, relative } from 'node:path';
// The repository's root from the service's process helpers: the log needs nothing of the corpus modules.
import { ROOT } from '../../scripts/lib/service-process.js';

/** Set by `npm run bench:final` for the bench it starts: the accuracy bench reads the final part only then. */
export const FINAL_ISSUE_ENV = 'BENCH_FINAL_ISSUE';

/** The log; FINAL_TEST_LOG moves it (the tests write a log of their own). */
export const FINAL_LOG = process.env.FINAL_TEST_LOG ?? join(ROOT, 'docs', 'final-test-reads.md');

export interface FinalRead {
  issue: number;
  /** ISO 8601, UTC, to the minute. */
  when: string;
  commit: string;
  forced: boolean;
  /** The bench's options as given. */
  options: string;
}

/** What the log holds before its first read. */
export const EMPTY_LOG = `# Final-test reads

One row per read of the corpus's final-test part (scripts/corpus/split.ts), written by
\`npm run bench:final -- --issue N [bench options]\` before it starts the accuracy bench on that part. The part is
read once per issue, for the figures of its closing note; a second read for the same issue is refused unless
\`--force\` is given, and then the row says "forced". Commit this file with the figures.

| issue | when (UTC) | commit | forced | options |
|---|---|---|---|---|
`;

const ROW = /^\| (\d+) \| ([^|]+) \| ([^|]+) \| (yes|no) \| (.*) \|$/;

/** The reads the log records, in order. */
export function readsOf(log: string): FinalRead[] {
  return log.split('\n').flatMap((line) => {
    const m = ROW.exec(line);
    if (!m) return [];
    const [, issue, when, commit, forced, options] = m as unknown as string[];
    return [
      {
        issue: Number(issue),
        when: when as string,
        commit: commit as string,
        forced: forced === 'yes',
        options: (options as string).replace(/^`|`$/g, ''),
      },
    ];
  });
}

/** One row of the log's table. */
export function formatRead(r: FinalRead): string {
  const options = r.options.replaceAll('|', '/');
  return `| ${r.issue} | ${r.when} | ${r.commit} | ${r.forced ? 'yes' : 'no'} | ${options ? `\`${options}\`` : ''} |\n`;
}

/** Whether issue `issue` may read the final part now, and the sentence that says why or why not. */
export function decideRead(
  reads: readonly FinalRead[],
  issue: number,
  force: boolean,
): { allowed: boolean; message: string } {
  const earlier = reads.filter((r) => r.issue === issue);
  if (earlier.length === 0) return { allowed: true, message: `issue ${issue}: first read of the final-test part` };
  const when = earlier.map((r) => `${r.when} at ${r.commit}`).join(', ');
  if (!force)
    return {
      allowed: false,
      message:
        `issue ${issue} has already read the final-test part (${when}): it is read once per issue. ` +
        'Quote that read, or measure on validation (npm run bench:accuracy); --force reads it again and the log says so.',
    };
  return {
    allowed: true,
    message: `issue ${issue}: a FORCED read number ${earlier.length + 1} of the final-test part (before: ${when}); the log records it as forced`,
  };
}

/**
 * `git status` of the tracked files in `root` but the log (when it lies inside): a read after another, whose row the
 * log holds uncommitted, is still of the commit it names.
 */
export function statusArgs(root: string, log: string): string[] {
  const inside = relative(root, log);
  const aside = inside.startsWith('..') || isAbsolute(inside) ? [] : [`:(exclude)${inside}`];
  return ['status', '--porcelain', '--untracked-files=no', '--', '.', ...aside];
}
