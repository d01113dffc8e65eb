// Debian packages as the corpus build reads them: fetched with `apt-get download` (never installed), unpacked
// with `dpkg-deb` into a cache folder, with their version and the licence their copyright file states.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Packages reserved for independent evaluation (DEVELOPERS.md, "Training text"): never downloaded, read,
 * trained or tested on. Checked before every download and every read of a cached package.
 */
const RESERVED = [/^gnome-user-docs(\b|$)/, /^debian-handbook(\b|$)/, /wesnoth/];

export function assertNotReserved(pkg: string): void {
  if (RESERVED.some((r) => r.test(pkg)))
    throw new Error(`${pkg} is reserved for independent evaluation: the corpus build never downloads or reads it`);
}

export interface Unpacked {
  pkg: string;
  version: string;
  /** The folder the package's files were unpacked under (its root: usr/share/… below it). */
  root: string;
  /** The licence of `Files: *` in its machine-readable copyright file, when it has one. */
  copyrightLicence: string | null;
}

function requireTool(tool: string, debianPackage: string): void {
  const found = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' });
  if (found.status !== 0)
    throw new Error(`${tool} is not installed: the corpus build needs it (apt-get install ${debianPackage})`);
}

/** The `License:` of the `Files: *` stanza of a DEP-5 copyright file, or null. */
function starLicence(copyright: string): string | null {
  for (const stanza of copyright.split(/\n\s*\n/)) {
    if (!/^Files:\s*\*\s*$/m.test(stanza)) continue;
    const licence = /^License:\s*(.+)$/m.exec(stanza);
    if (licence) return (licence[1] as string).trim();
  }
  return null;
}

/**
 * Downloads `pkg` into `cache`/debs (once per version) and unpacks the paths matching `wildcards` (tar
 * patterns such as './usr/share/man/*'; the copyright file always) into `cache`/unpacked/<pkg>_<version>.
 * What is unpacked is reused while the same wildcards are asked for.
 */
export function unpack(pkg: string, wildcards: readonly string[], cache: string): Unpacked {
  assertNotReserved(pkg);
  requireTool('apt-get', 'apt');
  requireTool('dpkg-deb', 'dpkg');
  const debs = join(cache, 'debs');
  mkdirSync(debs, { recursive: true });
  const candidate = execFileSync('apt-cache', ['policy', pkg], { encoding: 'utf8' });
  const version = /Candidate:\s*(\S+)/.exec(candidate)?.[1];
  if (!version || version === '(none)')
    throw new Error(`apt knows no candidate version of ${pkg} (run apt-get update; is main in sources.list?)`);
  const fileVersion = version.replace(/:/g, '%3a');
  let deb = readdirSync(debs).find((f) => f.startsWith(`${pkg}_${fileVersion}_`) && f.endsWith('.deb'));
  if (!deb) {
    console.log(`  apt-get download ${pkg}=${version}`);
    // apt-get writes into the working directory; as root it would drop to the _apt user, who cannot write there.
    const asRoot = process.getuid?.() === 0 ? ['-o', 'APT::Sandbox::User=root'] : [];
    execFileSync('apt-get', ['download', '-q', ...asRoot, `${pkg}=${version}`], {
      cwd: debs,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    deb = readdirSync(debs).find((f) => f.startsWith(`${pkg}_${fileVersion}_`) && f.endsWith('.deb'));
    if (!deb) throw new Error(`apt-get download ${pkg}=${version} left no .deb in ${debs}`);
  }
  const debVersion = execFileSync('dpkg-deb', ['-f', join(debs, deb), 'Version'], { encoding: 'utf8' }).trim();
  const patterns = [...wildcards, `./usr/share/doc/${pkg}/copyright`];
  const root = join(cache, 'unpacked', `${pkg}_${fileVersion}`);
  const stamp = join(root, '.wildcards');
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== patterns.join('\n')) {
    rmSync(root, { recursive: true, force: true });
    const partial = `${root}.partial`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    // dpkg-deb -x unpacks everything; the text is a few MB of packages of up to 400 MB, so only the matching
    // paths of its data archive are taken.
    // tar exits non-zero when a pattern matches nothing (a package without, say, a Polish catalogue): fine.
    const tar = spawnSync(
      'bash',
      [
        '-c',
        'set -o pipefail; deb=$1 dir=$2; shift 2; dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$dir" --wildcards "$@" 2>/dev/null || [ $? -eq 2 ]',
        'unpack',
        join(debs, deb),
        partial,
        ...patterns,
      ],
      { stdio: 'inherit' },
    );
    if (tar.status !== 0) throw new Error(`could not unpack ${deb}`);
    writeFileSync(join(partial, '.wildcards'), patterns.join('\n'));
    renameSync(partial, root);
  }
  const copyrightPath = join(root, 'usr', 'share', 'doc', pkg, 'copyright');
  const copyrightLicence = existsSync(copyrightPath) ? starLicence(readFileSync(copyrightPath, 'utf8')) : null;
  return { pkg, version: debVersion, root, copyrightLicence };
}

/** Every file under `dir`, recursively, as paths relative to it, sorted (so a build reads them in one order). */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const entry of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) out.push(path);
    }
  };
  walk('');
  return out.sort();
}
