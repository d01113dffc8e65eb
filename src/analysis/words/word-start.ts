// How running text begins when a ciphertext is cut from the middle of a passage: the first three symbols after a word break.
import { readFileSync } from 'node:fs';
import { assetUrl, type Language, type LanguageModel, passageSymbols } from '../language-model/index.js';

/**
 * ln P(x₁ x₂ x₃ | the text starts at some word of running text, not at a passage's start): the spaced
 * model's prediction averaged over the contexts words start in. The n-gram model alone pads a text's
 * start with word boundaries, which only the first words of passages (titles, capitals, "The") ever
 * had in training; a ciphertext is as often a piece cut from anywhere.
 */
export interface WordStartTable {
  readonly symbolCount: number;
  /** ln P of the first one, two and three symbols: S, S², S³ entries, read in base S. */
  readonly first: readonly [Float64Array, Float64Array, Float64Array];
}

/** Prior probability that a text begins where a passage begins rather than at a word inside one. */
export const PASSAGE_START = 0.5;

/**
 * P(x₁ x₂ x₃) = Σ over contexts c₁c₂c₃␣ of w · P(x₁ | c₁c₂c₃␣) · P(x₂ | c₂c₃␣x₁) · P(x₃ | c₃␣x₁x₂), the
 * weights w how often each context precedes a word inside the passages. Each factor depends on fewer
 * of the context's symbols than the one before, so the sums fold level by level in O(S⁴) lookups.
 */
export function buildWordStartTable(model: LanguageModel, passages: readonly string[]): Float64Array {
  const ngrams = model.spaced;
  const S = model.symbolCount;
  const B = model.boundary;
  const N = ngrams.order;
  if (N !== 5) throw new Error(`word-start table expects a 5-gram model, not order ${N}`);
  const contexts = new Map<number, number>();
  let total = 0;
  for (const passage of passages) {
    const syms = passageSymbols(passage, model.alphabet);
    let ctx = 0;
    for (let i = 0; i < N - 1; i++) ctx = ctx * S + B;
    for (let j = 0; j < syms.length; j++) {
      // A word inside the passage: the symbol before is a boundary that is not the passage's padding.
      if (j > 0 && syms[j - 1] === B) {
        contexts.set(ctx, (contexts.get(ctx) ?? 0) + 1);
        total++;
      }
      ctx = (ctx * S + (syms[j] as number)) % ngrams.contexts;
    }
  }
  // Level 1, grouped by (c₂, c₃): what the second symbol's context keeps of the first.
  const one = new Float64Array(S * S * S);
  for (const [ctx, n] of contexts) {
    const c23 = Math.floor(ctx / S) % (S * S);
    for (let x1 = 0; x1 < S; x1++) one[c23 * S + x1]! += (n / total) * Math.exp(ngrams.logProb(ctx, x1));
  }
  // Level 2, grouped by c₃.
  const two = new Float64Array(S * S * S);
  for (let c23 = 0; c23 < S * S; c23++) {
    const c2 = Math.floor(c23 / S);
    const c3 = c23 % S;
    for (let x1 = 0; x1 < S; x1++) {
      const w = one[c23 * S + x1] as number;
      if (w === 0) continue;
      const ctx = ((c2 * S + c3) * S + B) * S + x1;
      for (let x2 = 0; x2 < S; x2++) two[(c3 * S + x1) * S + x2]! += w * Math.exp(ngrams.logProb(ctx, x2));
    }
  }
  const three = new Float64Array(S * S * S);
  for (let c3 = 0; c3 < S; c3++) {
    for (let x12 = 0; x12 < S * S; x12++) {
      const w = two[c3 * S * S + x12] as number;
      if (w === 0) continue;
      const ctx = ((c3 * S + B) * S + Math.floor(x12 / S)) * S + (x12 % S);
      for (let x3 = 0; x3 < S; x3++) three[x12 * S + x3]! += w * Math.exp(ngrams.logProb(ctx, x3));
    }
  }
  return three;
}

/** Shortens a table of P(x₁…x_k) to P(x₁…x_{k−1}) by summing out the last symbol. */
function marginal(p: Float64Array, S: number): Float64Array {
  const out = new Float64Array(p.length / S);
  for (let i = 0; i < p.length; i++) out[Math.floor(i / S)]! += p[i] as number;
  return out;
}

/** The table from the bytes scripts/build-start-tables.ts writes: S³ float32 probabilities, little-endian. */
export function readWordStartTable(bytes: Uint8Array, symbolCount: number): WordStartTable {
  const S = symbolCount;
  if (bytes.byteLength !== 4 * S ** 3) throw new Error(`word-start table: ${bytes.byteLength} bytes for ${S} symbols`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const p3 = new Float64Array(S ** 3);
  for (let i = 0; i < p3.length; i++) p3[i] = view.getFloat32(4 * i, true);
  const p2 = marginal(p3, S);
  const p1 = marginal(p2, S);
  return { symbolCount: S, first: [p1.map(Math.log), p2.map(Math.log), p3.map(Math.log)] };
}

const cache = new Map<Language, WordStartTable>();

/** The table of a language, read on first use from src/analysis/start/<lang>.bin. */
export function getWordStartTable(language: Language, model: LanguageModel): WordStartTable {
  let table = cache.get(language);
  if (!table) {
    const bytes = readFileSync(assetUrl('start', `${language}.bin`));
    table = readWordStartTable(bytes, model.symbolCount);
    cache.set(language, table);
  }
  return table;
}
