// The OpenAPI document passes Redocly's recommended ruleset with no error and no warning, linted offline; its licence
// is the package's.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../routers/prefixes.js';
import { ROOT } from '../../scripts/lib/service-process.js';
import { LICENSE } from '../../src/http/openapi.js';
import { makeApp, send } from '../http/helpers.js';

const NODE = (process.versions as { bun?: string }).bun ? 'node' : process.execPath;
const CLI = join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}

describe('Redocly lint', () => {
  it('finds nothing to report under the recommended rules, without touching the network', async () => {
    const doc = (await send(makeApp(), `${API_PREFIX}/openapi.json`)).text;
    const dir = mkdtempSync(join(tmpdir(), 'redocly-'));
    const file = join(dir, 'openapi.json');
    writeFileSync(file, doc);
    // Its own config, so no redocly.yaml of the machine or the repository changes the verdict; telemetry off.
    const config = join(dir, 'redocly.yaml');
    writeFileSync(config, 'extends:\n  - recommended\ntelemetry: off\n');
    let stdout = '';
    let stderr = '';
    try {
      stdout = execFileSync(
        NODE,
        ['--import', join(ROOT, 'test/openapi/offline.mjs'), CLI, 'lint', file, '--config', config, '--format', 'json'],
        {
          cwd: dir,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        },
      );
    } catch (e) {
      // Exit status 1 when there are problems: the report still says which.
      const failed = e as { stdout?: string; stderr?: string };
      stdout = failed.stdout ?? '';
      stderr = failed.stderr ?? '';
    }
    expect(stderr).not.toContain('NETWORK ATTEMPT');
    const report = JSON.parse(stdout) as LintReport;
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
  }, 120_000);

  it('states the licence package.json states', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { license: string };
    expect(LICENSE.identifier).toBe(pkg.license);
  });
});
