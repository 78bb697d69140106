export * from './formats.js';
export * from './columns.js';
export * from './times.js';
export * from './layout.js';
