// The costliest requests one client can make within its allowance (analyses, identify, the largest answers), for the
// latency bench and the cost bench.
import { readFileSync } from 'node:fs';
import { mulberry32 } from '../../scripts/lib/random.js';
import { namedAlphabet, vigenereEncrypt } from '../../src/core/index.js';

export interface HostileRequest {
  name: string;
  path: string;
  body: string;
  /** Served as a chain of small tasks that the fair queue interleaves with others' (a bulk solve). */
  pieces?: true;
}

const wordCache = new Map<string, string[]>();

/** Words of a language from its committed word list (src/analysis/words), most frequent first. */
function words(language: string, count: number): string[] {
  const key = `${language}:${count}`;
  const cached = wordCache.get(key);
  if (cached) return cached;
  const lines = readFileSync(new URL(`../../src/analysis/words/${language}.txt`, import.meta.url), 'utf8').split('\n');
  const list = lines
    .slice(1)
    .map((line) => line.split('\t'))
    .filter((f) => f.length > 1 && /^\p{L}+$/u.test(f[0] ?? ''))
    .sort((x, y) => Number(y[1]) - Number(x[1]))
    .slice(0, count)
    .map((f) => f[0] as string);
  wordCache.set(key, list);
  return list;
}

/** Random words until the text has `letters` letters: reads like the language to an n-gram model, yet says nothing. */
function randomWords(language: string, letters: number, seed: number): string {
  const pool = words(language, 2000);
  const random = mulberry32(seed);
  const out: string[] = [];
  let n = 0;
  while (n < letters) {
    const word = pool[Math.floor(random() * pool.length)] as string;
    out.push(word);
    n += [...word].length;
  }
  return out.join(' ');
}

/** Uniformly random letters of A–Z. */
function randomLetters(count: number, seed: number): string {
  const random = mulberry32(seed);
  return Array.from({ length: count }, () => String.fromCharCode(65 + Math.floor(random() * 26))).join('');
}

const EMOJI = Array.from({ length: 256 }, (_, i) => String.fromCodePoint(0x1f300 + i));

/** The hostile kinds: each as costly as one request can be (issue 14 items 7 and 8). */
export function costliest(): HostileRequest[] {
  const basic = namedAlphabet('basic');
  const polish = namedAlphabet('polish');
  const analyze = (text: string, extra: Record<string, unknown>) =>
    JSON.stringify({ text, max_key_length: 100, ...extra });
  const polishWords = vigenereEncrypt(randomWords('pl', 119, 1), 'ZŻÓŁĆ', polish);
  return [
    {
      name: 'analyze 119 Polish letters in random words, max 100',
      path: '/api/v1/vigenere/analyze',
      body: analyze(polishWords, { alphabet: 'polish', language: 'pl' }),
    },
    {
      name: 'analyze 110 English letters in random words, max 100',
      path: '/api/v1/vigenere/analyze',
      body: analyze(vigenereEncrypt(randomWords('en', 110, 2), 'QUARTZ', basic), { language: 'en' }),
    },
    {
      name: 'analyze 1,000 random letters, auto, max 100',
      path: '/api/v1/vigenere/analyze',
      body: analyze(randomLetters(1000, 3), { language: 'auto' }),
    },
    {
      // Letters run together: the climbs under hidden word breaks run too (bench:cost's costliest kind).
      name: 'analyze 400 random letters run together, auto, max 100',
      path: '/api/v1/vigenere/analyze',
      body: analyze(randomLetters(400, 7), { language: 'auto' }),
    },
    {
      name: 'analyze 10,000 letters of random words, auto, max 100',
      path: '/api/v1/vigenere/analyze',
      body: analyze(vigenereEncrypt(randomWords('de', 10_000, 4), 'KEY', basic), { language: 'auto' }),
    },
    {
      name: 'identify 40 random letters, auto, max 100',
      path: '/api/v1/identify',
      body: JSON.stringify({ text: randomLetters(40, 5), language: 'auto', max_key_length: 100 }),
    },
    {
      name: 'identify 1,000 random letters, auto, max 100',
      path: '/api/v1/identify',
      body: JSON.stringify({ text: randomLetters(1000, 6), language: 'auto', max_key_length: 100 }),
    },
    {
      name: 'caesar/solve 100,000 astral letters over 256',
      path: '/api/v1/caesar/solve',
      body: JSON.stringify({
        text: Array.from({ length: 100_000 }, (_, i) => EMOJI[(i * 31) % 256]).join(''),
        alphabet: 'custom',
        custom_alphabet: EMOJI.join(''),
      }),
    },
    {
      name: 'caesar/bulk solve of 1,000 texts, auto',
      path: '/api/v1/caesar/bulk',
      pieces: true,
      body: JSON.stringify({
        method: 'solve',
        language: 'auto',
        items: Array.from({ length: 1000 }, (_, i) => ({ text: randomWords('fr', 400, 100 + i) })),
      }),
    },
  ];
}
