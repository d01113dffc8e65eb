// Text helpers that count and cut by Unicode code points rather than UTF-16 units.

/** Number of code points (a lone surrogate counts as one). */
export function codePointLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** The first `count` code points of s. */
export function codePointPrefix(s: string, count: number): string {
  let n = 0;
  let i = 0;
  while (i < s.length && n < count) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    i++;
    n++;
  }
  return s.slice(0, i);
}

const CHUNK = 8192;

/** Builds a string from UTF-16 code units; fromCharCode keeps lone surrogates, unlike TextDecoder. */
export function fromCodeUnits(units: Uint16Array, length: number): string {
  if (length <= CHUNK) return String.fromCharCode.apply(null, units.subarray(0, length) as unknown as number[]);
  let out = '';
  for (let i = 0; i < length; i += CHUNK) {
    out += String.fromCharCode.apply(null, units.subarray(i, Math.min(i + CHUNK, length)) as unknown as number[]);
  }
  return out;
}
