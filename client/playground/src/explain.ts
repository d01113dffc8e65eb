// "What is this?" in words: each explanation the service weighs, named and explained for a learner.
import type { CipherOutputs } from '@cipher-service/client';

type Explanation = CipherOutputs['analysis']['identify']['best_solution'];

export const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  pl: 'Polish',
  de: 'German',
  es: 'Spanish',
  fr: 'French',
};

const languageName = (code: string) => LANGUAGE_NAMES[code] ?? code;

/** An explanation in a few words, for the chart and the runner-up line. */
export function explanationName(s: Explanation): string {
  const lang = languageName(s.language);
  if (s.cipher === 'plain') return `Plain ${lang} text`;
  if (s.cipher === 'caesar') return `Caesar, shift ${s.shift}${s.shift === 13 ? ' (ROT13)' : ''}, ${lang}`;
  if (s.cipher === 'vigenere') return `Vigenère, key ${s.key}, ${lang}`;
  return 'None of these (unknown)';
}

/** What the verdict means, in words a learner understands. */
export function explanationWhy(s: Explanation): string {
  const lang = languageName(s.language);
  switch (s.cipher) {
    case 'plain':
      return `It is not encrypted: it already reads as ${lang}. Its letters follow one another the way ${lang} letters do, far more closely than any shift or key would make them.`;
    case 'caesar':
      return (
        `Every letter was moved ${s.shift} places along the alphabet: a Caesar cipher${s.shift === 13 ? ', here the famous ROT13' : ''}. ` +
        `Moving each letter back ${s.shift} places gives ${lang} text; no other shift, and no longer key, reads nearly as well.`
      );
    case 'vigenere':
      return (
        `A Vigenère cipher with the key ${s.key}: the key is written again and again under the text, and each letter is ` +
        `shifted by the key letter under it. Undoing those ${[...(s.key ?? '')].length} shifts gives ${lang} text, which a single shift could not.`
      );
    default:
      return (
        'None of the ciphers this service knows explains it credibly. Its letters look like random letters, another ' +
        'cipher (a transposition or a substitution, say), or a language the service does not know.'
      );
  }
}
