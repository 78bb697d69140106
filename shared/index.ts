/** What server/, electron/ and renderer/ share; nothing here may import Node, Electron or the DOM. */
export * from './errors.js';
export * from './schemas/index.js';
export * from './bridge/contract.js';
export * from './time/index.js';
export * from './url.js';
export * from './catalogue.js';
export * from './vocabulary/index.js';
