// The built client package: ESM, CJS and declarations exist, hold no server code, stay small, work when imported,
// and, packed by npm, install into an empty project where JavaScript (ESM, CJS) and TypeScript use it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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

  describe('packed with npm pack', () => {
    /** An empty project with the tarball and the peer dependencies installed, as the README tells users. */
    let project: string;
    let files: string[];
    // npm's own variables from the `npm test` around us would point the child npm at this repository.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('npm_')));
    const npm = (args: string[], cwd: string) =>
      execFileSync('npm', args, { cwd, env, encoding: 'utf8', stdio: 'pipe' });
    /** The version this repository builds and tests against, so the install comes from npm's cache when it can. */
    const versionOf = (name: string): string =>
      JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
    /** Runs a program of the project against the live service; it prints one JSON line. */
    const run = (file: string) =>
      JSON.parse(execFileSync(NODE, [file, server.url], { cwd: project, encoding: 'utf8', env }));

    beforeAll(() => {
      const dir = mkdtempSync(join(tmpdir(), 'cipher-client-pack-'));
      // The build above is fresh: no need for the prepack script's own (whose output would mix with the JSON).
      const [packed] = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', dir], CLIENT));
      files = packed.files.map((f: { path: string }) => f.path).sort();
      project = join(dir, 'project');
      mkdirSync(project);
      writeFileSync(
        join(project, 'package.json'),
        JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }),
      );
      const peers = ['@trpc/client', '@trpc/server', 'superjson', 'typescript'].map((n) => `${n}@${versionOf(n)}`);
      npm(['install', '--no-audit', '--no-fund', '--prefer-offline', join(dir, packed.filename), ...peers], project);
    }, 180_000);

    it('holds the build, its declarations, the README, the licence and package.json, nothing else', () => {
      expect(files).toEqual([
        'LICENSE',
        'README.md',
        'dist/index.cjs',
        'dist/index.cjs.map',
        'dist/index.d.cts',
        'dist/index.d.ts',
        'dist/index.js',
        'dist/index.js.map',
        'package.json',
      ]);
      const pkg = JSON.parse(readFileSync(join(project, 'node_modules/@cipher-service/client/package.json'), 'utf8'));
      expect(pkg).toMatchObject({ license: 'MIT', engines: { node: '>=22' } });
    });

    // What every program below does: a REST call, a tRPC call, and a refused input through the error class.
    const calls = `const rest = createRestClient({ baseUrl: process.argv[2] });
const trpc = createCipherClient({ url: process.argv[2] + '/trpc' });
const a = await rest.vigenere.encrypt({ text: 'Attack at dawn!', key: 'LEMON' });
const b = await trpc.caesar.decrypt.mutate({ text: 'Khoor', shift: 3 });
const e = await rest.caesar.encrypt({ text: 'abc', shift: 99 }).then(() => null, (x) => x);
const refused = e instanceof CipherApiError ? [e.status, Object.keys(e.errors)] : [e];
console.log(JSON.stringify([a.result, b.result, ...refused]));`;
    const ANSWER = ['Lxfopv ef rnhr!', 'Hello', 422, ['shift']];

    it('works from plain JavaScript: ESM import and CommonJS require', () => {
      const names = '{ CipherApiError, createCipherClient, createRestClient }';
      writeFileSync(join(project, 'esm.mjs'), `import ${names} from '@cipher-service/client';\n${calls}\n`);
      writeFileSync(
        join(project, 'cjs.cjs'),
        `const ${names} = require('@cipher-service/client');\n(async () => {\n${calls}\n})();\n`,
      );
      expect(run('esm.mjs')).toEqual(ANSWER);
      expect(run('cjs.cjs')).toEqual(ANSWER);
    }, 30_000);

    it('works from TypeScript: type-checks against the packed declarations (ESM and CJS) and runs', () => {
      // Typed, not any: each mistake must be an error and each answer has its declared type (never run).
      const typed = `${calls}
const shift: number = b.shift;
void shift;
function typesOnly(): void {
  // @ts-expect-error the shift is a number
  void rest.caesar.encrypt({ text: 'abc', shift: '1' });
  // @ts-expect-error no such alphabet
  void trpc.caesar.encrypt.mutate({ text: 'abc', shift: 1, alphabet: 'klingon' });
  // @ts-expect-error no such procedure
  void trpc.caesar.break;
  void trpc.vigenere.analyze.mutate({ text: 'x'.repeat(20) }).then((r): number => r.analysis.best_key_length);
  void rest.meta.health().catch((e: unknown) => (e instanceof CipherApiError ? e.retryAfter : undefined));
}
void typesOnly;`;
      const header = `import { CipherApiError, createCipherClient, createRestClient } from '@cipher-service/client';
declare const process: { argv: string[] };`;
      writeFileSync(join(project, 'app.mts'), `${header}\n${typed}\n`);
      // A .cts file compiles to require(), which resolves the package's "require" condition and index.d.cts.
      writeFileSync(join(project, 'app.cts'), `${header}\n(async () => {\n${typed}\n})();\n`);
      writeFileSync(
        join(project, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            strict: true,
            skipLibCheck: false,
            // tRPC's own declarations name Disposable: without skipLibCheck a consumer needs this lib too.
            lib: ['ES2022', 'DOM', 'ESNext.Disposable'],
            types: [],
            outDir: 'out',
          },
          files: ['app.mts', 'app.cts'],
        }),
      );
      try {
        execFileSync(NODE, [join(project, 'node_modules/typescript/bin/tsc'), '-p', project], { stdio: 'pipe' });
      } catch (e) {
        throw new Error(String((e as { stdout?: Buffer }).stdout ?? e));
      }
      expect(run('out/app.mjs')).toEqual(ANSWER);
      expect(run('out/app.cjs')).toEqual(ANSWER);
    }, 60_000);
  });
});
