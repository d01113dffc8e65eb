// How much of each corpus source the models count, per language: a share of its training lines (1 = all,
// the default; 0 = none), chosen on the development split with development models (see docs/corpus.md).
// CORPUS_SHARES (JSON of the same shape, e.g. '{"en":{"kjv":0.5}}') overrides it for such experiments.
import type { Language } from '../../src/analysis/index.js';

type Shares = Partial<Record<Language, Record<string, number>>>;

/**
 * Chosen by `npx tsx scripts/corpus/choose-shares.ts <lang>` (2026-11-25, on the corpus docs/corpus.md lists):
 * greedy on 4 × base + narrative + technical cross-entropy of development lines under models without them,
 * while the base corpus's own development lines stay within 0.001 nats a symbol of the base corpus alone as
 * running text. The comments are those figures, nats a symbol. docs/corpus.md compares a stricter set and
 * says what each costs and gains on held-out text.
 */
const CHOSEN: Shares = {
  // base 1.3369, narrative 1.3579, technical 1.2185
  en: {
    fortunes: 1,
    manpages: 1,
    'libreoffice-help-en-us': 0.25,
    'debian-reference-en': 0.5,
    kjv: 0,
    web: 0,
    widelands: 1,
    'widelands-help': 0.25,
    warzone2100: 0,
    freedroidrpg: 1,
    naev: 1,
  },
  // base 1.3632, narrative 1.5793, technical 1.2206
  pl: {
    'fortunes-pl': 0.75,
    'manpages-pl': 1,
    'libreoffice-help-pl': 0.25,
    widelands: 1,
    'widelands-help': 1,
    warzone2100: 1,
  },
  // base 1.3185, narrative 1.3795, technical 1.3169
  de: {
    'fortunes-de': 0.25,
    'manpages-de': 0,
    'libreoffice-help-de': 0,
    'debian-reference-de': 0.5,
    widelands: 0.5,
    'widelands-help': 0.25,
    warzone2100: 0,
    freedroidrpg: 0.25,
    naev: 0.25,
  },
  // base 1.3384, narrative 1.4147, technical 1.3278
  es: {
    'fortunes-es': 1,
    'manpages-es': 1,
    'libreoffice-help-es': 0,
    'debian-reference-es': 0.5,
    rv1909: 0,
    widelands: 1,
    'widelands-help': 0.75,
    warzone2100: 0.25,
    freedroidrpg: 1,
  },
  // base 1.0669, narrative 1.4484, technical 1.2109
  fr: {
    'manpages-fr': 0.75,
    'libreoffice-help-fr': 0,
    'debian-reference-fr': 0.5,
    widelands: 0.25,
    'widelands-help': 0.5,
    warzone2100: 0.5,
    freedroidrpg: 0.5,
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
