import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { basemapPlugin } from '../scripts/basemap/vitePlugin.js';

const root = import.meta.dirname;

export default defineConfig({
  root,
  base: './', // same bundle loads from file:// in Electron and from the web host at `/`
  // The basemap's vector tiles are cut into public/basemap before the build (scripts/basemap/, docs/map.md#the-basemap).
  plugins: [react(), basemapPlugin(resolve(root, '..'))],
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
            // Before `vendor`: maplibre loads only with the map page or the mini map (lazy imports).
            { name: 'maplibre', test: /node_modules[\\/]maplibre-gl[\\/]/ },
            // deck.gl (and its luma.gl, math.gl, loaders.gl) and apache-arrow load only with the map page too.
            { name: 'deckgl', test: /node_modules[\\/](@deck\.gl|@luma\.gl|@math\.gl|@loaders\.gl|@probe\.gl|mjolnir\.js)[\\/]/ },
            { name: 'arrow', test: /node_modules[\\/](apache-arrow|flatbuffers)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
