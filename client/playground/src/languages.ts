// The solver languages by code, as the page names them.

export const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  pl: 'Polish',
  de: 'German',
  es: 'Spanish',
  fr: 'French',
};

/** The language's name, or its code when the page does not know it. */
export const languageName = (code: string) => LANGUAGE_NAMES[code] ?? code;
