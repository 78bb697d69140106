/** Zod schemas of every /v1 resource: the one source of these shapes (CONVENTIONS.md, shared/). */
export * from './common.js';
export * from './dataset.js';
export * from './usage.js';
export * from './updates.js';
export * from './columnValues.js';
export * from './request-params.js';
export * from './constraints.js';
export * from './outages.js';
export * from './exports.js';
export * from './query.js';
