// Moved to common/WindowFields.tsx; this path stays while the map (renderer/src/map) still imports it.
export * from '../common/WindowFields.js';
