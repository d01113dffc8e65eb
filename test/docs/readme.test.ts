// README's shell examples run as written against the service started as `npm start` starts it (issue 30, item 12),
// and every answer they show is the answer they get.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type ServiceProcess, startService } from '../../scripts/lib/service-process.js';

const README = readFileSync(`${ROOT}README.md`, 'utf8');
/** Where README says the service listens: `npm start`'s default address. */
const README_ORIGIN = 'http://localhost:3000';

/** The body of every ```sh block, in order. */
const SH_BLOCKS = [...README.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1] as string);

/** A line that runs curl: at its start, or after a pipe. */
const CURL = /(^\s*|\|\s*)curl\s/;
const callsCurl = (block: string) => block.split('\n').some((line) => CURL.test(line));
/** The set-up block calls no endpoint; every other block is an example that does. */
const SETUP = SH_BLOCKS.filter((block) => !callsCurl(block));
const EXAMPLES = SH_BLOCKS.filter(callsCurl);

/**
 * What an example block says its answers are: after the i-th curl, `# {…}` is the whole answer, `# … part …` a piece
 * of it. Other comments are prose.
 */
function shownAnswers(block: string): { call: number; whole?: unknown; part?: string }[] {
  const shown: { call: number; whole?: unknown; part?: string }[] = [];
  let calls = 0;
  for (const line of block.split('\n')) {
    if (CURL.test(line)) calls++;
    if (line.startsWith('# {')) shown.push({ call: calls - 1, whole: JSON.parse(line.slice(2)) });
    else if (line.startsWith('# … ') && line.endsWith(' …')) shown.push({ call: calls - 1, part: line.slice(4, -2) });
  }
  return shown;
}

/**
 * Runs a block in sh against the service, with curl wrapped so that each call also prints its status on a line of its
 * own and gives up after 30 s; the whole block gets 90 s.
 */
function run(block: string, origin: string): { status: number; body: string }[] {
  const wrapper = `curl() { command curl --max-time 30 -w '\\n%{http_code}\\n' "$@"; }\n`;
  const script = wrapper + block.replaceAll(README_ORIGIN, origin);
  const out = spawnSync('sh', ['-c', script], { cwd: ROOT, encoding: 'utf8', timeout: 90_000 });
  expect(out.error, out.stderr).toBeUndefined();
  const lines = out.stdout.split('\n').filter((line, i, all) => line !== '' || i < all.length - 1);
  const answers: { status: number; body: string }[] = [];
  for (let i = 0; i + 1 < lines.length; i += 2)
    answers.push({ body: lines[i] as string, status: Number(lines[i + 1]) });
  return answers;
}

describe('README', () => {
  it('has one set-up block of exactly two commands: install and start, and the tests', () => {
    expect(SETUP).toHaveLength(1);
    const commands = (SETUP[0] as string)
      .split('\n')
      .map((line) => line.replace(/\s+#.*$/, '').trim())
      .filter(Boolean);
    expect(commands).toEqual(['npm install && npm start', 'npm test']);
  });

  it('has shell examples that call the service where npm start listens', () => {
    expect(EXAMPLES.length).toBeGreaterThan(0);
    for (const block of EXAMPLES) expect(block).toContain(README_ORIGIN);
  });

  describe('run as written against the service as npm start runs it', () => {
    let service: ServiceProcess;
    beforeAll(async () => {
      service = await startService();
    }, 60_000);
    afterAll(async () => {
      await service?.stop();
    });

    it.each(EXAMPLES.map((block, i) => [i + 1, block] as const))(
      'example block %i: every call answers 2xx with success:true, and as its comments show',
      (_, block) => {
        const answers = run(block, service.url);
        expect(answers).toHaveLength(block.split('\n').filter((line) => CURL.test(line)).length);
        for (const { status, body } of answers) {
          expect(status, body).toBeGreaterThanOrEqual(200);
          expect(status, body).toBeLessThan(300);
          expect(JSON.parse(body)).toMatchObject({ success: true });
        }
        for (const { call, whole, part } of shownAnswers(block)) {
          const body = answers[call]?.body ?? '';
          if (whole !== undefined) expect(JSON.parse(body)).toEqual(whole);
          else expect(body).toContain(part);
        }
      },
      120_000,
    );
  });
});
