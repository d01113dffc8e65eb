// A generated file written anew, or with --check held to what it would be: one rule for every generator script.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Writes `next` to `file` when it differs (printing `updated`), or with --check on the command line exits 1 with
 * `outOfDate` when it would; `next` is computed from the file's current text (empty when there is none).
 */
export async function writeGenerated(
  file: string,
  next: (current: string) => string | Promise<string>,
  messages: { outOfDate: string; updated: string },
): Promise<void> {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const text = await next(current);
  if (text === current) return;
  if (process.argv.includes('--check')) {
    console.error(messages.outOfDate);
    process.exit(1);
  }
  writeFileSync(file, text);
  console.log(messages.updated);
}
