// The corpus sources: which Debian package gives which language what text, in which format, under which licence.
//
// Only the packages DEVELOPERS.md names ("Training text: what may be used") and other packages of free-licence
// prose from Debian main; never gnome-user-docs, debian-handbook or any wesnoth package (debian.ts refuses them).
import type { Language } from '../../src/analysis/index.js';

type Format = 'fortune' | 'man' | 'html' | 'sword' | 'mo';

/**
 * What kind of text a source is: the bench can measure on one kind of validation line alone. "narrative" is
 * story and dialogue (game campaigns and conversations), "bible" the Bible translations (narrative too, in
 * an older register), "game" a game's descriptions and menus around its story.
 */
type Genre = 'quotations' | 'technical' | 'narrative' | 'bible' | 'game';

export interface Source {
  /** Unique within its language; the manifest and the bench name sources by it. */
  id: string;
  language: Language;
  package: string;
  format: Format;
  genre: Genre;
  /** The licence of the text taken, as the package's copyright file states it (checked by hand). */
  licence: string;
  /** tar wildcards of the paths to unpack (the copyright file always comes too). */
  paths: string[];
  /** Of the unpacked files (paths relative to the package root), those to read. */
  select: (path: string) => boolean;
  /** Gettext catalogues: take the translations (msgstr), or for English the originals (msgid). */
  side?: 'msgid' | 'msgstr';
}

const MAN_DIRS: Record<Language, string> = { en: '', pl: 'pl/', de: 'de/', es: 'es/', fr: 'fr/' };
const LIBREOFFICE: Record<Language, string> = { en: 'en-US', pl: 'pl', de: 'de', es: 'es', fr: 'fr' };

function man(language: Language): Source {
  const pkg = language === 'en' ? 'manpages' : `manpages-${language}`;
  const dir = `usr/share/man/${MAN_DIRS[language]}`;
  return {
    id: pkg,
    language,
    package: pkg,
    format: 'man',
    genre: 'technical',
    licence: language === 'en' ? 'GPL-2+ (some pages BSD, Expat, Linux-man-pages-copyleft)' : 'GPL-3+',
    paths: [`./${dir}man*`],
    select: (p) => p.startsWith(dir) && /\/man\d[^/]*\/[^/]+$/.test(p),
  };
}

function libreofficeHelp(language: Language): Source {
  const tag = LIBREOFFICE[language];
  const pkg = `libreoffice-help-${tag.toLowerCase()}`;
  return {
    id: pkg,
    language,
    package: pkg,
    format: 'html',
    genre: 'technical',
    licence: 'MPL-2.0 (parts Apache-2.0)',
    paths: [`./usr/share/libreoffice/help/${tag}/text/*`],
    select: (p) => p.endsWith('.html'),
  };
}

function debianReference(language: Language): Source {
  const pkg = `debian-reference-${language}`;
  return {
    id: pkg,
    language,
    package: pkg,
    format: 'html',
    genre: 'technical',
    licence: 'GPL-2+',
    paths: [`./usr/share/debian-reference/*.${language}.html`],
    select: (p) => p.endsWith(`.${language}.html`),
  };
}

function fortunes(language: Language, pkg: string, dir: string): Source {
  return {
    id: pkg,
    language,
    package: pkg,
    format: 'fortune',
    genre: 'quotations',
    licence: pkg === 'fortunes' ? 'BSD-3-clause (fortune-mod; see its copyright file)' : 'GPL-2+',
    paths: [`./usr/share/games/fortunes/${dir}*`],
    // The .dat files are indexes; a .u8 file is the UTF-8 twin of the file without it (read instead of it).
    // fortunes-es keeps its offensive section ROT13-encoded under off/: never read.
    select: (p) =>
      p.startsWith(`usr/share/games/fortunes/${dir}`) &&
      !p.endsWith('.dat') &&
      !p.includes('/off/') &&
      !p.endsWith('.u8'),
  };
}

interface Catalogue {
  id: string;
  pkg: string;
  licence: string;
  /** The folder holding <locale>/LC_MESSAGES/*.mo. */
  localeDir: string;
  /** The catalogue files' names. */
  files: RegExp;
  genre?: Genre;
}

/** A game's gettext catalogues of one language (for English the originals of every target language's). */
function catalogue(language: Language, c: Catalogue): Source {
  const locales = language === 'en' ? ['de', 'fr', 'es', 'pl'] : [language];
  return {
    id: c.id,
    language,
    package: c.pkg,
    format: 'mo',
    genre: c.genre ?? 'narrative',
    licence: c.licence,
    paths: [`./${c.localeDir}/${language === 'en' ? '*' : language}/LC_MESSAGES/*.mo`],
    select: (p) => {
      const m = /\/([a-zA-Z_]+)\/LC_MESSAGES\/([^/]+)$/.exec(p);
      return !!m && locales.includes(m[1] as string) && c.files.test(m[2] as string);
    },
    side: language === 'en' ? 'msgid' : 'msgstr',
  };
}

const WIDELANDS_LOCALE = 'usr/share/games/widelands/data/locale';

/** Widelands' campaigns and scenarios: the story, told in messages from its characters. */
const WIDELANDS: Catalogue = {
  id: 'widelands',
  pkg: 'widelands-data',
  licence: 'GPL-2+',
  localeDir: WIDELANDS_LOCALE,
  files: /^(scenario_(atl|bar|emp|fri)\d+\.wmf|mp_scenario_.*|map_.*)\.mo$/,
};

/** Widelands' in-game help on the tribes' buildings, wares and workers: descriptions, not story. */
const WIDELANDS_HELP: Catalogue = {
  id: 'widelands-help',
  pkg: 'widelands-data',
  licence: 'GPL-2+',
  localeDir: WIDELANDS_LOCALE,
  files: /^tribes_encyclopedia\.mo$/,
  genre: 'game',
};

/** Warzone 2100: campaign briefings beside the names and descriptions of units, research and menus. */
const WARZONE: Catalogue = {
  id: 'warzone2100',
  pkg: 'warzone2100-data',
  licence: 'GPL-2+',
  localeDir: 'usr/share/locale',
  files: /^warzone2100\.mo$/,
  genre: 'game',
};

/** FreedroidRPG's dialogues (freedroidrpg-data.mo, the names and descriptions of items, is not read). */
const FREEDROID: Catalogue = {
  id: 'freedroidrpg',
  pkg: 'freedroidrpg-data',
  licence: 'GPL-2+',
  localeDir: 'usr/share/locale',
  files: /^freedroidrpg-dialogs\.mo$/,
};

/** Naev's missions and their dialogue (and the game's messages, most of them too short to keep). */
const NAEV: Catalogue = {
  id: 'naev',
  pkg: 'naev-data',
  licence: 'GPL-3+',
  localeDir: 'usr/share/naev/dat/gettext',
  files: /^naev\.mo$/,
};

function sword(id: string, language: Language, pkg: string, module: string): Source {
  return {
    id,
    language,
    package: pkg,
    format: 'sword',
    genre: 'bible',
    licence: 'public domain',
    paths: [`./usr/share/sword/modules/texts/ztext/${module}/*`],
    select: (p) => p.endsWith('.bzv'),
  };
}

/** Every source, in the order the corpus files hold them (after the base corpus). */
export const SOURCES: readonly Source[] = (['en', 'pl', 'de', 'es', 'fr'] as const).flatMap((language): Source[] => {
  const out: Source[] = [];
  if (language === 'en') out.push(fortunes('en', 'fortunes', ''));
  else if (language !== 'fr') out.push(fortunes(language, `fortunes-${language}`, `${language}/`));
  out.push(man(language), libreofficeHelp(language));
  if (language !== 'pl') out.push(debianReference(language));
  if (language === 'en') {
    out.push(
      sword('kjv', 'en', 'sword-text-kjv', 'engKJV2006eb'),
      sword('web', 'en', 'sword-text-web', 'engWEB2015eb'),
    );
  }
  if (language === 'es') out.push(sword('rv1909', 'es', 'sword-text-sparv', 'spaRV1909eb'));
  out.push(catalogue(language, WIDELANDS), catalogue(language, WIDELANDS_HELP), catalogue(language, WARZONE));
  if (language !== 'pl') out.push(catalogue(language, FREEDROID));
  if (language === 'en' || language === 'de') out.push(catalogue(language, NAEV));
  return out;
});
