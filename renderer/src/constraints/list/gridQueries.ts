// Moved to common/gridQueries.ts; this path stays while the map (renderer/src/map) still imports it.
export * from '../common/gridQueries.js';
