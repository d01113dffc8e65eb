// How Porta and autokey read a column of key letter j: every option the key letter can take decodes the column's
// cipher letters to plain letters (Porta: one of n/2 reciprocal alphabets; autokey: the primer letter, each later
// letter of the column keyed by the plain letter L places before it).

export type TableauVariant = 'porta' | 'autokey';

export interface ColumnCipher {
  variant: TableauVariant;
  /** How many key letters a column can take apart: Porta's pairs (A and B key alike), autokey's n letters. */
  options: number;
  /** The key letter (alphabet index) that stands for option o. */
  keyLetter(o: number): number;
  /** Plain letters of column j (positions j, j + L, …) of the cipher letters `c` under option o. */
  decode(c: ArrayLike<number>, L: number, j: number, o: number): number[];
}

const mod = (x: number, n: number) => ((x % n) + n) % n;

/** Porta's alphabet o (on n = 2h letters): the halves swap, shifted by o; its own inverse. */
function portaMap(o: number, x: number, h: number): number {
  return x < h ? h + ((x + o) % h) : mod(x - h - o, h);
}

export function portaColumns(n: number): ColumnCipher {
  const h = n / 2;
  return {
    variant: 'porta',
    options: h,
    keyLetter: (o) => 2 * o,
    decode: (c, L, j, o) => {
      const out: number[] = [];
      for (let i = j; i < c.length; i += L) out.push(portaMap(o, c[i] as number, h));
      return out;
    },
  };
}

export function autokeyColumns(n: number): ColumnCipher {
  return {
    variant: 'autokey',
    options: n,
    keyLetter: (o) => o,
    decode: (c, L, j, o) => {
      const out: number[] = [];
      let k = o;
      for (let i = j; i < c.length; i += L) {
        const p = mod((c[i] as number) - k, n);
        out.push(p);
        k = p;
      }
      return out;
    },
  };
}
