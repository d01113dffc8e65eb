// Readings of a text: its layout, the ways its letters may be cut into words, and their symbol tokens.
export * from './readings.js';
export * from './tokens.js';
