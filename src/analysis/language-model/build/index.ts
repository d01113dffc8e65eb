// Build time only (scripts/build-models.ts): a model file's tables from its n-gram counts.
export { ngramTables } from './build-tables.js';
