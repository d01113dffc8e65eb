// The plain-JSON shortcut answers exactly as superjson.serialize, for every value.
import fc from 'fast-check';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { fastSerialize, isPlainJson } from '../../../src/http/api/plain-json.js';

const fast = fastSerialize(superjson.serialize);

/** The JSON each would send, or the error each throws. */
function outcome(serialize: (v: unknown) => unknown, value: unknown): string {
  try {
    return JSON.stringify(serialize(value));
  } catch (error) {
    return `throws ${(error as Error).message}`;
  }
}

describe('fastSerialize', () => {
  it('is superjson.serialize on arbitrary values', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBigInt: true,
          withBoxedValues: true,
          withDate: true,
          withMap: true,
          withSet: true,
          withNullPrototype: true,
          withObjectString: true,
          withSparseArray: true,
          withTypedArray: true,
          withUnicodeString: true,
        }),
        (value) => {
          expect(outcome(fast, value)).toBe(outcome(superjson.serialize, value));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('is superjson.serialize on JSON values, and takes the shortcut for them', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(outcome(fast, value)).toBe(outcome(superjson.serialize, value));
        // The shortcut is taken exactly where superjson adds no meta (it annotates -0, refuses three keys).
        let annotated = true;
        try {
          annotated = 'meta' in superjson.serialize(value);
        } catch {}
        expect(isPlainJson(value)).toBe(!annotated);
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves to superjson what superjson annotates or refuses', () => {
    const shared = { a: 1 };
    const cases: unknown[] = [
      -0,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      undefined,
      { a: undefined },
      [1, undefined],
      // biome-ignore lint/suspicious/noSparseArray: a hole is the point
      [1, , 3],
      { x: shared, y: shared },
      [shared, shared],
      JSON.parse('{"__proto__":{"a":1}}'),
      { constructor: 1 },
      { prototype: 'x' },
      Object.assign([1, 2], { extra: 3 }),
      new Date(0),
      new Map([[1, 2]]),
      new Set([1]),
      10n,
      /re/g,
      new Error('boom'),
      Object.create({ inherited: 1 }),
      new (class Point {
        x = 1;
      })(),
      () => 1,
      Symbol('s'),
    ];
    for (const value of cases) {
      expect(isPlainJson(value)).toBe(false);
      expect(outcome(fast, value)).toBe(outcome(superjson.serialize, value));
    }
    const plain = Object.assign(Object.create(null), { a: [1, 'b', null, true, { c: 2.5 }] });
    expect(isPlainJson(plain)).toBe(true);
    expect(outcome(fast, plain)).toBe(outcome(superjson.serialize, plain));
  });

  it('steps aside while anything is registered with superjson', () => {
    superjson.registerCustom<string, string>(
      { isApplicable: (v): v is string => typeof v === 'string', serialize: (v) => `<${v}>`, deserialize: (v) => v },
      'wrapped-string',
    );
    try {
      expect(outcome(fast, { a: 'x' })).toBe(outcome(superjson.serialize, { a: 'x' }));
      expect(outcome(fast, { a: 'x' })).toContain('<x>');
    } finally {
      delete (superjson as unknown as { defaultInstance: { customTransformerRegistry: { transfomers: object } } })
        .defaultInstance.customTransformerRegistry.transfomers['wrapped-string' as never];
    }
    expect(outcome(fast, { a: 'x' })).toBe('{"json":{"a":"x"}}');
  });

  it('is the given function itself for any other transformer', () => {
    const other = (v: unknown) => v;
    expect(fastSerialize(other)).toBe(other);
  });
});
