// Writes README's configuration table from the settings' one declaration (src/http/config.ts, SETTINGS); with
// --check, exits non-zero when README differs from what it would write (test/http/config.test.ts holds the same).
// Usage: npm run docs:config [-- --check]
import { fileURLToPath } from 'node:url';
import { SETTINGS } from '../src/http/config.js';
import { writeGenerated } from './lib/generated.js';

export const README = fileURLToPath(new URL('../README.md', import.meta.url));

const BEGIN = '<!-- generated:settings (npm run docs:config) -->';
const END = '<!-- /generated:settings -->';

/** Markdown table cells: no pipes of their own. */
const cell = (s: string) => s.replaceAll('|', '\\|');

/** The table: each variable, what it must be, its default, what it does; in SETTINGS's order. */
export function settingsTable(): string {
  const rows = Object.values(SETTINGS).map((s) => {
    const shown = s.shownDefault ?? String(s.default);
    return `| \`${s.env}\` | ${cell(s.type)} | ${cell(shown)} | ${cell(s.meaning)} |`;
  });
  return ['| variable | must be | default | meaning |', '|---|---|---|---|', ...rows].join('\n');
}

/** README with the table between its markers replaced. */
export function withSettingsTable(text: string): string {
  const from = text.indexOf(BEGIN);
  const to = text.indexOf(END);
  if (from < 0 || to < from) throw new Error(`README.md has no ${BEGIN} … ${END} markers`);
  return `${text.slice(0, from + BEGIN.length)}\n${settingsTable()}\n${text.slice(to)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeGenerated(README, withSettingsTable, {
    outOfDate: 'README.md is out of date: run npm run docs:config',
    updated: 'README.md updated',
  });
}
