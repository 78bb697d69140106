/** Everything server/, electron/ and renderer/ must agree on. Imports nothing from Node, Electron or the DOM. */
export * from './errors.js';
export * from './schemas/index.js';
export * from './bridge/contract.js';
export * from './time/zones.js';
export * from './time/period.js';
export * from './url.js';
export * from './catalogue.js';
