// Caesar's tasks as the worker pool runs them: a bulk solve's items (a shift, or the field that could not be read),
// one language for the batch with auto, its pieces joined as the whole, and the cost model the pool schedules by.
import { describe, expect, it } from 'vitest';
import { caesarTasks } from '../../../src/analysis/caesar/tasks.js';
import { caesarEncrypt, namedAlphabet } from '../../../src/core/index.js';

const basic = namedAlphabet('basic');
const { caesarSolve, caesarBulkLanguage, caesarBulkSolve } = caesarTasks;

describe('caesarBulkSolve', () => {
  const plain = ['the quick brown fox jumps over the lazy dog', 'meet me by the old mill at dawn tomorrow'];
  const texts = [caesarEncrypt(plain[0] as string, 3, basic), '1234 !?', caesarEncrypt(plain[1] as string, 19, basic)];

  it('answers each text with its best shift, and a text it cannot read with its field and why', () => {
    const { language, items } = caesarBulkSolve.run({ spec: {}, texts, language: 'en' });
    expect(language).toBe('en');
    expect(items).toHaveLength(3);
    expect(items[0]).toMatchObject({ shift: 3, text: plain[0] });
    expect(items[2]).toMatchObject({ shift: 19, text: plain[1] });
    expect(items[1]).toEqual({ field: 'text', message: expect.stringMatching(/letter/) });
    for (const i of [0, 2]) {
      const item = items[i] as { confidence: number; noAnswer: number };
      expect(item.confidence).toBeGreaterThan(0.5);
      expect(item.noAnswer).toBeLessThan(0.5);
    }
  });

  it('with auto, names one language for the batch from all its texts together', () => {
    const german = ['der schnelle braune fuchs springt', 'ueber den faulen hund und laeuft weiter'];
    const enciphered = german.map((t, i) => caesarEncrypt(t, 5 + i, basic));
    expect(caesarBulkLanguage.run({ spec: {}, texts: enciphered })).toBe('de');
    const { language, items } = caesarBulkSolve.run({ spec: {}, texts: enciphered, language: 'auto' });
    expect(language).toBe('de');
    expect(items.map((i) => ('shift' in i ? i.shift : -1))).toEqual([5, 6]);
  });

  it('split into pieces and joined, answers as the whole batch does', () => {
    const many = Array.from({ length: 120 }, (_, i) => caesarEncrypt(`${plain[i % 2]} number ${i}`, i % 26, basic));
    const args = { spec: {}, texts: many, language: 'en' as const };
    const pieces = caesarBulkSolve.pieces.split(args);
    expect(pieces.length).toBeGreaterThan(1);
    expect(caesarBulkSolve.pieces.join(pieces.map((p) => caesarBulkSolve.run(p)))).toEqual(caesarBulkSolve.run(args));
  });
});

describe('the cost model (µs of one core, measured by npm run bench:core)', () => {
  it('charges a solve its code units, twice over with auto', () => {
    expect(caesarSolve.cost({ text: 'x'.repeat(100), language: 'en' })).toBe(100);
    expect(caesarSolve.cost({ text: 'x'.repeat(100), language: 'auto' })).toBe(200);
  });

  it('charges a bulk solve 300 more a text, and the language of a batch as one auto solve of the texts joined', () => {
    expect(caesarBulkSolve.cost({ spec: {}, texts: ['abc', 'de'], language: 'pl' })).toBe(3 + 300 + 2 + 300);
    expect(caesarBulkSolve.cost({ spec: {}, texts: ['abc'], language: 'auto' })).toBe(2 * 303);
    expect(caesarBulkLanguage.cost({ texts: ['abc', 'de'] })).toBe(2 * (4 + 3));
  });

  it('solves one text as the solver does', () => {
    const r = caesarSolve.run({ spec: {}, text: caesarEncrypt('a short message for you', 7, basic), language: 'en' });
    expect(r.solutions[0]?.shift).toBe(7);
  });
});
