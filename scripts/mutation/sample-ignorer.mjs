// A Stryker ignorer that keeps only the sampled mutants' nodes (npm run mutate:sample; docs/testing.md).
//
// The run's `mutate` ranges are the sampled nodes, and a range takes every node inside it too (a block's range holds
// the whole body). This ignorer leaves out each node that is not itself sampled and holds no sampled node, so a
// sampled block does not bring its body's mutants along. Ignoring a node ignores what it holds, which is why a node
// on the way to a sampled one is kept: its own mutants are then tested too, and the tally reads only the sampled.
import { readFileSync } from 'node:fs';

const sampled = JSON.parse(readFileSync(process.env.STRYKER_SAMPLE_LOCATIONS ?? '', 'utf8')).map((key) => {
  const [start, end] = key.split('-').map((p) => p.split(':').map(Number));
  return { key, start: { line: start[0], column: start[1] }, end: { line: end[0], column: end[1] } };
});
const keys = new Set(sampled.map((s) => s.key));

const before = (a, b) => a.line < b.line || (a.line === b.line && a.column <= b.column);
const holds = (loc, s) => before(loc.start, s.start) && before(s.end, loc.end);

export const strykerPlugins = [
  {
    kind: 'Ignore',
    name: 'sample',
    value: {
      shouldIgnore(path) {
        const loc = path.node.loc;
        if (!loc) return undefined;
        const key = `${loc.start.line}:${loc.start.column}-${loc.end.line}:${loc.end.column}`;
        if (keys.has(key) || sampled.some((s) => holds(loc, s))) return undefined;
        return 'not in the sample';
      },
    },
  },
];
