export * from './verbs.js';
export * from './inputs.js';
export * from './table.js';
export * from './results.js';
export * from './workspace.js';
export * from './grid.js';
export * from './binding.js';
export * from './downloads.js';
