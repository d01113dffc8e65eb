// What the tests need beyond `npm ci` (redis-server, Chromium): found, else installed with apt-get (Debian, root), else one line.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
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
}

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
  log(line: string): void;
}

/** Runs apt-get quietly, waiting for a dpkg lock another install holds (a fresh machine's own upgrades, say). */
function aptGet(args: string[]): string | undefined {
  const run = spawnSync('apt-get', ['-y', '-qq', '-o', 'DPkg::Lock::Timeout=300', ...args], {
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

const THIS_MACHINE: Host = {
  debian: existsSync('/etc/debian_version') && onPath('apt-get') !== undefined,
  root: process.getuid?.() === 0,
  aptGet,
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
