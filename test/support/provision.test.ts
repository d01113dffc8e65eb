// The test setup's provisioning: what it installs, when, and the one line it stops with where it cannot.
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findChromium, type Host, MissingRequirement, onPath, provide, type Requirement } from './provision.js';

/** A requirement that appears once `installed` is set, and a host that records what it was asked to run. */
function fixture(host: Partial<Host> = {}, failing?: string) {
  const state = { installed: false, calls: [] as string[][], logged: [] as string[] };
  const req: Requirement = {
    neededBy: 'the widget tests',
    find: () => (state.installed ? '/usr/bin/widget' : undefined),
    debianPackage: 'widget',
    elsewhere: 'install a widget',
  };
  const machine: Host = {
    debian: true,
    root: true,
    aptGet: (args) => {
      state.calls.push(args);
      if (failing && args[0] === failing) return 'E: Unable to locate package widget';
      if (args[0] === 'install') state.installed = true;
      return undefined;
    },
    unpack: (packages) => {
      state.calls.push(['unpack', ...packages]);
      if (failing === 'unpack') return 'apt-get download widget: E: Unable to locate package widget';
      state.installed = true;
      return undefined;
    },
    log: (line) => state.logged.push(line),
    ...host,
  };
  return { state, req, machine };
}

/** The message provide() stops with, checked to be one line. */
function stopLine(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(MissingRequirement);
    const message = (e as Error).message;
    expect(message).not.toContain('\n');
    expect((e as Error).stack).toBe(`MissingRequirement: ${message}`);
    return message;
  }
  throw new Error('provide() did not stop');
}

describe('provide', () => {
  it('returns what is there and installs nothing', () => {
    const { state, req, machine } = fixture();
    state.installed = true;
    expect(provide(req, machine)).toBe('/usr/bin/widget');
    expect(state.calls).toEqual([]);
  });

  it('on Debian as root reads the package lists, installs the package and says so', () => {
    const { state, req, machine } = fixture();
    expect(provide(req, machine)).toBe('/usr/bin/widget');
    expect(state.calls).toEqual([['update'], ['install', 'widget']]);
    expect(state.logged).toEqual([
      'test setup: the widget tests need widget; installing it: apt-get update && apt-get install -y widget',
    ]);
  });

  it('stops with what to install when it is not Debian', () => {
    const { state, req, machine } = fixture({ debian: false });
    expect(stopLine(() => provide(req, machine))).toBe(
      'the widget tests need widget, and this is not Debian: install a widget.',
    );
    expect(state.calls).toEqual([]);
  });

  it('stops with the sudo command when it is Debian but not root', () => {
    const { state, req, machine } = fixture({ root: false });
    expect(stopLine(() => provide(req, machine))).toBe(
      'the widget tests need widget: run `sudo apt-get install -y widget`, then the tests again.',
    );
    expect(state.calls).toEqual([]);
  });

  it.each([
    ['update', [['update']]],
    ['install', [['update'], ['install', 'widget']]],
  ])('stops with apt-get’s own last line when %s fails', (step, calls) => {
    const { state, req, machine } = fixture({}, step);
    expect(stopLine(() => provide(req, machine))).toBe(
      'the widget tests need widget, and `apt-get install -y widget` failed: E: Unable to locate package widget',
    );
    expect(state.calls).toEqual(calls);
  });

  it('stops when the package installed but the program is still not found', () => {
    const { req, machine } = fixture({ aptGet: () => undefined });
    expect(stopLine(() => provide(req, machine))).toBe(
      'the widget tests need widget: the widget package is installed but the program is not on PATH.',
    );
  });
});

describe('provide, for a daemon unpacked rather than installed', () => {
  const daemon = (host: Partial<Host> = {}, failing?: string) => {
    const f = fixture(host, failing);
    return { ...f, req: { ...f.req, unpack: ['widget', 'libwidget1'] } };
  };

  it('unpacks the package and its libraries, as root or not, and installs nothing', () => {
    for (const root of [true, false]) {
      const { state, req, machine } = daemon({ root });
      expect(provide(req, machine)).toBe('/usr/bin/widget');
      expect(state.calls).toEqual([['unpack', 'widget', 'libwidget1']]);
      expect(state.logged[0]).toMatch(/^test setup: the widget tests need widget; unpacking it into .*node_modules/);
    }
  });

  it('stops with what failed', () => {
    const { req, machine } = daemon({}, 'unpack');
    expect(stopLine(() => provide(req, machine))).toBe(
      'the widget tests need widget, and unpacking it failed: apt-get download widget: E: Unable to locate package widget',
    );
  });
});

describe('finding programs', () => {
  const saved = process.env.CHROMIUM_PATH;
  afterEach(() => {
    if (saved === undefined) delete process.env.CHROMIUM_PATH;
    else process.env.CHROMIUM_PATH = saved;
  });

  it('onPath takes the first executable of that name, as `command -v` does', () => {
    const [a, b, c] = [1, 2, 3].map(() => mkdtempSync(join(tmpdir(), 'cipher-path-')));
    writeFileSync(join(a as string, 'tool'), 'not executable');
    writeFileSync(join(b as string, 'tool'), '#!/bin/sh\n');
    chmodSync(join(b as string, 'tool'), 0o755);
    expect(onPath('tool', [a, '', b, c].join(delimiter))).toBe(join(b as string, 'tool'));
    expect(onPath('tool', [a, c].join(delimiter))).toBeUndefined();
  });

  it('a CHROMIUM_PATH that does not exist stops the run instead of installing another browser', () => {
    process.env.CHROMIUM_PATH = '/nonexistent/chrome';
    expect(stopLine(() => findChromium())).toBe('CHROMIUM_PATH is /nonexistent/chrome, which does not exist.');
  });
});
