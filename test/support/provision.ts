// What the tests need beyond `npm ci` (redis-server, nginx, Chromium): found, else got with apt-get (Debian), else one line.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** A program some tests cannot run without, and where it comes from. */
export interface Requirement {
  /** Who needs it, for the messages: "the Redis rate-limit tests". */
  neededBy: string;
  /** Its path, or undefined when this machine does not have it. */
  find(): string | undefined;
  /** The Debian package that provides it. */
  debianPackage: string;
  /** How to get it where there is no apt-get, as one clause: "install Redis so that … (on macOS: …)". */
  elsewhere: string;
  /**
   * The packages to unpack into UNPACKED (apt-get download, dpkg-deb -x) instead of installing: for a daemon whose
   * package would start it on install and leave it running. Needs no root where the package lists are there.
   */
  unpack?: string[];
}

/** Where Debian packages the tests run from a directory of their own are unpacked (npm ci empties it). */
const UNPACKED = join(new URL('../..', import.meta.url).pathname, 'node_modules/.cache/debian');

/** Stops the run: the message is the whole story (one line), so no stack trace goes with it. */
export class MissingRequirement extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MissingRequirement';
    this.stack = `${this.name}: ${message}`;
  }
}

/** The first executable called `name` on PATH, as a shell's `command -v` finds it. */
export function onPath(name: string, path = process.env.PATH ?? ''): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const file = join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

export const REDIS_SERVER: Requirement = {
  neededBy: 'the Redis rate-limit tests',
  find: () => onPath('redis-server'),
  debianPackage: 'redis-server',
  elsewhere: 'install Redis so that redis-server is on PATH (on macOS: brew install redis)',
};

const UNPACKED_NGINX = join(UNPACKED, 'usr/sbin/nginx');

export const NGINX: Requirement = {
  neededBy: 'the deployment test (docs/deploy.md)',
  find: () => onPath('nginx') ?? ['/usr/sbin/nginx', UNPACKED_NGINX].find((f) => existsSync(f)),
  debianPackage: 'nginx',
  elsewhere: 'install nginx so that nginx is on PATH (on macOS: brew install nginx)',
  // nginx and the libraries it links, in case this Debian lacks one (libc6 it always has).
  unpack: ['nginx', 'libpcre2-8-0', 'libssl3', 'zlib1g', 'libcrypt1'],
};

/** The environment an unpacked program needs to find its unpacked libraries; nothing for an installed one. */
export function unpackedEnv(program: string): Record<string, string> {
  if (!program.startsWith(UNPACKED)) return {};
  const dirs = ['lib', 'usr/lib']
    .map((d) => join(UNPACKED, d))
    .filter((d) => existsSync(d))
    .flatMap((d) => readdirSync(d).map((arch) => join(d, arch)))
    .filter((d) => d.endsWith('-linux-gnu'));
  return { LD_LIBRARY_PATH: dirs.join(delimiter) };
}

/** CHROMIUM_PATH when set (used as given, never replaced by an install), else `chromium` on PATH. */
export function findChromium(): string | undefined {
  const given = process.env.CHROMIUM_PATH;
  if (!given) return onPath('chromium');
  if (!existsSync(given)) throw new MissingRequirement(`CHROMIUM_PATH is ${given}, which does not exist.`);
  return given;
}

export const CHROMIUM: Requirement = {
  neededBy: 'the browser tests',
  find: findChromium,
  debianPackage: 'chromium',
  elsewhere: 'install Chromium so that chromium is on PATH, or set CHROMIUM_PATH to a Chromium or Chrome binary',
};

/** The machine as provide() sees it; tests pass their own. */
export interface Host {
  /** Debian or a derivative, with apt-get on PATH. */
  debian: boolean;
  root: boolean;
  /** Runs `apt-get -y -qq <args>`; undefined on success, else its last line of output. */
  aptGet(args: string[]): string | undefined;
  /** Downloads the packages and unpacks them into UNPACKED; undefined on success, else what failed, in one line. */
  unpack(packages: string[]): string | undefined;
  log(line: string): void;
}

/** Runs apt-get quietly, waiting for a dpkg lock another install holds (a fresh machine's own upgrades, say). */
function aptGet(args: string[], cwd?: string): string | undefined {
  const run = spawnSync('apt-get', ['-y', '-qq', '-o', 'DPkg::Lock::Timeout=300', ...args], {
    cwd,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (run.status === 0) return undefined;
  const lines = `${run.stdout ?? ''}\n${run.stderr ?? ''}${run.error ? `\n${run.error.message}` : ''}`
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.at(-1) ?? `exit code ${run.status}`;
}

/** apt-get download (reading the package lists first where they are missing and we may), then dpkg-deb -x. */
function unpack(packages: string[]): string | undefined {
  mkdirSync(UNPACKED, { recursive: true });
  const download = () => aptGet(['download', ...packages], UNPACKED);
  const failed = download() && (process.getuid?.() === 0 ? (aptGet(['update']) ?? download()) : download());
  if (failed) return `apt-get download ${packages.join(' ')}: ${failed}`;
  for (const deb of readdirSync(UNPACKED).filter((f) => f.endsWith('.deb'))) {
    const run = spawnSync('dpkg-deb', ['-x', join(UNPACKED, deb), UNPACKED], { encoding: 'utf8' });
    if (run.status !== 0) return `dpkg-deb -x ${deb}: ${(run.stderr ?? '').trim() || run.error?.message}`;
  }
  return undefined;
}

const THIS_MACHINE: Host = {
  debian: existsSync('/etc/debian_version') && onPath('apt-get') !== undefined,
  root: process.getuid?.() === 0,
  aptGet,
  unpack,
  log: (line) => console.error(line),
};

/**
 * The requirement's path. When it is missing and this is Debian and we are root (a fresh CI machine, a
 * container), it installs the Debian package, reading the package lists first (a fresh machine has none).
 * Anywhere else it throws a MissingRequirement that says what to install: a missing program must stop the
 * run, never skip the tests that need it.
 */
export function provide(req: Requirement, host: Host = THIS_MACHINE): string {
  const found = req.find();
  if (found) return found;
  const what = `${req.neededBy} need ${req.debianPackage}`;
  if (!host.debian) throw new MissingRequirement(`${what}, and this is not Debian: ${req.elsewhere}.`);
  if (req.unpack) return unpackFor(req, what, req.unpack, host);
  if (!host.root)
    throw new MissingRequirement(
      `${what}: run \`sudo apt-get install -y ${req.debianPackage}\`, then the tests again.`,
    );
  host.log(`test setup: ${what}; installing it: apt-get update && apt-get install -y ${req.debianPackage}`);
  const failed = host.aptGet(['update']) ?? host.aptGet(['install', req.debianPackage]);
  if (failed)
    throw new MissingRequirement(`${what}, and \`apt-get install -y ${req.debianPackage}\` failed: ${failed}`);
  const installed = req.find();
  if (!installed)
    throw new MissingRequirement(
      `${what}: the ${req.debianPackage} package is installed but the program is not on PATH.`,
    );
  return installed;
}

/** provide()'s way for a requirement that is unpacked rather than installed. */
function unpackFor(req: Requirement, what: string, packages: string[], host: Host): string {
  host.log(`test setup: ${what}; unpacking it into ${UNPACKED}: apt-get download ${packages.join(' ')}, dpkg-deb -x`);
  const failed = host.unpack(packages);
  if (failed) throw new MissingRequirement(`${what}, and unpacking it failed: ${failed}`);
  const unpacked = req.find();
  if (!unpacked) throw new MissingRequirement(`${what}: ${packages.join(' ')} unpacked, but the program is not there.`);
  return unpacked;
}

/**
 * For a run's global setup: provides the requirement or ends the process with the one line that says what to
 * install (a thrown error would come wrapped in the runner's banners and a "no test files found").
 */
export function provideOrStop(req: Requirement): void {
  try {
    provide(req);
  } catch (e) {
    if (!(e instanceof MissingRequirement)) throw e;
    console.error(e.message);
    process.exit(1);
  }
}
