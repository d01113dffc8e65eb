// The corpus build's de-duplication across the split (blankOverlaps in scripts/corpus/filters.ts), on small hand-made files.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blankOverlaps, OVERLAP } from '../../scripts/corpus/filters.js';
import { PART_RANK, type Part } from '../../scripts/corpus/split.js';

/** A file of (part, line) rows: the lines, and a part function that reads the rows. */
function file(rows: [Part, string][]): { lines: string[]; part: (i: number) => Part } {
  return { lines: rows.map(([, l]) => l), part: (i) => (rows[i] as [Part, string])[0] };
}

/** Runs blankOverlaps on the rows ranked by part: the lines afterwards, and [line, reason] pairs in line order. */
function run(rows: [Part, string][]): { lines: string[]; blanked: [number, string][]; by: number[] } {
  const f = file(rows);
  const all = [...blankOverlaps(f.lines, (i) => PART_RANK[f.part(i)])].sort((x, y) => x[0] - y[0]);
  return { lines: f.lines, blanked: all.map(([i, b]) => [i, b.why]), by: all.map(([, b]) => b.by) };
}

const FOURTEEN = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen';

describe('blankOverlaps: exact copies', () => {
  it('reads case, spacing and punctuation as the same passage, and keeps the copy in the validation part', () => {
    const { lines, blanked } = run([
      ['train', 'Hello,   World! How are you?'],
      ['validation', 'hello world -- how are you'],
      ['train', 'Something else entirely, of course.'],
    ]);
    expect(blanked).toEqual([[0, 'copy']]);
    expect(lines).toEqual(['', 'hello world -- how are you', 'Something else entirely, of course.']);
  });

  it('keeps the first of two training copies', () => {
    expect(
      run([
        ['train', 'Go on.'],
        ['train', 'go  ON!'],
        ['dev', 'Stop.'],
      ]).blanked,
    ).toEqual([[1, 'copy']]);
  });

  it('keeps the final-test copy over a validation copy before it, and over a development one after it', () => {
    const { blanked, by } = run([
      ['validation', 'The cat sat on the mat.'],
      ['final', 'the cat sat on the mat'],
      ['dev', 'THE CAT SAT ON THE MAT!'],
    ]);
    expect(blanked).toEqual([
      [0, 'copy'],
      [2, 'copy'],
    ]);
    expect(by).toEqual([1, 1]);
  });

  it('names the copy that stayed even when a higher copy came after the one first kept', () => {
    expect(
      run([
        ['train', 'Ho ho.'],
        ['dev', 'ho ho'],
        ['final', 'HO HO'],
      ]).by,
    ).toEqual([2, 2]);
  });

  it('tells lines apart by their digits', () => {
    expect(
      run([
        ['train', '7:30, Channel 5: the news'],
        ['final', '7:30, Channel 8: the news'],
      ]).blanked,
    ).toEqual([]);
  });

  it('blanks copies of short lines too (no shingles needed)', () => {
    expect(
      run([
        ['train', 'Yes.'],
        ['final', 'yes'],
      ]).blanked,
    ).toEqual([[0, 'copy']]);
  });
});

describe('blankOverlaps: containment and shared shingles, both ways', () => {
  it('blanks a training line that holds a whole validation line', () => {
    const { blanked } = run([
      ['validation', 'A celebrity is a person who is known for his well-knownness.'],
      ['train', 'A celebrity is a person who is known for his well-knownness. -- Daniel Boorstin, The Image'],
    ]);
    expect(blanked).toEqual([[1, 'overlap']]);
  });

  it('blanks a training line that sits inside a final-test line', () => {
    const { blanked } = run([
      ['train', 'the formally planned products are dogs'],
      ['final', 'All the good computer designs are bootlegged; the formally planned products are dogs!'],
    ]);
    expect(blanked).toEqual([[0, 'overlap']]);
  });

  it('blanks a line holding 4 of a validation line’s 10 shingles (eight words in a row), keeps one holding 2 (six)', () => {
    // The validation line has 14 words, so 10 shingles; each training line has 20 words, 16 shingles.
    const { blanked } = run([
      ['validation', FOURTEEN],
      [
        'train',
        'alpha beta gamma delta epsilon zeta one two three four five six seven eight omega psi chi phi upsilon tau',
      ],
      [
        'train',
        'alpha beta gamma delta epsilon zeta eta theta one two three four five six omega psi chi phi upsilon tau',
      ],
    ]);
    expect(OVERLAP).toBeCloseTo(1 / 3);
    expect(blanked).toEqual([[1, 'overlap']]);
  });

  it('compares lines of under five words as copies only', () => {
    expect(
      run([
        ['final', 'Yes indeed.'],
        ['train', 'Yes indeed, it is so and so on.'],
      ]).blanked,
    ).toEqual([]);
  });

  it('keeps overlapping lines of one part, and a higher part’s line against a lower one', () => {
    expect(
      run([
        ['final', FOURTEEN],
        ['final', `${FOURTEEN} fifteen`],
      ]).blanked,
    ).toEqual([]);
    expect(
      run([
        ['train', FOURTEEN],
        ['validation', `zero ${FOURTEEN}`],
      ]).blanked,
    ).toEqual([[0, 'overlap']]);
  });

  it('settles parts from the top down: a development line blanked for a final line protects nothing', () => {
    const { blanked } = run([
      ['final', 'one two three four five six seven'],
      ['dev', 'one two three four five six seven eight nine ten eleven twelve'],
      ['train', 'six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen'],
    ]);
    // The development line holds the final line (3 of its 3 shingles): blanked. The training line shares 3 of
    // the development line's 8 shingles and none of the final line's: kept.
    expect(blanked).toEqual([[1, 'overlap']]);
  });
});

describe('blankOverlaps: a rank above every part', () => {
  it('removes a passage the tests quote from every part, with the lines that hold it', () => {
    // The build appends the tests' quoted passages ranked above final; here line 3 plays one.
    const lines = [
      'The cat sat on the mat today.',
      'Well: the cat sat on the mat today, said he.',
      'Other words here.',
      'the cat sat on the mat today',
    ];
    const ranks = [PART_RANK.final, PART_RANK.train, PART_RANK.validation, PART_RANK.final + 1];
    const blanked = blankOverlaps(lines, (i) => ranks[i] as number);
    expect([...blanked].sort((x, y) => x[0] - y[0])).toEqual([
      [0, { why: 'copy', by: 3 }],
      [1, { why: 'overlap', by: 3 }],
    ]);
    expect(lines).toEqual(['', '', 'Other words here.', 'the cat sat on the mat today']);
  });
});

describe('blankOverlaps: properties', () => {
  const WORDS = ['a', 'b', 'c', 'd', 'e', 'f'];
  const row = fc.tuple(
    fc.constantFrom<Part>('train', 'dev', 'validation', 'final'),
    fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 12 }).map((w) => w.join(' ')),
  );
  const key = (l: string): string =>
    l
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter(Boolean)
      .join(' ');
  const shingles = (l: string): Set<string> => {
    const w = key(l).split(' ');
    return new Set(w.slice(0, Math.max(0, w.length - 4)).map((_, i) => w.slice(i, i + 5).join(' ')));
  };

  it('leaves no two lines alike, and no lower-part line sharing a third of its shingles with a higher-part one', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 40 }), (rows) => {
        const { lines, blanked } = run(rows);
        const kept = lines.flatMap((l, i) => (l ? [{ l, rank: PART_RANK[(rows[i] as [Part, string])[0]] }] : []));
        const keys = kept.map((k) => key(k.l));
        if (new Set(keys).size !== keys.length) return false;
        for (const x of kept)
          for (const y of kept) {
            if (x.rank >= y.rank) continue;
            const [sx, sy] = [shingles(x.l), shingles(y.l)];
            const shared = [...sx].filter((s) => sy.has(s)).length;
            if (sx.size > 0 && sy.size > 0 && shared >= OVERLAP * Math.min(sx.size, sy.size)) return false;
          }
        // Only blanked lines changed, and each blanked line is empty.
        return rows.every(([, l], i) => (blanked.some(([j]) => j === i) ? lines[i] === '' : lines[i] === l));
      }),
    );
  });
});
