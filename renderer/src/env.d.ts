import type { GridscopeWindowApi } from '../../shared/bridge/contract.js';

declare global {
  interface Window {
    gridscope?: GridscopeWindowApi;
  }
}

export {};
