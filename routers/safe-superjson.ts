// superjson for tRPC inputs, with the client-controlled `meta` checked first: a malformed one is refused, not walked.
import superjson from 'superjson';

/**
 * superjson walks `meta.values` trusting its shape: a string where a tree belongs makes it recurse until the stack
 * overflows (milliseconds on Node, seconds of CPU per request on Bun). Inputs whose meta is not a well-formed
 * annotation tree, of bounded size, are refused before superjson sees them.
 */
const ANNOTATIONS = new Set(['undefined', 'bigint', 'Date', 'regexp', 'set', 'map', 'Error', 'number', 'symbol']);
const COMPOSITE = new Set(['class', 'symbol', 'custom']);
const MAX_NODES = 10_000;
const MAX_DEPTH = 64;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function isAnnotation(a: unknown): boolean {
  if (typeof a === 'string') return ANNOTATIONS.has(a);
  return Array.isArray(a) && a.length === 2 && COMPOSITE.has(a[0]) && typeof a[1] === 'string';
}

class Budget {
  nodes = 0;
  spend(depth: number): boolean {
    return ++this.nodes <= MAX_NODES && depth <= MAX_DEPTH;
  }
}

/** Tree = [annotation] | [annotation, {key: Tree}]; the root may also be {key: Tree}. */
function isTree(t: unknown, depth: number, budget: Budget): boolean {
  if (!budget.spend(depth) || !Array.isArray(t) || t.length < 1 || t.length > 2) return false;
  // Inner nodes carry the annotation of the container itself, which may be absent (plain object or array).
  if (!(isAnnotation(t[0]) || (t.length === 2 && t[0] === undefined) || (t.length === 2 && t[0] === null)))
    return false;
  return t.length === 1 || isChildren(t[1], depth + 1, budget);
}

function isChildren(c: unknown, depth: number, budget: Budget): boolean {
  if (!isRecord(c)) return false;
  for (const key in c) if (!isTree(c[key], depth, budget)) return false;
  return true;
}

const isPaths = (p: unknown): boolean => Array.isArray(p) && p.every((s) => typeof s === 'string');

function isReferentialEqualities(r: unknown): boolean {
  if (isRecord(r)) return Object.values(r).every(isPaths);
  if (!Array.isArray(r) || r.length < 1 || r.length > 2 || !isPaths(r[0])) return false;
  return r.length === 1 || (isRecord(r[1]) && Object.values(r[1]).every(isPaths));
}

function isWellFormedMeta(meta: unknown): boolean {
  if (meta === undefined) return true;
  if (!isRecord(meta)) return false;
  const { values, referentialEqualities, v } = meta;
  if (v !== undefined && typeof v !== 'number') return false;
  const budget = new Budget();
  if (values !== undefined && !(isRecord(values) ? isChildren(values, 0, budget) : isTree(values, 0, budget))) {
    return false;
  }
  return referentialEqualities === undefined || isReferentialEqualities(referentialEqualities);
}

export const safeSuperjson = {
  input: {
    serialize: (object: unknown) => superjson.serialize(object),
    deserialize: (payload: unknown) => {
      if (isRecord(payload) && !isWellFormedMeta(payload.meta)) {
        throw new TypeError('The superjson meta of the input is malformed.');
      }
      return superjson.deserialize(payload as Parameters<typeof superjson.deserialize>[0]);
    },
  },
  output: superjson,
};
