// Moved to common/DatasetSelect.tsx; this path stays while the map (renderer/src/map) still imports it.
export * from '../common/DatasetSelect.js';
