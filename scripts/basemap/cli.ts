import { resolve } from 'node:path';
import { buildBasemap } from './build.js';

// `npm run build:basemap [-- --force]`: cuts the offline basemap into renderer/public/basemap (docs/map.md#the-basemap).
const root = resolve(import.meta.dirname, '../..');
buildBasemap(root, { force: process.argv.includes('--force'), log: (line) => console.log(line) }).catch((error: unknown) => {
  console.error(`basemap: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
