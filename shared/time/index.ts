export * from './zones.js';
export * from './grammar.js';
export * from './schema.js';
export * from './period.js';
export * from './market.js';
export * from './hourEnding.js';
export * from './peak.js';
export * from './presets.js';
