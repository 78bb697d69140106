import type { Plugin } from 'vite';
import { buildBasemap } from './build.js';

/**
 * Makes sure the offline basemap exists before a renderer build or dev server starts (every `vite build` of the
 * renderer: `npm run build:renderer`, `npm run build`, the benchmarks): cut once, then reused while its inputs are
 * unchanged (build.ts). Vite copies it from `renderer/public/basemap` into the build.
 */
export function basemapPlugin(root: string): Plugin {
  return {
    name: 'gridscope-basemap',
    async buildStart() {
      await buildBasemap(root, { log: (line) => this.info(line) });
    },
  };
}
