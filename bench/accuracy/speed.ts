// Long keys and speed, on spaced text: keys of 50 and 60 letters from 6·L letters, model loading and solve times.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { analyzeVigenere, getModel, LANGUAGES, solveCaesar } from '../../src/analysis/index.js';
import { caesarEncrypt, namedAlphabet, vigenereEncrypt } from '../../src/core/index.js';
import type { FormatContext } from './context.js';
import { compileModel, mulberry32, readModelFile } from './internals.js';
import { median } from './report.js';

const LONG_KEYS = [50, 60];

export function runLongKeys(ctx: FormatContext): void {
  console.log('\n### Long keys from 6·L letters (max_key_length L + 10)\n');
  for (const language of ctx.options.langs) {
    const sampler = ctx.sampler(language);
    const rng = mulberry32(0x10e6 + LANGUAGES.indexOf(language));
    const cells = LONG_KEYS.map((L) => {
      const n = Math.max(2, Math.ceil(ctx.options.vigenere / 4));
      let right = 0;
      const times: number[] = [];
      for (let t = 0; t < n; t++) {
        const key = sampler.key(L, rng);
        const cipher = sampler.show(vigenereEncrypt(sampler.plaintext(6 * L, rng), key, sampler.alphabet));
        const started = performance.now();
        right += analyzeVigenere(cipher, sampler.alphabet, language, L + 10).probable_key === key ? 1 : 0;
        times.push(performance.now() - started);
      }
      return `L=${L}: ${right}/${n} (${median(times).toFixed(0)} ms)`;
    });
    console.log(`  ${language}: ${cells.join(', ')}`);
  }
}

function time(f: () => void, runs: number): { wall: number; cpu: number } {
  f();
  const c = process.cpuUsage();
  const t = performance.now();
  for (let i = 0; i < runs; i++) f();
  const d = process.cpuUsage(c);
  return { wall: (performance.now() - t) / runs, cpu: (d.user + d.system) / 1000 / runs };
}

/** Model loading and solve times, on spaced English text (ctx: a spaced context). */
export function runSpeed(ctx: FormatContext): void {
  console.log('\n### Speed (wall / CPU ms; the CPU figure is what another busy process cannot inflate)\n');
  const basic = namedAlphabet('basic');
  const sampler = ctx.sampler('en');
  const rng = mulberry32(5);
  const long = sampler.plaintext(100_000, rng);
  const cold = [0, 1, 2].map(
    () =>
      JSON.parse(
        execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./load.ts', import.meta.url))], {
          encoding: 'utf8',
        }),
      ) as { wall: number; cpu: number },
  );
  // The median of the three, with their range: the best of three reported the luckiest start, not a typical one.
  const range = (xs: number[]) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;
  const wall = cold.map((c) => c.wall);
  const cpu = cold.map((c) => c.cpu);
  console.log(
    `- load all five models, cold (fresh process, median of 3): ${median(wall).toFixed(0)} / ` +
      `${median(cpu).toFixed(0)} ms (range ${range(wall)} / ${range(cpu)})`,
  );
  const load = time(() => {
    for (const l of LANGUAGES) compileModel(readModelFile(l));
  }, 3);
  console.log(`- load all five models, warm (compiled code): ${load.wall.toFixed(0)} / ${load.cpu.toFixed(0)} ms`);
  for (const l of LANGUAGES) getModel(l);
  const caesar = caesarEncrypt(long, 11, basic);
  const cs = time(() => solveCaesar(caesar, basic, 'en'), 10);
  console.log(`- Caesar solve, 100,000 letters: ${cs.wall.toFixed(1)} / ${cs.cpu.toFixed(1)} ms`);
  const short = vigenereEncrypt(sampler.plaintext(300, rng), 'ORCHIDS', basic);
  const vs = time(() => analyzeVigenere(short, basic, 'en', 20), 10);
  console.log(`- analyze, 300 letters, max_key_length 20: ${vs.wall.toFixed(1)} / ${vs.cpu.toFixed(1)} ms`);
  const vl = vigenereEncrypt(long, 'ANOTHERLONGERSECRETKEY', basic);
  const vlt = time(() => analyzeVigenere(vl, basic, 'en', 100), 3);
  console.log(`- analyze, 100,000 letters, max_key_length 100: ${vlt.wall.toFixed(0)} / ${vlt.cpu.toFixed(0)} ms`);
}
