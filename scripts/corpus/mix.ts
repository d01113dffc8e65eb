// How much of each corpus source the models count, per language: a share of its training lines (1 = all,
// the default; 0 = none), chosen on the development split with development models (see docs/corpus.md).
// CORPUS_SHARES (JSON of the same shape, e.g. '{"en":{"kjv":0.5}}') overrides it for such experiments.
import type { Language } from '../../src/analysis/languages.js';

type Shares = Partial<Record<Language, Record<string, number>>>;

const CHOSEN: Shares = {};

function withOverride(chosen: Shares): Shares {
  const raw = process.env.CORPUS_SHARES;
  if (!raw) return chosen;
  const override = JSON.parse(raw) as Shares;
  const out: Shares = { ...chosen };
  for (const [language, shares] of Object.entries(override) as [Language, Record<string, number>][])
    out[language] = { ...chosen[language], ...shares };
  return out;
}

export const SOURCE_SHARES: Shares = withOverride(CHOSEN);
