// What an omitted `language` costs: the CPU time of every operation that takes one, on English texts, sent without
// it, with `en` and with `auto` (issue 30, item 1: the default moved from en to auto).
//
// Usage: npm run bench:language [-- --runs=21 --ops=caesar.solve,vigenere.analyze]
// Each run draws a new English passage of the validation part per operation and sends it in all three ways, in turn, so that a
// collection or a busy neighbour falls on all alike; the figure is the median CPU time of the call through the
// procedure (createCaller, solvers inline: single-threaded, so another busy process does not inflate it much).
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createCaller } from '../../routers/index.js';
import { mulberry32 } from '../../scripts/lib/random.js';
import {
  affineEncrypt,
  caesarEncrypt,
  namedAlphabet,
  substitutionEncrypt,
  vigenereEncrypt,
} from '../../src/core/index.js';
import { cipherAlphabet, Sampler } from '../accuracy/samples.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '21' },
    ops: { type: 'string', default: '' },
  },
});
const runs = Number(values.runs);

const caller = createCaller({
  health: () => ({ status: 'ok', version: 'bench', uptime_s: 0, rate_limit_store: 'memory' }),
});
const basic = namedAlphabet('basic');
const english = new Sampler('spaced', 'en', 'validation', {});
const keyOf = (rng: () => number, n: number) => Array.from({ length: n }, () => basic.letters[Math.floor(rng() * 26)]);

type Ask = (language: 'en' | 'auto' | undefined) => Promise<unknown>;
interface Case {
  name: string;
  /** The request for a new English passage, with the language as given (omitted when undefined). */
  draw: (rng: () => number) => Ask;
}

const lang = (language: 'en' | 'auto' | undefined) => (language === undefined ? {} : { language });

const CASES: Case[] = [
  ...[100, 1000].map((n) => ({
    name: `caesar.solve, ${n} letters`,
    draw: (rng: () => number): Ask => {
      const text = caesarEncrypt(english.plaintext(n, rng), 1 + Math.floor(rng() * 25), basic);
      return (l) => caller.caesar.solve({ text, ...lang(l) });
    },
  })),
  {
    name: 'caesar.bulk solve, 100 items of 40 letters',
    draw: (rng) => {
      const items = Array.from({ length: 100 }, () => ({
        text: caesarEncrypt(english.plaintext(40, rng), 1 + Math.floor(rng() * 25), basic),
      }));
      return (l) => caller.caesar.bulk({ items, method: 'solve', ...lang(l) });
    },
  },
  ...[200, 1000].map((n) => ({
    name: `vigenere.analyze, ${n} letters`,
    draw: (rng: () => number): Ask => {
      const text = vigenereEncrypt(english.plaintext(n, rng), keyOf(rng, 3 + Math.floor(rng() * 6)).join(''), basic);
      return (l) => caller.vigenere.analyze({ text, ...lang(l) });
    },
  })),
  {
    name: 'substitution.solve, 300 letters',
    draw: (rng) => {
      const text = substitutionEncrypt(english.plaintext(300, rng), cipherAlphabet(basic, rng), basic);
      return (l) => caller.substitution.solve({ text, ...lang(l) });
    },
  },
  ...[100, 1000].map((n) => ({
    name: `affine.solve, ${n} letters`,
    draw: (rng: () => number): Ask => {
      const a = [3, 5, 7, 9, 11, 15, 17, 19, 21, 23, 25][Math.floor(rng() * 11)] as number;
      const text = affineEncrypt(english.plaintext(n, rng), { a, b: Math.floor(rng() * 26) }, basic);
      return (l) => caller.affine.solve({ text, ...lang(l) });
    },
  })),
];

const cpu = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const median = (xs: number[]): number => xs.slice().sort((x, y) => x - y)[xs.length >> 1] ?? 0;
const wanted = (values.ops as string).split(',').filter(Boolean);
const WAYS = [undefined, 'en', 'auto'] as const;

console.log(`| operation (English text) | omitted | en | auto | (median ms CPU of ${runs}) |`);
console.log('|---|---|---|---|---|');
for (const c of CASES.filter((c) => wanted.length === 0 || wanted.some((w) => c.name.startsWith(w)))) {
  const rng = mulberry32(0x1a6 + c.name.length);
  const ms: number[][] = WAYS.map(() => []);
  // Two rounds unmeasured: a running service has its models loaded and its code compiled.
  for (let round = 0; round < runs + 2; round++) {
    const ask = c.draw(rng);
    for (const [i, way] of WAYS.entries()) {
      const t = cpu();
      await ask(way);
      if (round >= 2) ms[i]?.push(cpu() - t);
    }
  }
  const cells = ms.map((xs) => `${median(xs).toFixed(1)} (max ${Math.max(...xs).toFixed(0)})`);
  console.log(`| ${c.name} | ${cells.join(' | ')} | |`);
}
console.log(
  `\nload average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} on ${availableParallelism()} cores`,
);
