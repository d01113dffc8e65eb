// The languages the solvers can score, each with the named alphabet its letters come from.
import type { NamedAlphabetName } from '../../core/index.js';

export const LANGUAGES = ['en', 'pl', 'de', 'es', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_INFO: Record<Language, { name: string; alphabet: NamedAlphabetName }> = {
  en: { name: 'English', alphabet: 'basic' },
  pl: { name: 'Polish', alphabet: 'polish' },
  de: { name: 'German', alphabet: 'german' },
  es: { name: 'Spanish', alphabet: 'spanish' },
  fr: { name: 'French', alphabet: 'french' },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
