// How much of each corpus source the models count, per language: a share of its training lines (1 = all,
// the default; 0 = none), chosen on the development split with development models (see docs/corpus.md).
// CORPUS_SHARES (JSON of the same shape, e.g. '{"en":{"kjv":0.5}}') overrides it for such experiments.
import type { Language } from '../../src/analysis/index.js';

type Shares = Partial<Record<Language, Record<string, number>>>;

/**
 * Chosen by `npx tsx scripts/corpus/choose-shares.ts <lang>` on the block split's development part (run 2026-11-28,
 * applied with the models' rebuild; the set of 2026-11-25 was chosen on the `i % 10` split's development lines):
 * greedy on 4 × base + narrative + technical cross-entropy of development lines under models without them,
 * while the base corpus's own development lines stay within 0.001 nats a symbol of the base corpus alone as
 * running text. docs/corpus.md gives the figures, compares a stricter set and says what each costs and gains.
 */
const CHOSEN: Shares = {
  en: {
    fortunes: 1,
    manpages: 1,
    'libreoffice-help-en-us': 0.25,
    'debian-reference-en': 0.5,
    kjv: 0,
    web: 0,
    widelands: 1,
    'widelands-help': 0,
    warzone2100: 0.25,
    freedroidrpg: 1,
    naev: 1,
  },
  pl: {
    'fortunes-pl': 1,
    'manpages-pl': 1,
    'libreoffice-help-pl': 0.25,
    widelands: 1,
    'widelands-help': 1,
    warzone2100: 0.25,
  },
  de: {
    'fortunes-de': 1,
    'manpages-de': 0.5,
    'libreoffice-help-de': 0.25,
    'debian-reference-de': 0.25,
    widelands: 1,
    'widelands-help': 0,
    warzone2100: 0,
    freedroidrpg: 1,
    naev: 1,
  },
  es: {
    'fortunes-es': 1,
    'manpages-es': 1,
    'libreoffice-help-es': 0.25,
    'debian-reference-es': 0.25,
    rv1909: 0,
    widelands: 1,
    'widelands-help': 0.25,
    warzone2100: 0,
    freedroidrpg: 1,
  },
  fr: {
    'manpages-fr': 1,
    'libreoffice-help-fr': 0.25,
    'debian-reference-fr': 0.5,
    widelands: 1,
    'widelands-help': 0.75,
    warzone2100: 0,
    freedroidrpg: 1,
  },
};

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
