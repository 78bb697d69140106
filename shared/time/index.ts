/** Time helpers shared by server/, electron/ and renderer/: zone rules, the time grammar, the usage period. Pure: no Node, no DOM. */
export * from './zones.js';
export * from './grammar.js';
export * from './schema.js';
export * from './period.js';
