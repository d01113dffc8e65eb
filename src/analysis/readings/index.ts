// Readings of a text: its layout, the ways its letters may be cut into words, their symbol tokens, and letters run
// together read with their word breaks summed over.

export * from './hidden-breaks.js';
export * from './readings.js';
export * from './tokens.js';
