export * from './zones.js';
export * from './grammar.js';
export * from './schema.js';
export * from './period.js';
