// Readers of the formats the corpus sources come in, each turning a file into passages of running text:
// fortune files, man pages (roff, through groff), HTML, gettext catalogues (.mo) and SWORD zText modules.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, inflateSync } from 'node:zlib';

/** A passage; `slot` names its place in a work shared by several sources (a Bible chapter, "Gen.1"). */
export interface Passage {
  text: string;
  slot?: string;
}

/** UTF-8 when the bytes are valid UTF-8, else Latin-1 (older fortune and man-page files). */
function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

/**
 * Fortune cookies: the file's entries between lines holding only "%", each entry's lines joined by spaces.
 * A closing attribution ("-- Mark Twain", "— Kant") is dropped: it is a name, not the passage.
 */
export function fortunePassages(file: string): Passage[] {
  const text = decodeText(readFileSync(file)).replace(/\r\n?/g, '\n');
  return text.split(/^%%?\s*$/m).map((entry) => {
    const lines = entry.split('\n').filter((l) => l.trim() !== '');
    while (lines.length > 1 && /^\s*(--|—|―|- )/.test(lines.at(-1) as string)) lines.pop();
    return { text: lines.map((l) => l.trim()).join(' ') };
  });
}

/**
 * A man page's paragraphs: groff renders the roff (man or mdoc macros) to plain UTF-8 text with one
 * paragraph a line (a very long line length, no hyphenation, no bold or underline), and every run of
 * lines at one indentation between blank lines is joined into a passage. Section headings and the page's
 * header and footer come out as short lines that the prose filter drops.
 */
export function manPassages(file: string): Passage[] {
  let roff = file.endsWith('.gz') ? gunzipSync(readFileSync(file)) : readFileSync(file);
  // A page that only sources another (".so man3/x.3") repeats that page.
  if (/^\.so\s/.test(roff.toString('latin1').trimStart())) return [];
  // groff reads its input as Latin-1 unless told; preconv (-k) converts UTF-8 once the page says so.
  const utf8 = decodeText(roff);
  roff = Buffer.from(`.\\" -*- coding: utf-8 -*-\n${utf8}`, 'utf8');
  let out: string;
  try {
    out = execFileSync('groff', ['-k', '-Tutf8', '-man', '-rLL=4000n', '-rHY=0', '-rcR=1', '-P-cbou', '-Wall', '-E'], {
      input: roff,
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch {
    return [];
  }
  // A passage is a run of lines at one indentation: a heading (at the margin) or an option's tag (indented
  // less than its description) is not part of the paragraph beside it.
  const passages: Passage[] = [];
  let run: string[] = [];
  let indent = -1;
  for (const line of out.split('\n')) {
    const at = line.search(/\S/);
    if (at < 0 || at !== indent) {
      if (run.length) passages.push({ text: run.join(' ') });
      run = [];
    }
    indent = at;
    if (at >= 0) run.push(line.trim());
  }
  if (run.length) passages.push({ text: run.join(' ') });
  return passages;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', shy: '' };

/** Decodes the HTML character references of a text (named ones beyond the common few are kept as written). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const cp = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(cp) && cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Elements whose content is never prose: dropped whole. */
const DROPPED = /<(script|style|head|pre|noscript|nav|aside|header|footer|button|select|textarea)\b[\s\S]*?<\/\1\s*>/gi;
/** Elements that end a passage where they open or close. */
const BLOCK =
  /<\/?(p|div|li|ul|ol|dl|dd|dt|td|th|tr|table|h[1-6]|br|hr|blockquote|section|article|title|caption|figure|img)\b[^>]*>/gi;

/** An HTML file's passages: the text between block-level tags, tags removed and entities decoded. */
export function htmlPassages(file: string): Passage[] {
  const html = readFileSync(file, 'utf8');
  const body = /<body\b[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  return body
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(DROPPED, '\n\n')
    .replace(BLOCK, '\n\n')
    .replace(/<[^>]*>/g, '')
    .split(/\n\s*\n/)
    .map((block) => ({ text: decodeEntities(block).replace(/\s+/g, ' ') }));
}

/**
 * The entries of a gettext catalogue (.mo): original and translation of each message, the header entry
 * left out. A message's context (before \u0004) is dropped; of plural forms only the first is kept.
 */
function moEntries(file: string): { id: string; str: string }[] {
  const b = readFileSync(file);
  const magic = b.readUInt32LE(0);
  const le = magic === 0x950412de;
  if (!le && magic !== 0xde120495) throw new Error(`${file} is not a gettext catalogue`);
  const u32 = (o: number): number => (le ? b.readUInt32LE(o) : b.readUInt32BE(o));
  const n = u32(8);
  const originals = u32(12);
  const translations = u32(16);
  const text = (table: number, i: number): string => {
    const length = u32(table + 8 * i);
    const offset = u32(table + 8 * i + 4);
    return b.toString('utf8', offset, offset + length);
  };
  const out: { id: string; str: string }[] = [];
  for (let i = 0; i < n; i++) {
    const id = (text(originals, i).split('\u0004').at(-1) as string).split('\0')[0] as string;
    if (id === '') continue;
    out.push({ id, str: text(translations, i).split('\0')[0] as string });
  }
  return out;
}

/** Naev's colour codes: the bell character and one character naming the colour. */
const BEL = String.fromCharCode(7);

/** A format directive of a message (printf's %s, %1$d, %%; Boost's %1%; {name}; $name): text to be filled in. */
const PLACEHOLDER = /%(\d+\$)?[-+#0]*\d*(\.\d+)?[sdiufcxXeEgGlp]|%\d+%|\{\{?[\w.]+\}\}?|\$\{?[A-Za-z_]\w*\}?/;

/**
 * A catalogue's messages as passages: each message's paragraphs (split at blank lines and indented line
 * starts), with game markup removed (naev's \a colour codes, [b]…[/b] tags, <…> rich text, entities). A
 * paragraph with a placeholder is dropped: filled in, it would read as something else.
 */
export function moPassages(file: string, side: 'msgid' | 'msgstr'): Passage[] {
  const out: Passage[] = [];
  for (const entry of moEntries(file)) {
    const message = side === 'msgid' ? entry.id : entry.str;
    for (const paragraph of message.split(/\n\s*\n|\n(?=[ \t]{2,})/)) {
      if (PLACEHOLDER.test(paragraph)) continue;
      const text = decodeEntities(
        paragraph
          .split(BEL)
          .map((part, k) => (k === 0 ? part : part.slice(1)))
          .join('')
          .replace(/\[\/?[a-z]+(=[^\]]*)?\]/gi, '')
          .replace(/<[^>]*>/g, ' '),
      );
      out.push({ text });
    }
  }
  return out;
}

/**
 * The verses of a SWORD zText module, grouped into one passage per chapter (slot "Gen.1", as the module's
 * OSIS markup names it). The module is a verse index (.bzv: block, offset, size per verse slot), a block
 * index (.bzs: offset, compressed and uncompressed size) and zlib-compressed blocks (.bzz), one set per
 * testament. The OSIS markup is stripped, notes and titles with their content; text before a module's
 * first chapter (prefaces, book introductions) is left out.
 */
export function swordPassages(moduleDir: string): Passage[] {
  const chapters = new Map<string, string[]>();
  let chapter: string | null = null;
  for (const testament of ['ot', 'nt']) {
    if (!existsSync(join(moduleDir, `${testament}.bzv`))) continue;
    const bzv = readFileSync(join(moduleDir, `${testament}.bzv`));
    const bzs = readFileSync(join(moduleDir, `${testament}.bzs`));
    const bzz = readFileSync(join(moduleDir, `${testament}.bzz`));
    const blocks = new Map<number, Buffer>();
    const block = (k: number): Buffer => {
      let data = blocks.get(k);
      if (!data) {
        data = inflateSync(
          bzz.subarray(bzs.readUInt32LE(12 * k), bzs.readUInt32LE(12 * k) + bzs.readUInt32LE(12 * k + 4)),
        );
        blocks.clear();
        blocks.set(k, data);
      }
      return data;
    };
    for (let v = 0; v + 10 <= bzv.length; v += 10) {
      const size = bzv.readUInt16LE(v + 8);
      if (size === 0) continue;
      const offset = bzv.readUInt32LE(v + 4);
      const osis = block(bzv.readUInt32LE(v)).toString('utf8', offset, offset + size);
      // A chapter opens with a milestone <chapter osisID="Gen.1" …/>; its verses follow in later slots.
      const opened = /<chapter\b(?=[^>]*\bsID=)[^>]*\bosisID="([^"]+)"[^>]*>/.exec(osis);
      if (opened) chapter = opened[1] as string;
      if (!chapter) continue;
      const text = osisText(opened ? osis.slice(osis.indexOf(opened[0]) + opened[0].length) : osis);
      if (!text) continue;
      const verses = chapters.get(chapter) ?? [];
      chapters.set(chapter, verses);
      verses.push(text);
    }
  }
  return [...chapters].map(([slot, verses]) => ({ slot, text: verses.join(' ') }));
}

/** The running text of an OSIS fragment: notes, titles and their content dropped, every other tag removed. */
function osisText(osis: string): string {
  return decodeEntities(
    osis
      .replace(/<(note|title)\b[^>]*\/>/g, '')
      .replace(/<(note|title)\b[^>]*>[\s\S]*?<\/\1>/g, ' ')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/\s+/g, ' ')
    .trim();
}
