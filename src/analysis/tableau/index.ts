// Porta and autokey, whose key letters do not shift a column alike: searched column by column.
export { analyzeTableau } from './analyze.js';
