// The final-test read (bench/accuracy/final.ts): once per issue, logged before the bench starts, a second read refused unless forced.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  decideRead,
  EMPTY_LOG,
  type FinalRead,
  formatRead,
  readsOf,
  statusArgs,
} from '../../bench/accuracy/final-log.js';
import { OptionError, readOptions } from '../../bench/accuracy/options.js';

const READ: FinalRead = {
  issue: 32,
  when: '2026-11-28T14:00Z',
  commit: 'abc1234',
  forced: false,
  options: '--langs=en',
};

describe('the log of final-test reads', () => {
  it('reads back what it writes, and nothing from the header', () => {
    const log = `${EMPTY_LOG}${formatRead(READ)}${formatRead({ ...READ, issue: 7, forced: true, options: '' })}`;
    expect(readsOf(EMPTY_LOG)).toEqual([]);
    expect(readsOf(log)).toEqual([READ, { ...READ, issue: 7, forced: true, options: '' }]);
  });

  it('writes one table row, a pipe in the options made harmless', () => {
    expect(formatRead({ ...READ, options: '--sources=a|b' })).toBe(
      '| 32 | 2026-11-28T14:00Z | abc1234 | no | `--sources=a/b` |\n',
    );
  });

  it('lets an issue read once, refuses a second read, and allows it forced, saying so', () => {
    expect(decideRead([], 32, false)).toEqual({
      allowed: true,
      message: 'issue 32: first read of the final-test part',
    });
    const second = decideRead([READ], 32, false);
    expect(second.allowed).toBe(false);
    expect(second.message).toContain('issue 32 has already read the final-test part (2026-11-28T14:00Z at abc1234)');
    const forced = decideRead([READ], 32, true);
    expect(forced.allowed).toBe(true);
    expect(forced.message).toContain('FORCED read number 2');
    expect(decideRead([READ], 33, false).allowed).toBe(true);
  });

  it("names the commit read without counting the log's own new row as a change", () => {
    const args = statusArgs('/repo', '/repo/docs/final-test-reads.md');
    expect(args).toEqual([
      'status',
      '--porcelain',
      '--untracked-files=no',
      '--',
      '.',
      ':(exclude)docs/final-test-reads.md',
    ]);
    // A log outside the repository (FINAL_TEST_LOG) is not in its status anyway: no pathspec may name it.
    expect(statusArgs('/repo', '/tmp/log.md')).toEqual(['status', '--porcelain', '--untracked-files=no', '--', '.']);
  });

  it('is committed, and every row of it reads', () => {
    const committed = readFileSync(new URL('../../docs/final-test-reads.md', import.meta.url), 'utf8');
    expect(committed.startsWith(EMPTY_LOG)).toBe(true);
    const rows = committed.slice(EMPTY_LOG.length).split('\n').filter(Boolean);
    expect(readsOf(committed)).toHaveLength(rows.length);
  });
});

describe('bench:accuracy', () => {
  it('reads validation by default and refuses the final part unless bench:final started it', () => {
    expect(readOptions([], {}).split).toBe('validation');
    expect(readOptions(['--split=dev'], {}).split).toBe('dev');
    expect(() => readOptions(['--split=final'], {})).toThrow(OptionError);
    expect(() => readOptions([], { BENCH_SPLIT: 'final' })).toThrow(/npm run bench:final -- --issue N/);
    expect(() => readOptions(['--split=held-out'], {})).toThrow(OptionError);
  });
});

describe('npm run bench:final', () => {
  const dir = mkdtempSync(join(tmpdir(), 'final-reads-'));
  const log = join(dir, 'reads.md');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** bench:final with its log in the temporary folder; --help makes the bench print its options and stop. */
  const final = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'bench/accuracy/final.ts', ...args], {
      cwd: new URL('../..', import.meta.url),
      env: { ...process.env, FINAL_TEST_LOG: log },
      encoding: 'utf8',
    });

  it('logs the first read and starts the bench on the final part, refuses the second, logs a forced third', () => {
    const first = final('--issue', '5', '--help');
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('issue 5: first read of the final-test part; recorded in');
    expect(first.stdout).toContain('Usage: npm run bench:accuracy');
    expect(readsOf(readFileSync(log, 'utf8'))).toMatchObject([{ issue: 5, forced: false, options: '--help' }]);

    const second = final('--issue=5', '--help');
    expect(second.status).toBe(3);
    expect(second.stderr).toContain('issue 5 has already read the final-test part');
    expect(second.stdout).not.toContain('Usage: npm run bench:accuracy');
    expect(readsOf(readFileSync(log, 'utf8'))).toHaveLength(1);

    const third = final('--issue', '5', '--force', '--help');
    expect(third.status).toBe(0);
    expect(third.stdout).toContain('FORCED read number 2');
    expect(readsOf(readFileSync(log, 'utf8'))).toMatchObject([{ forced: false }, { issue: 5, forced: true }]);
  });

  it.each([
    [[], 'bench:final needs --issue N'],
    [['--issue', 'x'], '--issue wants an issue number, not "x"'],
    [['--issue', '5', '--split=validation'], 'no --split'],
  ])('refuses %j: %s', (args, message) => {
    const run = final(...args);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(message);
  });
});
