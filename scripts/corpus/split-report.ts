// Prints the split's figures per language (scripts/corpus/split-figures.ts): passages, letters, out-of-vocabulary rates, copies of evaluation lines in training.
//
// Usage: npm run report:split [-- --sources=base]   (the corpus folder as scripts/corpus.ts reads it; all sources by default)
import { parseArgs } from 'node:util';
import { LANGUAGES } from '../../src/analysis/index.js';
import { corpusLines, corpusPart, mixFilter, sourceFilter } from '../corpus.js';
import { HELD_OUT } from '../lib/held-out.js';
import { counted, PARTS } from './split.js';
import { copiesOf, splitFigures } from './split-figures.js';

const { values } = parseArgs({ options: { sources: { type: 'string', default: 'all' } } });
console.log(`sources: ${values.sources}`);
console.log('lang | part | passages | letters | OOV % | exact copies in what the shipped models count');
const quoted: string[] = [];
for (const language of LANGUAGES) {
  const part = corpusPart(language);
  const passages = HELD_OUT[language].map((p) => p.text);
  quoted.push(`${language} ${copiesOf(passages, corpusLines(language))} of ${passages.length}`);
  const inMix = mixFilter(language);
  const figures = splitFigures(
    corpusLines(language),
    part,
    (i) => counted(part(i), false) && inMix(i),
    sourceFilter(language, values.sources),
  );
  for (const p of PARTS) {
    const f = figures[p];
    const copies = p === 'train' || p === 'dev' ? '–' : String(f.copiesInTraining);
    console.log(
      `${language} | ${p} | ${f.passages} | ${(f.letters / 1e3).toFixed(0)} k | ${(100 * f.oov).toFixed(2)} | ${copies}`,
    );
  }
}
console.log(
  `passages the tests quote (scripts/lib/held-out.ts) with a copy anywhere in the corpus: ${quoted.join(', ')}`,
);
