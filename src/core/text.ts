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
/** Below this many units fromCharCode is cheaper than going through a Buffer. */
const SHORT = 256;

interface BufferLike {
  from(buffer: ArrayBufferLike, offset: number, length: number): { toString(encoding: 'utf16le'): string };
  from(text: string, encoding: 'latin1'): Uint8Array;
  byteLength(text: string, encoding: 'utf8'): number;
  allocUnsafe(size: number): Uint8Array & { toString(encoding: 'latin1', start: number, end: number): string };
}
/**
 * Node's and Bun's Buffer decode UTF-16LE natively and keep lone surrogates (TextDecoder would replace them);
 * the core stays usable where there is no Buffer, or on a big-endian host, through fromCharCode.
 */
const NativeBuffer = (globalThis as { Buffer?: BufferLike }).Buffer;
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const fastDecode = NativeBuffer && LITTLE_ENDIAN ? NativeBuffer : undefined;

/** Builds a string from UTF-16 code units, lone surrogates included. */
export function fromCodeUnits(units: Uint16Array, length: number): string {
  if (length <= SHORT) {
    // Most outputs fill their buffer exactly; a subarray view costs more than the short string itself.
    const view = length === units.length ? units : units.subarray(0, length);
    return String.fromCharCode.apply(null, view as unknown as number[]);
  }
  if (fastDecode) return fastDecode.from(units.buffer, units.byteOffset, length * 2).toString('utf16le');
  if (length <= CHUNK) return String.fromCharCode.apply(null, units.subarray(0, length) as unknown as number[]);
  let out = '';
  for (let i = 0; i < length; i += CHUNK) {
    out += String.fromCharCode.apply(null, units.subarray(i, Math.min(i + CHUNK, length)) as unknown as number[]);
  }
  return out;
}

/** Any UTF-16 unit that Latin-1 cannot hold (surrogates included). */
const BEYOND_LATIN1 = /[\u0100-\uffff]/;

/**
 * The bytes of a text whose every unit is below U+0100, with a writable buffer of the same size, or null when
 * the text has wider units or there is no native Buffer. Both conversions are native copies, and a Latin-1
 * result is a one-byte string, the form V8 and JSC handle fastest.
 */
export function latin1View(text: string): { input: Uint8Array; output: Uint8Array } | null {
  if (!NativeBuffer) return null;
  // Pure ASCII is the common case and the cheapest test on both runtimes (Bun's regex scan is not).
  if (NativeBuffer.byteLength(text, 'utf8') !== text.length && BEYOND_LATIN1.test(text)) return null;
  return { input: NativeBuffer.from(text, 'latin1'), output: NativeBuffer.allocUnsafe(text.length) };
}

/** The first `length` bytes of a latin1View output as a string. */
export function fromLatin1(output: Uint8Array, length: number): string {
  return (output as Uint8Array & { toString(encoding: 'latin1', start: number, end: number): string }).toString(
    'latin1',
    0,
    length,
  );
}
