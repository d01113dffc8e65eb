// The accuracy bench's options: each declared once, with its flag, environment variable, default and help line.
import { parseArgs } from 'node:util';
import { isLanguage, LANGUAGES, type Language } from '../../src/analysis/index.js';
import { FINAL_ISSUE_ENV } from './final-log.js';
import { FORMAT_INFO, FORMATS, type Format } from './presentations.js';
import type { Split } from './samples.js';

const SECTIONS = ['caesar', 'vigenere', 'null', 'identify', 'substitution', 'long', 'speed'] as const;
type Section = (typeof SECTIONS)[number];
/** The variants the Vigenère cells encipher with. */
type BenchVariant = 'vigenere' | 'beaufort' | 'variant_beaufort' | 'porta' | 'autokey';

interface Spec<T> {
  /** Placeholder shown in the help ("N", "LIST"); none for a switch. */
  arg?: string;
  /** Read when the flag is absent (the bench's older interface; docs/solver-results.md quotes commands that use it). */
  env?: string;
  default: string;
  help: string;
  /** Further help lines. */
  details?: string[];
  parse(value: string): T;
}

const fail = (message: string): never => {
  throw new OptionError(message);
};

export class OptionError extends Error {}

const count =
  (name: string, min = 0) =>
  (v: string): number => {
    const n = Number(v);
    return Number.isInteger(n) && n >= min ? n : fail(`--${name} wants a whole number ≥ ${min}, not "${v}"`);
  };

const counts =
  (name: string, min: number) =>
  (v: string): number[] =>
    v.split(',').map((x) => count(name, min)(x.trim()));

const list = (v: string): string[] =>
  v
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '');

const switchOn = (v: string): boolean => v !== '' && v !== '0' && v !== 'false';

const SPECS = {
  format: {
    arg: 'LIST',
    env: 'BENCH_FORMAT',
    default: 'spaced',
    help: 'presentations to measure, comma-separated, or "all"; the folded ones (all but spaced) encipher the plaintext folded to A–Z with the basic alphabet, in every language',
    details: FORMATS.map((f) => `${f}: ${FORMAT_INFO[f]}`),
    parse: (v: string): Format[] =>
      v === 'all'
        ? [...FORMATS]
        : list(v).map((f) =>
            (FORMATS as readonly string[]).includes(f) ? (f as Format) : fail(`unknown format "${f}"`),
          ),
  },
  caesar: {
    arg: 'N',
    env: 'BENCH_CAESAR',
    default: '300',
    help: 'Caesar snippets per cell',
    parse: count('caesar'),
  },
  'caesar-letters': {
    arg: 'LIST',
    default: '4,6,8,10',
    help: "Caesar cells: letters per snippet, counted in the presentation's alphabet (A–Z when folded)",
    parse: counts('caesar-letters', 1),
  },
  vigenere: {
    arg: 'N',
    env: 'BENCH_VIGENERE',
    default: '8',
    help: 'Vigenère snippets per cell (a short cell costs ~0.5 s an analysis)',
    parse: count('vigenere'),
  },
  'vigenere-variant': {
    arg: 'V',
    default: 'vigenere',
    help: 'the Vigenère cells: encipher with variant V (vigenere, beaufort, variant_beaufort, porta, autokey) and break it as V; auto:V breaks it with variant auto (the answer must name V); Porta reads only alphabets of even length; the χ² and quadgram baselines break Vigenère only, so they read 0 on the other variants',
    parse: (v: string): { encrypt: BenchVariant; analyze: string } => {
      const [first, second] = v.split(':');
      const encrypt = (second ?? first) as BenchVariant;
      const known = ['vigenere', 'beaufort', 'variant_beaufort', 'porta', 'autokey'].includes(encrypt);
      if (!known || (second !== undefined && first !== 'auto')) return fail(`unknown Vigenère variant "${v}"`);
      return { encrypt, analyze: second === undefined ? encrypt : 'auto' };
    },
  },
  'key-lengths': {
    arg: 'LIST',
    default: '3,5,8,12,20',
    help: 'Vigenère key lengths L',
    parse: counts('key-lengths', 1),
  },
  multiples: {
    arg: 'LIST',
    default: '2,3,4,6,10',
    help: 'Vigenère text lengths as multiples m of L (cells under 20 letters are skipped: analysis needs 20)',
    parse: counts('multiples', 1),
  },
  cells: {
    arg: 'LIST',
    env: 'BENCH_CELLS',
    default: '',
    help: 'only these Vigenère cells, as L:m pairs ("12:2,20:3"); each cell has its own seed, so a filtered run sees the same texts',
    parse: (v: string): Set<string> | undefined => (v === '' ? undefined : new Set(list(v))),
  },
  'null-caesar': {
    arg: 'N',
    env: 'BENCH_NULL_CAESAR',
    default: '60',
    help: 'null-set inputs per kind, Caesar length and language, for Caesar solve (0: none); kinds random, shuffled, key (a 2–3-letter Vigenère key), which the "no answer" fits were fitted on, and apart, not fitted on (nor by --calibrate, which leaves them out): cryptogram (a random cipher alphabet) and foreign (the shuffled letters of another language\'s passage)',
    parse: count('null-caesar'),
  },
  'null-vigenere': {
    arg: 'N',
    env: 'BENCH_NULL_VIGENERE',
    default: '2',
    help: 'null-set inputs per kind, Vigenère cell length and language, for Vigenère analyze (0: none); the kinds of --null-caesar, the key one of 21–40 letters',
    parse: count('null-vigenere'),
  },
  identify: {
    arg: 'N',
    env: 'BENCH_IDENTIFY',
    default: '2',
    help: 'identify texts per kind (plain, caesar, rot13, vigenere with keys of 3–12 letters, random, atbash, affine, substitution), length, language and format (0: none); the kinds of a cell share nothing',
    parse: count('identify'),
  },
  'identify-letters': {
    arg: 'LIST',
    default: '40,80,160',
    help: "identify cells: letters per text, counted in the presentation's alphabet",
    parse: counts('identify-letters', 1),
  },
  'identify-dump': {
    arg: 'FILE',
    default: '',
    help: 'append every identification (its evidence, the truth, the time) to FILE as a JSON line',
    parse: (v: string): string | undefined => v || undefined,
  },
  'identify-replay': {
    arg: 'FILE',
    default: '',
    help: 'read the identifications of a --identify-dump FILE instead of making them: the identify table under the shipped calibration (with --calibrate, the fit on them), and nothing else',
    parse: (v: string): string | undefined => v || undefined,
  },
  substitution: {
    arg: 'N',
    default: '40',
    help: 'substitution passages per cell (0: none), each under a random cipher alphabet of A–Z, in two presentations of its own whatever --format says: spaced (the passage folded to A–Z, case, spaces and punctuation kept) and letters (letters only, folded); beside a textbook quadgram hill climber',
    parse: count('substitution'),
  },
  'substitution-letters': {
    arg: 'LIST',
    default: '64,100,200',
    help: 'substitution cells: letters per passage (A–Z; folding ß or æ into two letters may add one to a spaced passage)',
    parse: counts('substitution-letters', 4),
  },
  'substitution-auto': {
    arg: 'N',
    default: '10',
    help: 'of every substitution cell of 100 letters or more, the first N passages are solved again with language auto, which should name their language, and so are the first N null texts of each kind, which it should not answer; both timed (0: none)',
    parse: count('substitution-auto'),
  },
  'null-substitution': {
    arg: 'N',
    default: '10',
    help: 'null-set inputs per kind, presentation, substitution length and language, for substitution solve, each under a random cipher alphabet (0: none; part of the substitution section, which --skip=null leaves): random letters and the passage\'s letters shuffled, which the "no answer" fit was fitted on, and apart, not fitted on (nor by --calibrate, which leaves them out): vigenere (a Vigenère key of 5–12 letters) and foreign (another language\'s passage)',
    parse: count('null-substitution'),
  },
  langs: {
    arg: 'LIST',
    env: 'BENCH_LANGS',
    default: LANGUAGES.join(','),
    help: 'languages',
    parse: (v: string): Language[] => list(v).map((l) => (isLanguage(l) ? l : fail(`unknown language "${l}"`))),
  },
  split: {
    arg: 'NAME',
    env: 'BENCH_SPLIT',
    default: 'validation',
    help: 'the part of the split to read (scripts/corpus/split.ts): validation (as often as you like), dev (then set CIPHER_MODEL_DIR=.dev-models, models that never counted it, from npm run build:dev-models), or final (only through npm run bench:final -- --issue N, once per issue)',
    parse: (v: string): Split =>
      v === 'validation' || v === 'dev' || v === 'final' ? v : fail(`unknown split "${v}"`),
  },
  sources: {
    arg: 'LIST',
    env: 'BENCH_SOURCES',
    default: 'base',
    help: 'corpus sources or genres the snippets come from, comma-separated, or "all": base (the base corpus, as every published figure), narrative, bible, technical, quotations, game, or source ids such as kjv,web (the corpus folder\'s manifest.json; docs/corpus.md)',
    parse: (v: string): string => (list(v).length ? list(v).join(',') : fail('--sources wants at least one name')),
  },
  skip: {
    arg: 'LIST',
    env: 'BENCH_SKIP',
    default: '',
    help: `sections to leave out: ${SECTIONS.join(', ')} (long keys and speed run on spaced text only; substitution once, in its own presentations)`,
    parse: (v: string): Set<Section> =>
      new Set(
        list(v).map((s) =>
          (SECTIONS as readonly string[]).includes(s) ? (s as Section) : fail(`unknown section "${s}"`),
        ),
      ),
  },
  umlauts: {
    arg: 'HOW',
    env: 'BENCH_UMLAUTS',
    default: 'strip',
    help: 'how folding writes ä ö ü: strip (ä → A, as Unicode decomposition) or e (ä → AE, as German puzzles often do)',
    parse: (v: string): 'strip' | 'e' => (v === 'strip' || v === 'e' ? v : fail(`--umlauts is strip or e, not "${v}"`)),
  },
  wrap: {
    arg: 'N',
    env: 'BENCH_WRAP',
    default: '0',
    help: 'groups5: a line break after every N groups (0: one line)',
    parse: count('wrap'),
  },
  misses: {
    arg: 'N',
    env: 'BENCH_MISSES',
    default: '0',
    help: 'print the first N misses of every cell, and the first N null inputs of every kind answered with confidence ≥ 0.5',
    parse: count('misses'),
  },
  diag: {
    env: 'BENCH_DIAG',
    default: '',
    help: 'print every Vigenère miss with the score of the true key and of the returned one (SEARCH when the truth scores higher, MODEL when the returned key does)',
    parse: switchOn,
  },
  dump: {
    arg: 'FILE',
    env: 'BENCH_DUMP',
    default: '',
    help: 'append every Vigenère analysis (format, cell, raw confidence, evidence against "no answer", right; null-set inputs too) to FILE as a JSON line; with --calibrate, every Caesar solve too (its evidence, layout class, format)',
    parse: (v: string): string | undefined => v || undefined,
  },
  'baseline-ioc': {
    env: 'BENCH_BASELINE_IOC',
    default: '',
    help: 'the Vigenère baselines pick the key length by IoC instead of being told the true one',
    parse: switchOn,
  },
  calibrate: {
    default: '',
    help: 'read the development split and fit the Platt scaling of the Vigenère confidence (on the analyses of the chosen formats), the identify calibration and the substitution "no answer" scaling (unless --skip names them)',
    parse: switchOn,
  },
  help: { default: '', help: 'print this text', parse: switchOn },
} satisfies Record<string, Spec<unknown>>;

type Specs = typeof SPECS;
export type Options = { [K in keyof Specs]: ReturnType<Specs[K]['parse']> };

/** Sections the older environment switches left out (BENCH_SKIP_CAESAR=1 and so on). */
const LEGACY_SKIPS: Record<string, Section> = {
  BENCH_SKIP_CAESAR: 'caesar',
  BENCH_SKIP_VIGENERE: 'vigenere',
  BENCH_SKIP_LONG: 'long',
};

export function helpText(): string {
  const lines = Object.entries(SPECS).map(([name, s]: [string, Spec<unknown>]) => {
    const flag = `--${name}${s.arg ? `=${s.arg}` : ''}`;
    const extra = [s.default && s.arg ? `default ${s.default}` : '', s.env ? `env ${s.env}` : '']
      .filter(Boolean)
      .join('; ');
    const details = (s.details ?? []).map((d) => `\n        ${d}`).join('');
    return `  ${flag}\n      ${s.help}${extra ? ` (${extra})` : ''}${details}`;
  });
  return [
    'Accuracy of the Caesar, Vigenère and substitution solvers on corpus text no model counted (validation by default), beside textbook χ² and quadgram baselines,',
    'in each presentation of the ciphertext, with a null set of inputs that have no answer and the calibration error.',
    '',
    'Usage: npm run bench:accuracy -- [options]     (a flag wins over its environment variable)',
    '',
    ...lines,
    '',
    `Also ${Object.keys(LEGACY_SKIPS).join(', ')}=1 (as --skip), and CIPHER_MODEL_DIR for other models.`,
    'Quick look at every format: npm run bench:accuracy -- --format=all --langs=en --caesar=30 --vigenere=1 \\',
    '  --key-lengths=5,12 --multiples=4 --null-caesar=5 --null-vigenere=1 --skip=long,speed,substitution',
    'Quick look at substitution: npm run bench:accuracy -- --skip=caesar,vigenere,null,identify,long,speed \\',
    '  --substitution=4 --null-substitution=2 --substitution-auto=2',
  ].join('\n');
}

/** The options from the command line, then the environment, then the defaults; throws OptionError. */
export function readOptions(argv: string[], env: NodeJS.ProcessEnv): Options {
  const { values } = parseArgs({
    args: argv,
    options: Object.fromEntries(
      Object.entries(SPECS).map(([name, s]: [string, Spec<unknown>]) => [
        name,
        { type: s.arg ? ('string' as const) : ('boolean' as const) },
      ]),
    ),
    strict: true,
  });
  const out: Record<string, unknown> = {};
  for (const [name, s] of Object.entries(SPECS) as [string, Spec<unknown>][]) {
    const given = values[name];
    const raw = typeof given === 'boolean' ? (given ? '1' : '') : (given ?? (s.env ? env[s.env] : undefined));
    out[name] = s.parse(raw ?? s.default);
  }
  const options = out as Options;
  if (options.split === 'final' && !env[FINAL_ISSUE_ENV])
    fail(
      'the final-test part is read once per issue, through npm run bench:final -- --issue N (docs/final-test-reads.md)',
    );
  for (const [variable, section] of Object.entries(LEGACY_SKIPS)) if (env[variable]) options.skip.add(section);
  return options;
}
