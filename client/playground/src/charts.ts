// Inline SVG charts: grouped letter-frequency bars and the IoC per key length, readable by screen readers too.

const esc = (s: unknown) =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const pct = (v: number, digits = 1) => `${(v * 100).toFixed(digits)}%`;

/** A "nice" axis maximum a little above `v`. */
function niceMax(v: number): number {
  if (v <= 0) return 1;
  const exp = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) if (m * exp >= v * 1.05) return m * exp;
  return 10 * exp;
}

/** Every k-th label, so that labels stay at least `minGap` pixels apart however narrow the slots get. */
const labelStep = (slot: number, minGap: number) => Math.max(1, Math.ceil(minGap / slot));

export interface FrequencySeries {
  letters: string[];
  text: number[];
  expected: number[];
  languageName: string;
  /**
   * The pixel width to lay the chart out for (its container's): the bars share it, so the chart shrinks on a phone
   * instead of scrolling sideways, and its labels keep their size. Without it, a wide desktop layout.
   */
  width?: number;
}

/** Two bars per letter: the text (accent) and the language (muted). */
export function frequencyChart({ letters, text, expected, languageName, width: room }: FrequencySeries): string {
  const left = 38;
  const slot = room ? Math.max(4, (room - left - 8) / Math.max(letters.length, 1)) : 24;
  const step = labelStep(slot, 14);
  const bar = slot * 0.36;
  const top = 14;
  const height = 180;
  const width = left + letters.length * slot + 8;
  const max = niceMax(Math.max(...text, ...expected, 0.01));
  const y = (v: number) => top + height - (v / max) * height;
  const ticks = [0, max / 2, max];
  const bars = letters
    .map((letter, i) => {
      const x = left + i * slot + slot * 0.125;
      const t = text[i] ?? 0;
      const e = expected[i] ?? 0;
      const label =
        i % step === 0
          ? `<text class="axis-label" x="${x + bar}" y="${top + height + 16}" text-anchor="middle">${esc(letter)}</text>`
          : '';
      return `<g><title>${esc(letter)}: text ${pct(t)}, ${esc(languageName)} ${pct(e)}</title>
<rect class="bar-expected" x="${x}" y="${y(e)}" width="${bar}" height="${top + height - y(e)}" rx="1.5"/>
<rect class="bar-text" x="${x + bar}" y="${y(t)}" width="${bar}" height="${top + height - y(t)}" rx="1.5"/>
${label}</g>`;
    })
    .join('');
  const grid = ticks
    .map(
      (v) =>
        `<line class="grid" x1="${left}" x2="${width - 4}" y1="${y(v)}" y2="${y(v)}"/><text class="axis-label" x="${left - 6}" y="${y(v) + 4}" text-anchor="end">${+(v * 100).toFixed(1)}%</text>`,
    )
    .join('');
  const top3 = letters
    .map((l, i) => [l, text[i] ?? 0] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([l, v]) => `${l} ${pct(v)}`)
    .join(', ');
  return `<svg class="chart" role="img" viewBox="0 0 ${width} ${top + height + 26}"
 aria-label="Letter frequencies of the text against ${esc(languageName)}. Most frequent in the text: ${esc(top3)}.">
${grid}${bars}</svg>
${legend([
  ['swatch-text', 'This text'],
  ['swatch-expected', `Typical ${languageName}`],
])}`;
}

export interface IocChartData {
  scores: Record<string, number>;
  best: number;
  probable: number[];
  languageIoc: number;
  randomIoc: number;
  languageName: string;
  /** The pixel width to lay the chart out for, as for frequencyChart. */
  width?: number;
}

/** A chart's key: each swatch and its words one unit, so that a narrow screen wraps between entries, never inside. */
function legend(entries: [swatch: string, label: string][]): string {
  const items = entries.map(
    ([swatch, label]) => `<span class="legend-item"><span class="swatch ${swatch}"></span> ${esc(label)}</span>`,
  );
  return `<p class="legend">${items.join(' ')}</p>`;
}

/** One bar per key length tried; reference lines for the language and for random letters. */
export function iocChart(data: IocChartData): string {
  const { scores, best, probable, languageIoc, randomIoc, languageName, width: room } = data;
  const lengths = Object.keys(scores)
    .map(Number)
    .sort((a, b) => a - b);
  const left = 46;
  // On a narrow screen the reference lines are named in the legend, with their values: there is no margin to their
  // right, and a name above the line sits on the bars that rise past it (random letters' line is under most).
  const narrow = room !== undefined && room < 560;
  const right = narrow ? 8 : 110;
  const slot = room
    ? Math.max(3, Math.min(48, (room - left - right) / Math.max(lengths.length, 1)))
    : Math.max(22, Math.min(48, 640 / Math.max(lengths.length, 1)));
  const step = labelStep(slot, 18);
  const top = 16;
  const height = 170;
  const width = left + lengths.length * slot + right;
  const max = niceMax(Math.max(...Object.values(scores), languageIoc, 0.01));
  const y = (v: number) => top + height - (v / max) * height;
  const bars = lengths
    .map((n, i) => {
      const v = scores[String(n)] ?? 0;
      const x = left + i * slot + slot * 0.15;
      const w = slot * 0.7;
      const cls = n === best ? 'bar-best' : probable.includes(n) ? 'bar-probable' : 'bar-plain';
      const label =
        i % step === 0 || n === best
          ? `<text class="axis-label" x="${x + w / 2}" y="${top + height + 16}" text-anchor="middle">${n}</text>`
          : '';
      return `<g><title>Key length ${n}: IoC ${v.toFixed(4)}${n === best ? ' (best)' : ''}</title>
<rect class="${cls}" x="${x}" y="${y(v)}" width="${w}" height="${top + height - y(v)}" rx="2"/>
${label}</g>`;
    })
    .join('');
  const line = (v: number, cls: string, label: string) =>
    `<line class="${cls}" x1="${left}" x2="${left + lengths.length * slot}" y1="${y(v)}" y2="${y(v)}"/>` +
    (narrow
      ? ''
      : `<text class="line-label" x="${left + lengths.length * slot + 6}" y="${y(v) + 4}">${esc(label)}</text>`);
  const value = (v: number) => (narrow ? ` ≈ ${v.toFixed(3)}` : '');
  const ticks = [0, max / 2, max]
    .map(
      (v) =>
        `<line class="grid" x1="${left}" x2="${left + lengths.length * slot}" y1="${y(v)}" y2="${y(v)}"/><text class="axis-label" x="${left - 6}" y="${y(v) + 4}" text-anchor="end">${v.toFixed(3)}</text>`,
    )
    .join('');
  return `<svg class="chart" role="img" viewBox="0 0 ${width} ${top + height + 40}"
 aria-label="Index of coincidence for key lengths ${lengths[0]} to ${lengths.at(-1)}. Highest at length ${best}: ${(scores[String(best)] ?? 0).toFixed(4)}; ${esc(languageName)} text is about ${languageIoc.toFixed(3)}, random letters ${randomIoc.toFixed(3)}.">
${ticks}${bars}${line(languageIoc, 'ref-language', `${languageName} ≈ ${languageIoc.toFixed(3)}`)}${line(randomIoc, 'ref-random', `random ≈ ${randomIoc.toFixed(3)}`)}
<text class="axis-title" x="${left + (lengths.length * slot) / 2}" y="${top + height + 34}" text-anchor="middle">key length</text></svg>
${legend([
  ['swatch-text', 'Best length'],
  ['swatch-probable', 'Other likely lengths'],
  ['swatch-line-language', `Typical ${languageName}${value(languageIoc)}`],
  ['swatch-line-random', `Random letters${value(randomIoc)}`],
])}`;
}

export interface HypothesisBar {
  /** What the explanation is, in words ("Caesar shift 3, English"). */
  label: string;
  probability: number;
  best?: boolean;
}

/**
 * One horizontal bar per explanation, most likely first, named above its bar and its probability written beside it,
 * so that long names fit a phone; a sliver stays visible, so every explanation weighed can be seen.
 */
export function hypothesisChart(bars: HypothesisBar[], room = 640, format: (p: number) => string = pct): string {
  const width = Math.max(240, room);
  const valueWidth = 64;
  const barRoom = width - valueWidth - 4;
  const row = 40;
  const height = bars.length * row + 4;
  const rows = bars
    .map((b, i) => {
      const y = 2 + i * row;
      const w = Math.max(2, b.probability * barRoom);
      return `<g><title>${esc(b.label)}: ${esc(format(b.probability))}</title>
<text class="axis-label" x="0" y="${y + 13}">${esc(b.label)}</text>
<rect class="${b.best ? 'bar-best' : 'bar-plain'}" x="0" y="${y + 19}" width="${w}" height="14" rx="2"/>
<text class="axis-label" x="${w + 6}" y="${y + 31}">${esc(format(b.probability))}</text></g>`;
    })
    .join('');
  const summary = bars.map((b) => `${b.label} ${format(b.probability)}`).join('; ');
  return `<svg class="chart" role="img" viewBox="0 0 ${width} ${height}" aria-label="Explanations weighed, most likely first: ${esc(summary)}.">${rows}</svg>`;
}
