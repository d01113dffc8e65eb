// The Caesar solver: every shift's posterior under a language model, beside "no answer".
export * from './solve.js';
