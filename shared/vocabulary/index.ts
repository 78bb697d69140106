export * from './formats.js';
export * from './columns.js';
