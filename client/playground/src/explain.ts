// "What is this?" in words: each explanation the service weighs, named and explained for a learner. A cipher's own
// explanations come from its module (ciphers/); plain text and "none of these" are the service's, not a cipher's.

import type { Explanation } from './ciphers/cipher.js';
import { CIPHERS } from './ciphers/registry.js';
import { languageName } from './languages.js';

const explained = (s: Explanation) => CIPHERS.find((c) => c.name === s.cipher || c.also?.includes(s.cipher))?.explain;

/** An explanation in a few words, for the chart and the runner-up line. */
export function explanationName(s: Explanation): string {
  const lang = languageName(s.language);
  if (s.cipher === 'plain') return `Plain ${lang} text`;
  const name = explained(s)?.name(s, lang) ?? 'None of these (unknown)';
  // A reading in another alphabet than the one asked for (the language's own, letters beyond A–Z moved too).
  return s.alphabet ? `${name} (${s.alphabet} alphabet)` : name;
}

/** What the verdict means, in words a learner understands. */
export function explanationWhy(s: Explanation): string {
  const lang = languageName(s.language);
  if (s.cipher === 'plain')
    return `It is not encrypted: it already reads as ${lang}. Its letters follow one another the way ${lang} letters do, far more closely than any shift or key would make them.`;
  return (
    explained(s)?.why(s, lang) ??
    'None of the ciphers this service knows explains it credibly. Its letters look like random letters, another ' +
      'cipher (a transposition, say), or a language the service does not know.'
  );
}
