import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { BUILT_CHILD_NAME } from './electron/services/embedded/protocol.js';

/**
 * Desktop build (`npm run build`): out/main (ESM: index.js, embeddedChild.js — the entry of the
 * embedded /v1 service's utility process — and the chunks they share), out/preload (CommonJS:
 * sandboxed preloads cannot be ESM, and get their dependencies bundled: they cannot load
 * node_modules), out/renderer. Runtime dependencies stay external to main and are packaged from
 * node_modules (DuckDB's native binding is unpacked from the asar by electron-builder.yml).
 */
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(import.meta.dirname, 'electron/main/index.ts'),
          [BUILT_CHILD_NAME]: resolve(import.meta.dirname, 'electron/services/embedded/child.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload can require only `electron` (and a few Node shims): zod and the contract
      // must be bundled into index.cjs, not left as require("zod") (checked in electron/main/packaging.test.ts).
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
    plugins: [react()],
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      rollupOptions: { input: resolve(import.meta.dirname, 'renderer/index.html') },
    },
  },
});
