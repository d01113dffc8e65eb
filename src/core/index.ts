// The pure cipher core: alphabets, code-point text helpers, the kernels and every cipher's transform.
export * from './affine.js';
export * from './alphabet.js';
export * from './atbash.js';
export * from './caesar.js';
export * from './fold.js';
export * from './permute.js';
export * from './rot13.js';
export * from './shift-each.js';
export * from './substitute.js';
export * from './substitution.js';
export * from './text.js';
export * from './vigenere.js';
export * from './vigenere-variants.js';
