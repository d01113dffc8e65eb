// The final-test read: the accuracy bench on the corpus's final-test part, once per issue, recorded in docs/final-test-reads.md.
//
// Usage: npm run bench:final -- --issue N [--force] [any option of npm run bench:accuracy but --split]
// The read is logged before the bench starts (a read that crashes has still been read), and the log is a
// committed file: commit it with the closing note's figures. A second read for one issue is refused unless
// --force, and a forced read is logged as one.
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../scripts/lib/service-process.js';
import { decideRead, EMPTY_LOG, FINAL_ISSUE_ENV, FINAL_LOG, formatRead, readsOf, statusArgs } from './final-log.js';

function usage(message: string): never {
  console.error(`${message}\nusage: npm run bench:final -- --issue N [--force] [bench:accuracy options but --split]`);
  process.exit(2);
}

/** --issue and --force, and the rest for the bench. */
function parse(argv: string[]): { issue: number; force: boolean; rest: string[] } {
  let issue: number | undefined;
  let force = false;
  const rest: string[] = [];
  for (let k = 0; k < argv.length; k++) {
    const arg = argv[k] as string;
    if (arg === '--force') force = true;
    else if (arg === '--issue' || arg.startsWith('--issue=')) {
      const value = arg === '--issue' ? argv[++k] : arg.slice('--issue='.length);
      issue = Number(value);
      if (!Number.isInteger(issue) || issue < 1) usage(`--issue wants an issue number, not "${value ?? ''}"`);
    } else if (arg === '--split' || arg.startsWith('--split='))
      usage('bench:final reads the final-test part: no --split');
    else rest.push(arg);
  }
  if (issue === undefined) usage('bench:final needs --issue N: the issue whose closing note the figures are for');
  return { issue, force, rest };
}

/** HEAD, marked modified when tracked files differ from it; the log itself aside (a read before this one wrote it). */
function commit(): string {
  const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  const dirty = execFileSync('git', statusArgs(ROOT, FINAL_LOG), { cwd: ROOT, encoding: 'utf8' });
  return dirty.trim() ? `${head} (modified)` : head;
}

const { issue, force, rest } = parse(process.argv.slice(2));
const log = existsSync(FINAL_LOG) ? readFileSync(FINAL_LOG, 'utf8') : EMPTY_LOG;
const decision = decideRead(readsOf(log), issue, force);
if (!decision.allowed) {
  console.error(decision.message);
  process.exit(3);
}
if (!existsSync(FINAL_LOG)) writeFileSync(FINAL_LOG, EMPTY_LOG);
const when = `${new Date().toISOString().slice(0, 16)}Z`;
appendFileSync(FINAL_LOG, formatRead({ issue, when, commit: commit(), forced: force, options: rest.join(' ') }));
console.log(`${decision.message}; recorded in ${FINAL_LOG} (commit it with the figures)`);
const bench = spawnSync(
  process.execPath,
  ['--import', 'tsx', join(ROOT, 'bench', 'accuracy', 'run.ts'), ...rest, '--split=final'],
  { stdio: 'inherit', env: { ...process.env, [FINAL_ISSUE_ENV]: String(issue) } },
);
process.exit(bench.status ?? 1);
