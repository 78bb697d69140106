import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// `npm run bench -- <name> [args...]` runs bench/<name>.ts with the arguments left in `process.argv`; no name lists them.

const here = path.dirname(fileURLToPath(import.meta.url));

async function available(): Promise<string[]> {
  const files = await readdir(here);
  return files
    .filter((file) => file.endsWith('.ts') && file !== 'run.ts' && !file.endsWith('.test.ts'))
    .map((file) => file.slice(0, -3))
    .sort();
}

const name = process.argv[2];
const names = await available();
if (name === undefined || !names.includes(name)) {
  if (name !== undefined) process.stderr.write(`Unknown benchmark "${name}".\n`);
  process.stdout.write(`usage: npm run bench -- <name>\navailable: ${names.join(', ')}\n`);
  process.exit(name === undefined ? 0 : 2);
}
await import(pathToFileURL(path.join(here, `${name}.ts`)).href);
