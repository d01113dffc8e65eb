// Index of coincidence: how well each key length's columns coincide, and the lengths it ranks first.
import { IOC_SHARE, IOC_SIGNIFICANT, LONGER_KEY_SHARE, TOP_LENGTHS } from './tuning.js';

/**
 * The mean column IoC of every length 1…maxLength, as the answer's `ioc_scores` shows it (six decimals); `ioc`, when
 * the caller has counted them already (coincidences), is not counted again.
 */
export function iocScores(
  letters: Uint16Array,
  n: number,
  maxLength: number,
  ioc: Float64Array = coincidences(letters, n, maxLength),
): Record<string, number> {
  const out: Record<string, number> = {};
  for (let k = 1; k <= maxLength; k++) out[String(k)] = Math.round((ioc[k] as number) * 1e6) / 1e6;
  return out;
}

/** Index of coincidence of every column split, lengths 1…maxLength. */
export function coincidences(letters: Uint16Array, n: number, maxLength: number): Float64Array {
  const out = new Float64Array(maxLength + 1);
  const counts = new Int32Array(maxLength * n);
  for (let k = 1; k <= maxLength; k++) {
    counts.fill(0, 0, k * n);
    let col = 0;
    for (let i = 0; i < letters.length; i++) {
      counts[col * n + (letters[i] as number)]!++;
      col = col + 1 === k ? 0 : col + 1;
    }
    let sum = 0;
    for (let c = 0; c < k; c++) {
      let pairs = 0;
      let size = 0;
      for (let x = c * n; x < (c + 1) * n; x++) {
        const f = counts[x] as number;
        pairs += f * (f - 1);
        size += f;
      }
      sum += size > 1 ? pairs / (size * (size - 1)) : 0;
    }
    out[k] = sum / k;
  }
  return out;
}

/**
 * Key lengths 1…maxLength, most promising first: by how far the columns' coincidence rises above that
 * of random letters, with a mild preference for short keys, since a multiple of the period coincides
 * as well as the period itself.
 */
export function rankLengths(ioc: Float64Array, n: number, maxLength: number): number[] {
  const rank = (k: number): number => ((ioc[k] as number) - 1 / n) / (1 + 0.005 * k);
  return Array.from({ length: maxLength }, (_, i) => i + 1).sort((x, y) => rank(y) - rank(x) || x - y);
}

/** Lengths a long text searches: the best ranked, and those of their divisors that also coincide. */
export function candidateLengths(ranked: number[], ioc: Float64Array, n: number): number[] {
  const excess = (k: number): number => (ioc[k] as number) - 1 / n;
  const chosen = new Set(ranked.slice(0, TOP_LENGTHS));
  for (const k of [...chosen]) {
    if (excess(k) <= 0) continue;
    for (let d = 1; d < k; d++) if (k % d === 0 && excess(d) >= 0.5 * excess(k)) chosen.add(d);
  }
  return [...chosen];
}

/**
 * The period the coincidences show beyond doubt, or undefined. A length is significant when its columns coincide
 * IOC_SIGNIFICANT standard deviations or more above random letters; if one is, the period is the shortest of its
 * divisors whose columns coincide at least IOC_SHARE as far above random as the most significant one's (a period's
 * multiples coincide as well as the period, its divisors less). Divisors only: the most significant length is the
 * period or a multiple of it, and a length that is neither can coincide half as well by chance on a short text
 * (the playground's ORCHID example, 300 letters: 4 beside 6), which then kept 6 out of the search.
 */
export function evidentPeriod(ioc: Float64Array, letters: number, n: number, maxLength: number): number | undefined {
  const best = mostSignificant(ioc, letters, n, maxLength);
  if (best === undefined) return undefined;
  return shortestSharing(ioc, n, best, IOC_SHARE, true);
}

/**
 * The length of 1…longest whose columns coincide the most standard deviations above random letters, if that is
 * IOC_SIGNIFICANT or more; else undefined.
 */
function mostSignificant(ioc: Float64Array, letters: number, n: number, longest: number): number | undefined {
  const random = 1 / n;
  let best = 0;
  let bestZ = Number.NEGATIVE_INFINITY;
  for (let k = 1; k <= longest; k++) {
    // Letter pairs within columns: k columns of about letters / k letters each.
    const m = letters / k;
    const pairs = (k * m * (m - 1)) / 2;
    const z = pairs > 0 ? (((ioc[k] as number) - random) * Math.sqrt(pairs)) / Math.sqrt(random * (1 - random)) : 0;
    if (z > bestZ) {
      bestZ = z;
      best = k;
    }
  }
  return bestZ < IOC_SIGNIFICANT ? undefined : best;
}

/**
 * The shortest length up to `best` (of its divisors only, with `divisors`) whose columns coincide at least `share` as
 * far above random as best's.
 */
function shortestSharing(ioc: Float64Array, n: number, best: number, share: number, divisors = false): number {
  const excess = (ioc[best] as number) - 1 / n;
  for (let k = 1; k <= best; k++) {
    if ((!divisors || best % k === 0) && (ioc[k] as number) - 1 / n >= share * excess) return k;
  }
  return best;
}

/**
 * The key length past maxLength that the coincidences of lengths 1…longest (`ioc` counted that far) show beyond
 * doubt, or undefined: the most significant length must lie past maxLength, and so must the shortest length that
 * coincides LONGER_KEY_SHARE as far above random (tuning.ts), so that no length within the limit explains them.
 */
export function longerPeriod(
  ioc: Float64Array,
  letters: number,
  n: number,
  maxLength: number,
  longest: number,
): number | undefined {
  const best = mostSignificant(ioc, letters, n, longest);
  if (best === undefined || best <= maxLength) return undefined;
  const period = shortestSharing(ioc, n, best, LONGER_KEY_SHARE);
  return period > maxLength ? period : undefined;
}
