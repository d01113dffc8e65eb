// The built client package: ESM, CJS and declarations exist, hold no server code, stay small, and work when imported.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveServer, ROOT, startServer } from './live-server.js';

const CLIENT = join(ROOT, 'client');
const DIST = join(CLIENT, 'dist');
const NODE = (process.versions as { bun?: string }).bun ? 'node' : process.execPath;
/** Generous for ~6 KB of code today, tight enough to catch a server module or a bundled dependency. */
const MAX_BUNDLE_BYTES = 16 * 1024;
const SERVER_MARKERS = ['elysia', 'zod', 'initTRPC', 'createApp', 'trpc-to-openapi', 'superRefine', 'solveCaesar'];

describe('the built client package', () => {
  let server: LiveServer;

  beforeAll(async () => {
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: CLIENT, stdio: 'pipe' });
    server = await startServer('node');
  }, 120_000);
  afterAll(() => server?.stop());

  it('exports ESM, CJS and declarations as package.json says', () => {
    const pkg = JSON.parse(readFileSync(join(CLIENT, 'package.json'), 'utf8'));
    const root = pkg.exports['.'];
    for (const file of [root.import.default, root.import.types, root.require.default, root.require.types]) {
      expect(statSync(join(CLIENT, file)).isFile()).toBe(true);
    }
    expect(pkg.name).toBe('@cipher-service/client');
    expect(Object.keys(pkg.peerDependencies).sort()).toEqual(['@trpc/client', '@trpc/server', 'superjson']);
  });

  it.each(['index.js', 'index.cjs'])('%s holds no server code and is small', (file) => {
    const code = readFileSync(join(DIST, file), 'utf8');
    for (const marker of SERVER_MARKERS) expect(code, marker).not.toContain(marker);
    expect(code.length).toBeLessThan(MAX_BUNDLE_BYTES);
    // Only the peer dependencies are imported.
    const imports = [...code.matchAll(/(?:from\s*|require\()\s*["']([^"']+)["']/g)].map((m) => m[1]);
    expect(new Set(imports)).toEqual(new Set(['@trpc/client', 'superjson']));
  });

  it('declarations import only the peer dependencies', () => {
    const dts = readFileSync(join(DIST, 'index.d.ts'), 'utf8');
    const imports = [...dts.matchAll(/from\s+'([^']+)'/g)].map((m) => m[1]);
    expect(new Set(imports)).toEqual(new Set(['@trpc/client', '@trpc/server']));
  });

  it('type-checks a consumer against the declarations alone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cipher-client-consumer-'));
    writeFileSync(
      join(dir, 'consumer.ts'),
      `import { createCipherClient, createRestClient, CipherApiError } from '${DIST}/index.js';
const rest = createRestClient({ baseUrl: 'http://localhost:3000' });
const trpc = createCipherClient({ url: 'http://localhost:3000/trpc' });
export async function demo(): Promise<string> {
  const a = await rest.caesar.encrypt({ text: 'abc', shift: 1, alphabet: 'german' });
  const b = await trpc.vigenere.analyze.mutate({ text: 'x'.repeat(20), max_key_length: 5 });
  const n: number = b.analysis.best_key_length;
  // @ts-expect-error shift must be a number
  await rest.caesar.encrypt({ text: 'abc', shift: '1' });
  // @ts-expect-error no such alphabet
  await trpc.caesar.encrypt.mutate({ text: 'abc', shift: 1, alphabet: 'klingon' });
  try { await rest.meta.health(); } catch (e) { if (e instanceof CipherApiError) return String(e.retryAfter) + e.errors; }
  return a.result + n;
}
`,
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          lib: ['ES2023', 'DOM', 'ESNext.Disposable'],
          types: [],
          typeRoots: [join(ROOT, 'node_modules/@types')],
          baseUrl: ROOT,
          paths: { '*': [join(ROOT, 'node_modules/*')] },
        },
        files: ['consumer.ts'],
      }),
    );
    // The root TypeScript 5.9, as a consumer would have it; throws with the diagnostics on failure.
    try {
      execFileSync(NODE, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir], { stdio: 'pipe' });
    } catch (e) {
      throw new Error(String((e as { stdout?: Buffer }).stdout ?? e));
    }
  }, 60_000);

  it.each([
    ['ESM', `import('${DIST}/index.js')`],
    ['CJS', `Promise.resolve(require('${DIST}/index.cjs'))`],
  ])('%s build calls the live service', (_, load) => {
    const script = `${load}.then(async (m) => {
      const rest = m.createRestClient({ baseUrl: process.argv[1] });
      const trpc = m.createCipherClient({ url: process.argv[1] + '/trpc' });
      const a = await rest.caesar.encrypt({ text: 'abc', shift: 1 });
      const b = await trpc.rot13.transform.mutate({ text: 'abc' });
      const e = await rest.caesar.encrypt({ text: 'abc', shift: 99 }).catch((x) => x);
      console.log(JSON.stringify([a.result, b.result, e instanceof m.CipherApiError, e.status]));
    })`;
    const out = execFileSync(NODE, ['-e', script, server.url], { cwd: ROOT, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual(['bcd', 'nop', true, 422]);
  });
});
