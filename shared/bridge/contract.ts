export * from './verbs.js';
export * from './inputs.js';
export * from './results.js';
