// Word lists, word-mark symbols and word-start tables: what the solvers know of a language's words.

export * from './window-patterns.js';
export * from './word-lists.js';
export * from './word-marks.js';
export * from './word-start.js';
