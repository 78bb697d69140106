// Moved to common/window.ts; this path stays while the map (renderer/src/map) still imports it.
export * from '../common/window.js';
