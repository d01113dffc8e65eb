// The accuracy bench's options: the substitution section's flags, their defaults, --skip and the help that lists them.
import { describe, expect, it } from 'vitest';
import { helpText, OptionError, readOptions } from '../../bench/accuracy/options.js';

describe('the substitution section of bench:accuracy', () => {
  it('runs by default: 40 passages a cell at 64, 100 and 200 letters', () => {
    const o = readOptions([], {});
    expect(o.substitution).toBe(40);
    expect(o['substitution-letters']).toEqual([64, 100, 200]);
    expect(o.skip.has('substitution')).toBe(false);
  });

  it('reads its flags, and is skipped like any section', () => {
    const o = readOptions(
      ['--substitution=3', '--substitution-letters=80,120', '--null-substitution=0', '--skip=substitution,long'],
      {},
    );
    expect(o.substitution).toBe(3);
    expect(o['substitution-letters']).toEqual([80, 120]);
    expect(o['null-substitution']).toBe(0);
    expect([...o.skip]).toEqual(['substitution', 'long']);
  });

  it('rejects what it cannot read', () => {
    expect(() => readOptions(['--substitution=-1'], {})).toThrow(OptionError);
    expect(() => readOptions(['--substitution-letters=64,x'], {})).toThrow(OptionError);
    expect(() => readOptions(['--skip=substitutions'], {})).toThrow(OptionError);
  });

  it('is documented by --help', () => {
    const help = helpText();
    for (const flag of [
      '--substitution=N',
      '--substitution-letters=LIST',
      '--substitution-auto=N',
      '--null-substitution=N',
    ])
      expect(help).toContain(flag);
    expect(help).toMatch(/sections to leave out: .*substitution/);
  });
});
