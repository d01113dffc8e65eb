// The pure cipher core: alphabets, code-point text helpers and the three ciphers.
export * from './alphabet.js';
export * from './caesar.js';
export * from './rot13.js';
export * from './shift-each.js';
export * from './substitute.js';
export * from './text.js';
export * from './vigenere.js';
