import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { BUILT_CHILD_NAME } from './shared/embedded/protocol.js';
import { basemapPlugin } from './scripts/basemap/vitePlugin.js';

// out/main also holds embeddedChild.js, the embedded /v1 service's process (server/embeddedChild.ts); main's dependencies
// stay in node_modules.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(import.meta.dirname, 'electron/main/index.ts'),
          [BUILT_CHILD_NAME]: resolve(import.meta.dirname, 'server/embeddedChild.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload can require only `electron`: zod and the contract are bundled (electron/main/packaging.test.ts).
      externalizeDeps: false,
      rollupOptions: {
        input: resolve(import.meta.dirname, 'electron/preload/index.ts'),
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'renderer'),
    base: './',
    plugins: [react(), basemapPlugin(import.meta.dirname)],
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      rollupOptions: { input: resolve(import.meta.dirname, 'renderer/index.html') },
    },
  },
});
