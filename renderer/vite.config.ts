import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';

const root = import.meta.dirname;

export default defineConfig({
  root,
  base: './', // same bundle loads from file:// in Electron and from the web host at `/`
  plugins: [react()],
  // The map imports the CommonGrid ISO footprints from data/ (outside root): let the dev server read the repository.
  server: { fs: { allow: [resolve(root, '..')] } },
  build: {
    outDir: resolve(root, 'dist'),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // Before `vendor`: maplibre and the basemap load only with the map page or the mini map (lazy imports).
            { name: 'maplibre', test: /node_modules[\\/]maplibre-gl[\\/]/ },
            { name: 'basemap', test: /node_modules[\\/](topojson-client|us-atlas|world-atlas)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
