// What every section of the bench shares for one format: the options, the samplers and baselines per language, seeds.
import { LANGUAGES, type Language } from '../../src/analysis/index.js';
import { type Baseline, baseline } from './baselines.js';
import type { Options } from './options.js';
import { type Format, isFolded, type PresentOptions } from './presentations.js';
import { Sampler, type Split } from './samples.js';

export class FormatContext {
  readonly present: PresentOptions;
  private readonly samplers = new Map<Language, Sampler>();

  constructor(
    readonly format: Format,
    readonly options: Options,
  ) {
    this.present = { umlauts: options.umlauts, perLine: options.wrap };
  }

  sampler(language: Language): Sampler {
    const s = this.samplers.get(language) ?? new Sampler(this.format, language, this.split, this.present);
    this.samplers.set(language, s);
    return s;
  }

  /** The textbook baselines' statistics, from training lines folded as this format's plaintexts are. */
  baseline(language: Language): Baseline {
    return baseline(language, this.sampler(language).alphabet, isFolded(this.format) ? this.present : undefined);
  }

  get split(): Split {
    return this.options.calibrate ? 'dev' : this.options.split;
  }
}

/**
 * The seed of one cell: each cell draws from its own, so a run of some cells (or of another format) sees the
 * same texts as a full run. The Vigenère cells keep the seeds they had before formats existed.
 */
export function cellSeed(base: number, language: Language, a: number, b: number): number {
  return base + 1000 * LANGUAGES.indexOf(language) + 16 * a + b;
}
