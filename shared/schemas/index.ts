/** Zod schemas of every /v1 resource: the one source of these shapes for server/, electron/ and renderer/. */
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
// Lenient readers of /v1 bodies as received by the client (electron/services); the server uses the strict ones above.
export * from './client.js';
export * from './client-usage.js';
export * from './client-query.js';
export * from './client-column-values.js';
export * from './client-exports.js';
