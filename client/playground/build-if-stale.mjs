#!/usr/bin/env node
// Runs before `npm start`: builds the playground when dist/playground is missing or older than its sources, so a
// fresh clone works after `npm install && npm start` and a restart with nothing changed costs no build.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = join(ROOT, 'dist/playground');
const STAMP = join(OUT, '.source-hash');
const INPUTS = [
  'client/playground/index.html',
  'client/playground/src',
  'client/playground/vite.config.ts',
  'client/src',
  'src/analysis/models',
  // What vite.config.ts reads of the server besides the models: the REST prefix, the languages, the named alphabets.
  'routers/prefixes.ts',
  'src/analysis/language-model/languages.ts',
  'src/core/alphabet.ts',
];

function files(path) {
  const full = join(ROOT, path);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [full];
  return readdirSync(full, { withFileTypes: true }).flatMap((d) => files(join(path, d.name)));
}

// Content, not mtimes: a fresh checkout gives every file a new mtime.
const hash = createHash('sha256');
for (const file of INPUTS.flatMap(files).sort())
  hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file));
const digest = hash.digest('hex');

if (existsSync(join(OUT, 'index.html')) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === digest) process.exit(0);

const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
if (!existsSync(vite)) {
  console.error('playground: vite is not installed (npm install without --omit=dev builds it); / will say so.');
  process.exit(0);
}
console.error('playground: building dist/playground …');
const run = spawnSync(
  process.execPath,
  [vite, 'build', '--config', 'client/playground/vite.config.ts', '--logLevel', 'warn'],
  {
    cwd: ROOT,
    stdio: 'inherit',
  },
);
if (run.status !== 0) process.exit(run.status ?? 1);
writeFileSync(STAMP, digest);
